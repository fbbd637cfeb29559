#!/usr/bin/env python3
"""The wall of sites at scale (issues #25 §4 and #35): 1,000 synthetic sites of 50 devices each
publish their snapshots, retained, QoS 1, to a Mosquitto on loopback (paho-mqtt); then one
`netsnap serve --watch --sites` (or `watch --sites` with --watch-only) starts against it. Measured:

- start → sites.json lists every site (the issue asks for 30 s);
- one site's change (a new snapshot with a target down, then up again) → the wall shows it,
  several times (the issue asks for 2 s);
- the aggregator's resident memory (VmRSS, sampled every 0.2 s): peak and at the end (the
  issue asks for under 300 MB);
- how many sites' own pages (`sites/<slug>/`) were drawn by then, beside the wall, and how
  long until every site's were;
- busy: every site publishes a new snapshot every 30 s (spread evenly; its latencies move and
  its times advance, as a gathering site's do) for --busy-minutes; the wall's CPU per minute
  (utime + stime of /proc/PID/stat, all its threads) and its RSS peak (#35 asks for under 10 %
  of one core, 6 s a minute, and under 300 MB);
- a broker restart under the wall: Mosquitto (persistence on, in the bench's folder) stopped
  for --restart-down seconds and started again on the same port. Each site holds a connection
  of its own with a retained last will (`offline`), so Mosquitto publishes a thousand wills as
  it shuts down and keeps them; the sites reconnect within --reconnect-spread seconds, say
  `online` and publish their snapshot again. Counted: the wall's events from the restart in
  its log (`kind=…`) and in feed.json (#35: no site event, one sitesBrokerOutage);
- the wall's tiles on demand (serve only): --tile-requests GETs of
  /tiles/sites/medium.png?scale=2&theme=light, then as many with the parameters the other way
  round, after one small tile (the server's first tile loads the fonts); the first (drawn) and
  the rest (kept per sites.json version) in ms, beside a static file (/live.js) from the
  server's file cache. Sites go on publishing meanwhile, so the wall
  writes a new sites.json about once a second and a kept tile lives that long.

    python3 scripts/bench-sites.py                                   # .build/debug/netsnap
    python3 scripts/bench-sites.py --binary .build-release/release/netsnap --sites 1000 --devices 50 --interval 30

Mosquitto runs with `max_queued_messages 0` (no limit): its default, 1,000, would drop the
retained snapshots a new subscriber is handed beyond the first thousand (see docs/push.md).
Everything stays on 127.0.0.1, and every wait is bounded.
"""
import argparse
import getpass
import http.client
import json
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

import paho.mqtt.client as mqtt

ROOT = Path(__file__).resolve().parent.parent
CLOCK_TICKS = __import__("os").sysconf("SC_CLK_TCK")
SITE_KINDS = {"siteLost", "siteBack", "siteInvalid", "siteDegraded", "siteOffline", "siteRecovered", "siteRemoved"}


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition, seconds, step=0.05):
    """condition()'s first true value within `seconds`, else None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return None


def snapshot(index, devices, nas_online, now, rng=None):
    """A site's schema-1 snapshot: three targets (the NAS as given) and `devices` devices. With
    `rng`, its latencies move a little, as a gathering site's do from one cycle to the next."""
    at = stamp(now)
    jitter = (lambda spread: round(rng.uniform(-spread, spread), 1)) if rng else (lambda spread: 0.0)
    targets = [
        {"id": str(uuid.UUID(int=index * 16 + n)), "name": name, "host": f"10.{index % 250}.0.{n + 1}", "protocol": "icmp",
         "isOnline": nas_online if name == "NAS" else True, "currentLatency": round(3.5 + n + jitter(0.8), 1), "lastChecked": at}
        for n, name in enumerate(["Router", "NAS", "Printer"])
    ]
    hosts = [
        {"id": str(uuid.UUID(int=(index << 32) + n)), "ipAddress": f"10.{index % 250}.{n // 250}.{n % 250 + 2}",
         "macAddress": "02:%02x:%02x:%02x:%02x:%02x" % ((index >> 8) & 255, index & 255, 0, n >> 8, n & 255),
         "hostname": f"host-{n}", "deviceType": "unknown", "status": "active" if n % 5 else "idle", "firstSeen": at, "lastSeen": at}
        for n in range(devices)
    ]
    return {"schemaVersion": 1, "generatedAt": at, "source": {"kind": "local", "name": f"Site {index:04d}"},
            "status": {"connectionType": "ethernet", "gatewayIP": f"10.{index % 250}.0.1", "gatewayLatency": round(1.5 + jitter(0.5), 1),
                       "updatedAt": at}, "targets": targets, "devices": hosts}


