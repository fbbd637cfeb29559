#!/usr/bin/env python3
"""The wall of sites at scale (issue #25 §4): 1,000 synthetic sites of 50 devices each publish
their snapshots, retained, QoS 1, to a Mosquitto on loopback (paho-mqtt); then one
`netsnap watch --sites` starts against it. Measured:

- start → sites.json lists every site (the issue asks for 30 s);
- one site's change (a new snapshot with a target down, then up again) → the wall shows it,
  several times (the issue asks for 2 s);
- the aggregator's resident memory (VmRSS, sampled every 0.2 s): peak and at the end (the
  issue asks for under 300 MB);
- how many sites' own pages (`sites/<slug>/`) were drawn by the end, beside the wall.

    python3 scripts/bench-sites.py                                   # .build/debug/netsnap
    python3 scripts/bench-sites.py --binary .build-release/release/netsnap --sites 1000 --devices 50

Mosquitto runs with `max_queued_messages 0` (no limit): its default, 1,000, would drop the
retained snapshots a new subscriber is handed beyond the first thousand (see docs/push.md).
Everything stays on 127.0.0.1.
"""
import argparse
import json
import os
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


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def snapshot(index, devices, nas_online, now):
    """A site's schema-1 snapshot: three targets (the NAS as given) and `devices` devices."""
    at = stamp(now)
    targets = [
        {"id": str(uuid.UUID(int=index * 16 + n)), "name": name, "host": f"10.{index % 250}.0.{n + 1}", "protocol": "icmp",
         "isOnline": nas_online if name == "NAS" else True, "currentLatency": 3.5 + n, "lastChecked": at}
        for n, name in enumerate(["Router", "NAS", "Printer"])
    ]
    hosts = [
        {"id": str(uuid.UUID(int=(index << 32) + n)), "ipAddress": f"10.{index % 250}.{n // 250}.{n % 250 + 2}",
         "macAddress": "02:%02x:%02x:%02x:%02x:%02x" % ((index >> 8) & 255, index & 255, 0, n >> 8, n & 255),
         "hostname": f"host-{n}", "deviceType": "unknown", "status": "active" if n % 5 else "idle", "firstSeen": at, "lastSeen": at}
        for n in range(devices)
    ]
    return {"schemaVersion": 1, "generatedAt": at, "source": {"kind": "local", "name": f"Site {index:04d}"},
            "status": {"connectionType": "ethernet", "gatewayIP": f"10.{index % 250}.0.1", "gatewayLatency": 1.5, "updatedAt": at}, "targets": targets, "devices": hosts}


class Broker:
    def __init__(self, folder):
        self.port = free_port()
        config = folder / "mosquitto.conf"
        config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n"
                          "max_queued_messages 0\n")
        mosquitto = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen([mosquitto, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        sys.exit("mosquitto did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def publisher(port):
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-sites", protocol=mqtt.MQTTv311)
    client.max_inflight_messages_set(100)
    client.connect("127.0.0.1", port)
    client.loop_start()
    return client


def publish_all(client, sites, devices, now):
    infos = []
    for index in range(sites):
        node = f"site-{index:04d}"
        payload = json.dumps(snapshot(index, devices, True, now), separators=(",", ":"))
        infos.append(client.publish(f"netsnap/{node}/snapshot", payload, qos=1, retain=True))
        infos.append(client.publish(f"netsnap/{node}/availability", "online", qos=1, retain=True))
    for info in infos:
        info.wait_for_publish(timeout=60)
    return len(payload)


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/netsnap"))
    parser.add_argument("--sites", type=int, default=1000)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--changes", type=int, default=6)
    parser.add_argument("--interval", type=float, default=1, help="the wall's --interval (a change wakes it sooner)")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-sites-"))
    broker = Broker(folder)
    client = publisher(broker.port)
    began = time.monotonic()
    size = publish_all(client, arguments.sites, arguments.devices, datetime.now(timezone.utc))
    print(f"published {arguments.sites} sites × {arguments.devices} devices ({size} bytes each) in "
          f"{time.monotonic() - began:.1f} s", flush=True)
    (folder / "wall.yml").write_text(f"sites:\n  host: 127.0.0.1\n  port: {broker.port}\n  freshnessSeconds: 600\n")
    wall_json = folder / "out" / "sites.json"
    log = open(folder / "wall.log", "ab")
    started = time.monotonic()
    wall = subprocess.Popen([arguments.binary, "watch", "--sites", "--config", str(folder / "wall.yml"), "--output",
                             str(folder / "out"), "--state", str(folder / "state"), "--interval", str(arguments.interval)],
                            stdout=subprocess.DEVNULL, stderr=log)
    peak = [0.0]
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            peak[0] = max(peak[0], rss_megabytes(wall.pid))
            time.sleep(0.2)

    threading.Thread(target=sample, daemon=True).start()
    try:
        all_listed = None
        while time.monotonic() - started < 300 and wall.poll() is None:
            document = read_wall(wall_json)
            if document and document["total"] >= arguments.sites:
                all_listed = time.monotonic() - started
                break
            time.sleep(0.05)
        if all_listed is None:
            sys.exit(f"the wall did not list {arguments.sites} sites within 300 s (see {folder / 'wall.log'})")
        print(f"all {arguments.sites} sites in sites.json after {all_listed:.2f} s; RSS peak so far {peak[0]:.0f} MB", flush=True)
        delays = []
        index = arguments.sites // 2
        node = f"site-{index:04d}"
        for change in range(arguments.changes):
            time.sleep(1.3)  # a change lands anywhere in a cycle
            down = change % 2 == 0
            payload = json.dumps(snapshot(index, arguments.devices, not down, datetime.now(timezone.utc)), separators=(",", ":"))
            sent = time.monotonic()
            client.publish(f"netsnap/{node}/snapshot", payload, qos=1, retain=True).wait_for_publish(timeout=10)
            want = "degraded" if down else "online"
            while time.monotonic() - sent < 60:
                document = read_wall(wall_json)
                entry = next((site for site in (document or {}).get("sites", []) if site["id"] == node), None)
                if entry and entry["state"] == want:
                    break
                time.sleep(0.02)
            delays.append(time.monotonic() - sent)
            print(f"change {change + 1}: {node} {want} on the wall after {delays[-1]:.2f} s", flush=True)
        time.sleep(3)
        final = rss_megabytes(wall.pid)
        # Each site's own pages fill in beside the wall: how many are drawn so far, and how fast.
        running = time.monotonic() - started
        pages = sum(1 for _ in (folder / "out" / "sites").glob("*/index.html"))
        print(json.dumps({
            "sites": arguments.sites, "devicesPerSite": arguments.devices, "binary": arguments.binary, "interval": arguments.interval,
            "allSitesListedSeconds": round(all_listed, 2), "changeShownSeconds": {
                "median": round(statistics.median(delays), 2), "max": round(max(delays), 2)},
            "rssPeakMB": round(peak[0]), "rssFinalMB": round(final),
            "sitePagesDrawn": pages, "sitePagesPerSecond": round(pages / running, 1)}, indent=2))
    finally:
        sampling.set()
        wall.terminate()
        wall.wait(timeout=30)
        client.loop_stop()
        broker.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