def payload(index, devices, rng=None, nas_online=True):
    return json.dumps(snapshot(index, devices, nas_online, datetime.now(timezone.utc), rng), separators=(",", ":"))


def node(index):
    return f"site-{index:04d}"


class Broker:
    """Mosquitto on a free loopback port; with persistence, in `folder`, so a restart keeps
    the retained messages and the wills it published as it shut down."""

    def __init__(self, folder):
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        # As root, Mosquitto would switch to the user `mosquitto`, who may not write here.
        self.config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence true\n"
                               f"persistence_location {folder}/\nautosave_interval 0\nuser {getpass.getuser()}\n"
                               "log_dest none\nmax_queued_messages 0\n")
        self.process = None
        self.start()

    def start(self):
        mosquitto = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen([mosquitto, "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_until(lambda: self.accepts(), 10):
            sys.exit("mosquitto did not start")

    def accepts(self):
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            return True
        except OSError:
            return False

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=60)


def _varint(length):
    out = bytearray()
    while True:
        byte, length = length % 128, length // 128
        out.append(byte | (128 if length else 0))
        if not length:
            return bytes(out)


def _text(data):
    data = data.encode() if isinstance(data, str) else data
    return len(data).to_bytes(2, "big") + data


class Presence:
    """One MQTT connection per site, as each site's own netsnap holds: a CONNECT (3.1.1, no
    keep-alive) with a retained QoS 1 last will `offline` on its availability topic. Raw
    sockets, so a thousand cost no threads; nothing is read back but the CONNACK."""

    def __init__(self, port, sites):
        self.port = port
        self.sites = sites
        self.sockets = {}

    def connect(self, index, announce=None):
        """Connects site `index`; with `announce` (its snapshot), says `online` and publishes
        it again, as a netsnap does after every (re)connection."""
        topic = f"netsnap/{node(index)}/availability"
        body = _text("MQTT") + bytes([4, 0x2E]) + (0).to_bytes(2, "big") + _text(f"bench-{node(index)}") + _text(topic) + _text("offline")
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        connection.sendall(b"\x10" + _varint(len(body)) + body)
        if connection.recv(4)[:1] != b"\x20":
            raise OSError("no CONNACK")
        if announce is not None:
            for name, data in ((topic, b"online"), (f"netsnap/{node(index)}/snapshot", announce.encode())):
                packet = _text(name) + data
                connection.sendall(b"\x31" + _varint(len(packet)) + packet)
        self.sockets[index] = connection

    def connect_all(self):
        for index in range(self.sites):
            self.connect(index)

    def close_all(self):
        for connection in self.sockets.values():
            connection.close()
        self.sockets = {}


def publisher(port):
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-sites", protocol=mqtt.MQTTv311)
    client.max_inflight_messages_set(100)
    client.reconnect_delay_set(min_delay=1, max_delay=2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    return client


def publish_all(client, sites, devices):
    infos = []
    for index in range(sites):
        body = payload(index, devices)
        infos.append(client.publish(f"netsnap/{node(index)}/snapshot", body, qos=1, retain=True))
        infos.append(client.publish(f"netsnap/{node(index)}/availability", "online", qos=1, retain=True))
    for info in infos:
        info.wait_for_publish(timeout=60)
    return len(body)


class Busy(threading.Thread):
    """Every site publishes a new snapshot every `period` seconds, the sites spread evenly over
    it; while the publisher is not connected (a broker restart) a site's turn passes."""

    def __init__(self, client, sites, devices, period):
        super().__init__(daemon=True)
        self.client, self.sites, self.devices, self.period = client, sites, devices, period
        self.done = threading.Event()
        self.published = self.skipped = self.behind = 0
        self.rng = random.Random(35)

    def run(self):
        began = time.monotonic()
        turn = 0
        while not self.done.is_set():
            due = began + turn * self.period / self.sites
            wait = due - time.monotonic()
            if wait > 0:
                self.done.wait(wait)
                continue
            if wait < -1:
                self.behind += 1
            index = turn % self.sites
            if self.client.is_connected():
                self.client.publish(f"netsnap/{node(index)}/snapshot", payload(index, self.devices, self.rng), qos=1, retain=True)
                self.published += 1
            else:
                self.skipped += 1
            turn += 1

    def stop(self):
        self.done.set()
        self.join(timeout=10)


def read_wall(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def rss_megabytes(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid):
    """utime + stime of every thread of `pid`, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class Sampler(threading.Thread):
    """The wall's RSS every 0.2 s: the peak since start and since the last `window()`."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = self.window_peak = 0.0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            rss = rss_megabytes(self.pid)
            self.peak = max(self.peak, rss)
            self.window_peak = max(self.window_peak, rss)
            time.sleep(0.2)

    def window(self):
        peak, self.window_peak = self.window_peak, 0.0
        return peak


def site_pages(out):
    return sum(1 for _ in (out / "sites").glob("*/index.html"))


def measure_changes(client, wall_json, arguments):
    """One site's snapshot changes (NAS down, up, …): seconds until the wall shows each."""
    delays = []
    index = arguments.sites // 2
    for change in range(arguments.changes):
        time.sleep(1.3)  # a change lands anywhere in a cycle
        down = change % 2 == 0
        sent = time.monotonic()
        client.publish(f"netsnap/{node(index)}/snapshot", payload(index, arguments.devices, nas_online=not down), qos=1,
                       retain=True).wait_for_publish(timeout=10)
        want = "degraded" if down else "online"
        while time.monotonic() - sent < 60:
            document = read_wall(wall_json)
            entry = next((site for site in (document or {}).get("sites", []) if site["id"] == node(index)), None)
            if entry and entry["state"] == want:
                break
            time.sleep(0.02)
        delays.append(time.monotonic() - sent)
        print(f"change {change + 1}: {node(index)} {want} on the wall after {delays[-1]:.2f} s", flush=True)
    return delays


def measure_busy(wall, sampler, arguments, folder):
    """The wall's CPU each minute (and RSS peak) while every site publishes every busy period."""
    sampler.window()
    minutes = []
    perf = None
    for minute in range(arguments.busy_minutes):
        before, began = cpu_seconds(wall.pid), time.monotonic()
        if arguments.perf_seconds and minute == min(1, arguments.busy_minutes - 1):
            perf = subprocess.Popen(["perf", "record", "-g", "-p", str(wall.pid), "-o", arguments.perf_output, "--", "sleep",
                                     str(arguments.perf_seconds)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(60)
        used = (cpu_seconds(wall.pid) - before) * 60 / (time.monotonic() - began)
        minutes.append(round(used, 1))
        print(f"busy minute {minute + 1}: the wall used {used:.1f} s of CPU ({used / 60:.0%} of a core), "
              f"RSS {rss_megabytes(wall.pid):.0f} MB, site pages {site_pages(folder / 'out')}", flush=True)
    if perf:
        perf.wait(timeout=arguments.perf_seconds + 60)
    return {"minutes": arguments.busy_minutes, "cpuSecondsPerMinute": minutes,
            "cpuSecondsPerMinuteMean": round(statistics.mean(minutes), 1),
            "coreShareMean": round(statistics.mean(minutes) / 60, 3), "rssPeakMB": round(sampler.window()),
            "perf": arguments.perf_output if perf else None}


def logged_kinds(log, offset):
    with open(log, "rb") as file:
        file.seek(offset)
        return re.findall(r"\bkind=(\w+)", file.read().decode(errors="replace"))


def feed_items(out):
    document = read_wall(out / "feed.json")
    return {item["id"]: item["_netsnap"]["kind"] for item in (document or {}).get("items", [])}


def retained_offline(port, seconds=3):
    """How many availability topics the broker keeps as `offline` (the wills it published)."""
    offline = set()
    probe = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-sites-probe", protocol=mqtt.MQTTv311)
    probe.on_message = lambda c, u, message: offline.add(message.topic) if message.payload == b"offline" else None
    probe.connect("127.0.0.1", port)
    probe.subscribe("netsnap/+/availability", qos=1)
    probe.loop_start()
    time.sleep(seconds)
    probe.loop_stop()
    probe.disconnect()
    return len(offline)


def measure_restart(broker, presence, out, log, arguments):
    """Stops the broker under the wall, starts it again, lets the sites reconnect; the events."""
    wall_json = out / "sites.json"
    offset = log.stat().st_size
    feed_before = feed_items(out)
    stopped = time.monotonic()
    broker.stop()
    presence.close_all()

    def states():
        return {site["state"] for site in (read_wall(wall_json) or {}).get("sites", [])}

    unknown = wait_until(lambda: states() == {"unknown"}, 20)
    unknown_after = time.monotonic() - stopped if unknown else None
    time.sleep(max(0.0, arguments.restart_down - (time.monotonic() - stopped)))
    broker.start()
    restarted = time.monotonic()
    wills = retained_offline(broker.port)
    rng = random.Random(1)
    reconnected = 0
    for index in sorted(range(arguments.sites), key=lambda _: rng.random()):
        # Each site comes back on its own reconnect back-off, spread over --reconnect-spread.
        due = restarted + rng.uniform(0, arguments.reconnect_spread)
        time.sleep(max(0.0, due - time.monotonic()))
        try:
            presence.connect(index, announce=payload(index, arguments.devices, rng))
            reconnected += 1
        except OSError:
            pass
    back = wait_until(lambda: states() and "unknown" not in states(), 120)
    back_after = time.monotonic() - restarted if back else None
    time.sleep(arguments.restart_settle)
    kinds = logged_kinds(log, offset)
    feed_new = [kind for item, kind in feed_items(out).items() if item not in feed_before]
    site_events = sum(1 for kind in kinds if kind in SITE_KINDS)
    return {"brokerDownSeconds": round(restarted - stopped, 1), "allUnknownAfterSeconds": unknown_after and round(unknown_after, 1),
            "willsKeptByBroker": wills, "sitesReconnected": reconnected, "wallBackAfterSeconds": back_after and round(back_after, 1),
            "loggedEvents": {kind: kinds.count(kind) for kind in sorted(set(kinds))}, "siteEventsLogged": site_events,
            "feedItems": {kind: feed_new.count(kind) for kind in sorted(set(feed_new))},
            "siteEventsInFeed": sum(1 for kind in feed_new if kind in SITE_KINDS),
            "statesAtEnd": sorted(states())}


def time_gets(port, path, count, budget=60):
    """Milliseconds of each of `count` GETs of `path` on one keep-alive connection (within `budget` s)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    times = []
    deadline = time.monotonic() + budget
    for _ in range(count):
        if time.monotonic() > deadline:
            break
        began = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - began) * 1000)
        if response.status != 200:
            raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
    connection.close()
    return times


def summary(times):
    rest = sorted(times[1:])
    return {"firstMs": round(times[0], 2), "restMedianMs": round(statistics.median(rest), 2),
            "restP99Ms": round(rest[min(len(rest) - 1, int(len(rest) * 0.99))], 2), "restMaxMs": round(rest[-1], 2), "requests": len(times)}


def measure_tiles(port, count):
    # The server's first tile loads the fonts: a wall tile of another size first, apart.
    figures = {"warmUpSmallMs": round(time_gets(port, "/tiles/sites/small.png", 1)[0], 2)}
    for label, path in (("scaleThenTheme", "/tiles/sites/medium.png?scale=2&theme=light"),
                        ("themeThenScale", "/tiles/sites/medium.png?theme=light&scale=2"),
                        ("staticFileLiveJs", "/live.js")):
        figures[label] = summary(time_gets(port, path, count))
        print(f"GET {path}: {figures[label]}", flush=True)
    return figures


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/netsnap"))
    parser.add_argument("--sites", type=int, default=1000)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--changes", type=int, default=6)
    parser.add_argument("--interval", type=float, default=1, help="the wall's --interval (a change wakes it sooner)")
    parser.add_argument("--discovery", action="store_true", help="the wall announces its sites to Home Assistant (mqtt.discovery)")
    parser.add_argument("--watch-only", action="store_true", help="run `watch --sites`, not `serve --watch --sites` (no tiles)")
    parser.add_argument("--pages-timeout", type=float, default=900, help="seconds to wait for every site's own pages")
    parser.add_argument("--busy-minutes", type=int, default=3, help="minutes of every site publishing every --busy-period (0: none)")
    parser.add_argument("--busy-period", type=float, default=30)
    parser.add_argument("--restart-down", type=float, default=15, help="seconds the broker is down (0: no restart)")
    parser.add_argument("--reconnect-spread", type=float, default=30, help="the sites reconnect within this many seconds")
    parser.add_argument("--restart-settle", type=float, default=30, help="seconds watched after the wall is back")
    parser.add_argument("--tile-requests", type=int, default=200)
    parser.add_argument("--perf-seconds", type=float, default=0, help="perf record -g the wall this long in the busy phase")
    parser.add_argument("--perf-output", default="/tmp/bench-sites.perf.data")
    return parser.parse_args()


def main():
    arguments = parse_arguments()
    folder = Path(tempfile.mkdtemp(prefix="bench-sites-"))
    broker = Broker(folder)
    presence = Presence(broker.port, arguments.sites)
    presence.connect_all()
    client = publisher(broker.port)
    began = time.monotonic()
    size = publish_all(client, arguments.sites, arguments.devices)
    print(f"published {arguments.sites} sites × {arguments.devices} devices ({size} bytes each) in "
          f"{time.monotonic() - began:.1f} s", flush=True)
    config = f"sites:\n  host: 127.0.0.1\n  port: {broker.port}\n  freshnessSeconds: 600\n"
    if arguments.discovery:
        # The wall's own Home Assistant entities, two a site, on the same broker.
        config += f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: wall\n  discovery: true\n"
    (folder / "wall.yml").write_text(config)
    out = folder / "out"
    wall_json = out / "sites.json"
    log_path = folder / "wall.log"
    log = open(log_path, "ab")
    port = None if arguments.watch_only else free_port()
    command = [arguments.binary, "watch", "--sites"] if arguments.watch_only else [
        arguments.binary, "serve", "--watch", "--sites", "--host", "127.0.0.1", "--port", str(port)]
    started = time.monotonic()
    wall = subprocess.Popen(command + ["--config", str(folder / "wall.yml"), "--output", str(out), "--state", str(folder / "state"),
                                       "--interval", str(arguments.interval)], stdout=subprocess.DEVNULL, stderr=log)
    sampler = Sampler(wall.pid)
    sampler.start()
    busy = None
    try:
        document = wait_until(lambda: wall.poll() is None and (d := read_wall(wall_json)) and d["total"] >= arguments.sites and d, 300)
        if not document:
            sys.exit(f"the wall did not list {arguments.sites} sites within 300 s (see {log_path})")
        all_listed = time.monotonic() - started
        print(f"all {arguments.sites} sites in sites.json after {all_listed:.2f} s; RSS peak so far {sampler.peak:.0f} MB", flush=True)
        delays = measure_changes(client, wall_json, arguments)
        time.sleep(3)
        final = rss_megabytes(wall.pid)
        # Each site's own pages fill in beside the wall: how many are drawn so far, and how fast.
        running = time.monotonic() - started
        pages = site_pages(out)
        results = {
            "sites": arguments.sites, "devicesPerSite": arguments.devices, "binary": arguments.binary, "interval": arguments.interval,
            "wall": "watch --sites" if arguments.watch_only else "serve --watch --sites", "discovery": arguments.discovery,
            "allSitesListedSeconds": round(all_listed, 2), "changeShownSeconds": {
                "median": round(statistics.median(delays), 2), "max": round(max(delays), 2)},
            "rssPeakMB": round(sampler.peak), "rssFinalMB": round(final),
            "sitePagesDrawn": pages, "sitePagesPerSecond": round(pages / running, 1)}
        print(json.dumps(results, indent=2), flush=True)
        drawn = wait_until(lambda: site_pages(out) >= arguments.sites, arguments.pages_timeout, step=1)
        results["allSitePagesSeconds"] = round(time.monotonic() - started, 1) if drawn else None
        results["cpuSecondsUntilPagesDrawn"] = round(cpu_seconds(wall.pid), 1)
        print(f"every site's pages drawn after {results['allSitePagesSeconds']} s "
              f"(the wall used {results['cpuSecondsUntilPagesDrawn']} s of CPU so far)", flush=True)
        busy = Busy(client, arguments.sites, arguments.devices, arguments.busy_period)
        busy.start()
        if arguments.busy_minutes:
            results["busy"] = measure_busy(wall, sampler, arguments, folder)
        if arguments.restart_down:
            results["restart"] = measure_restart(broker, presence, out, log_path, arguments)
            print(f"restart: {json.dumps(results['restart'])}", flush=True)
        if port:
            results["tiles"] = measure_tiles(port, arguments.tile_requests)
        busy.stop()
        results["busyPublished"] = {"snapshots": busy.published, "skippedWhileDisconnected": busy.skipped, "lateTurns": busy.behind}
        results["rssPeakMB"] = round(sampler.peak)
        results["cpuSecondsTotal"] = round(cpu_seconds(wall.pid), 1)
        print(json.dumps(results, indent=2))
    finally:
        if busy:
            busy.stop()
        sampler.done.set()
        wall.terminate()
        wall.wait(timeout=30)
        client.loop_stop()
        presence.close_all()
        broker.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
