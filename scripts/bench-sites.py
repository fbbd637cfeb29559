#!/usr/bin/env python3
"""The wall at scale (issue #25 §4): N synthetic sites of M devices each through one Mosquitto.

Starts Mosquitto on a free loopback port (its stock limits), publishes with paho-mqtt every
site's schema-1 snapshot (`netsnap sample`, its devices repeated to M with their own ids,
addresses and names) and `online` availability, retained, QoS 1, to netsnap/<id>/snapshot and
netsnap/<id>/availability, then starts `netsnap watch --sites` and measures:
  - the time from the aggregator's start until sites.json lists every site (goal ≤ 30 s);
  - the time from publishing one site's changed snapshot (a target down, then up again) until
    sites.json and sites.html show it (goal ≤ 2 s);
  - the aggregator's resident memory, VmRSS sampled and VmHWM at the end (goal < 300 MB);
  - its CPU time per cycle while it follows the sites (with --churn S, while every other site
    publishes a new snapshot every S seconds, as gathering sites do each cycle), and how many site folders (drawn after
    the wall, within a budget a cycle) it has drawn so far.
Everything lives in a temporary folder, removed at the end (unless --keep).

    python3 scripts/bench-sites.py                        # 1,000 sites × 50 devices
    python3 scripts/bench-sites.py --sites 100 --netsnap .build/debug/netsnap
"""
import argparse
import copy
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone

import paho.mqtt.client as mqtt

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILDS = [ROOT / ".build-release" / "release" / "netsnap", ROOT / ".build" / "release" / "netsnap", ROOT / ".build" / "debug" / "netsnap"]
GOALS = {"allListedSeconds": 30, "changeShownSeconds": 2, "peakRSSMB": 300}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def wait_until(predicate, seconds, what, poll=0.02):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(poll)
    sys.exit(f"bench-sites: timed out after {seconds} s waiting for {what}")


def now_text():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def site_snapshot(sample, number, devices):
    """The sample as site `number`: its own network name, every target up, `devices` devices."""
    snapshot = copy.deepcopy(sample)
    snapshot["generatedAt"] = now_text()
    snapshot["status"]["ssid"] = f"Site {number:04d}"
    for target in snapshot["targets"]:
        target["isOnline"] = True
        target.setdefault("currentLatency", 5)
    originals = sample["devices"]
    snapshot["devices"] = []
    for index in range(devices):
        device = copy.deepcopy(originals[index % len(originals)])
        device["id"] = f"0F2C4D8E-9B1A-4E7F-{number:04X}-{index:012X}"
        device["ipAddress"] = f"10.{number // 256}.{number % 256}.{index + 1}"
        device["macAddress"] = "02:00:%02x:%02x:%02x:%02x" % (number // 256, number % 256, index // 256, index % 256)
        device["customName"] = f"Device {index + 1} of site {number}"
        snapshot["devices"].append(device)
    return snapshot


class Publisher:
    """One paho-mqtt connection that publishes retained QoS 1 messages and waits for their acks."""

    def __init__(self, port, client_id="bench-sites-publisher"):
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
        self.client.max_inflight_messages_set(100)
        self.client.max_queued_messages_set(0)
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def publish(self, messages):
        infos = [self.client.publish(topic, payload, qos=1, retain=True) for topic, payload in messages]
        for info in infos:
            info.wait_for_publish(timeout=60)

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


class Memory(threading.Thread):
    """Samples a process's VmRSS and CPU time until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_rss_kb = 0
        self.running = True

    def field(self, name):
        for line in pathlib.Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self):
        fields = pathlib.Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def run(self):
        while self.running:
            try:
                self.peak_rss_kb = max(self.peak_rss_kb, self.field("VmRSS"))
            except (OSError, ValueError):
                return
            time.sleep(0.05)


class Churn(threading.Thread):
    """Every site but `spared` publishes a new snapshot once every `period` seconds, spread
    evenly, as gathering sites do every cycle."""

    def __init__(self, port, sample, arguments, spared):
        super().__init__(daemon=True)
        self.publisher = Publisher(port, "bench-sites-churn")
        self.sample, self.arguments, self.spared = sample, arguments, spared
        self.running = True
        self.published = 0

    def run(self):
        pause = self.arguments.churn / self.arguments.sites
        while self.running:
            for number in range(1, self.arguments.sites + 1):
                if not self.running:
                    break
                if number != self.spared:
                    snapshot = site_snapshot(self.sample, number, self.arguments.devices)
                    self.publisher.publish([(f"netsnap/site-{number:04d}/snapshot", json.dumps(snapshot))])
                    self.published += 1
                time.sleep(pause)

    def stop(self):
        self.running = False
        self.join(timeout=30)
        self.publisher.close()


def read_json(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def measure_change(publisher, sample, out, number, devices, down):
    """Publishes site `number` with its first target down (or up again); seconds until
    sites.json and sites.html show it."""
    snapshot = site_snapshot(sample, number, devices)
    snapshot["targets"][0]["isOnline"] = not down
    total = len(snapshot["targets"])
    expected = total - 1 if down else total
    site_id = f"site-{number:04d}"
    started = time.monotonic()
    publisher.publish([(f"netsnap/{site_id}/snapshot", json.dumps(snapshot))])

    def shown_in_json():
        document = read_json(out / "sites.json")
        entry = next((s for s in (document or {}).get("sites", []) if s["id"] == site_id), None)
        return entry is not None and entry["targets"]["up"] == expected
    wait_until(shown_in_json, 60, f"{site_id}'s change in sites.json")
    in_json = time.monotonic() - started
    marker = f"{total - 1}/{total} targets up"
    wait_until(lambda: (marker in (out / "sites.html").read_text()) == down, 60, f"{site_id}'s change in sites.html")
    return in_json, time.monotonic() - started


def cycles_per_window(out, memory, seconds):
    """The aggregator's cycles (new sites.json) and CPU time over `seconds`."""
    generated = set()
    cpu_before, until = memory.cpu_seconds(), time.monotonic() + seconds
    while time.monotonic() < until:
        document = read_json(out / "sites.json")
        if document:
            generated.add(document["generatedAt"])
        time.sleep(0.05)
    return len(generated), memory.cpu_seconds() - cpu_before


def run(arguments, folder):
    netsnap = pathlib.Path(arguments.netsnap) if arguments.netsnap else next((b for b in BUILDS if b.exists()), None)
    if netsnap is None or not netsnap.exists():
        sys.exit("bench-sites: no netsnap binary; build one (swift build -c release --product netsnap --scratch-path .build-release)")
    sample = json.loads(subprocess.run([str(netsnap), "sample"], capture_output=True, check=True).stdout)
    port = free_port()
    (folder / "mosquitto.conf").write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n")
    broker = subprocess.Popen([shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", str(folder / "mosquitto.conf")])
    processes = [broker]
    try:
        wait_until(lambda: listening(port), 10, "mosquitto")
        publisher = Publisher(port)
        started = time.monotonic()
        for first in range(0, arguments.sites, 100):
            batch = []
            for number in range(first + 1, min(first + 100, arguments.sites) + 1):
                payload = json.dumps(site_snapshot(sample, number, arguments.devices))
                batch += [(f"netsnap/site-{number:04d}/snapshot", payload), (f"netsnap/site-{number:04d}/availability", "online")]
            publisher.publish(batch)
        payload_bytes = len(json.dumps(site_snapshot(sample, 1, arguments.devices)))
        published = time.monotonic() - started
        print(f"published {arguments.sites} sites × {arguments.devices} devices ({payload_bytes} bytes each) in {published:.1f} s")

        (folder / "wall.yml").write_text(f"sites:\n  host: 127.0.0.1\n  port: {port}\n")
        out = folder / "out"
        log = open(folder / "wall.log", "ab")
        wall_started = time.monotonic()
        wall = subprocess.Popen(
            [str(netsnap), "watch", "--sites", "--config", str(folder / "wall.yml"), "--output", str(out), "--state", str(folder / "state"),
             "--interval", str(arguments.interval)], stdout=subprocess.DEVNULL, stderr=log)
        processes.append(wall)
        memory = Memory(wall.pid)
        memory.start()
        first_wall = wait_until(lambda: (out / "sites.json").exists() and time.monotonic() - wall_started, 120, "the first sites.json")
        all_listed = wait_until(
            lambda: (d := read_json(out / "sites.json")) and d["total"] == arguments.sites and time.monotonic() - wall_started,
            300, f"all {arguments.sites} sites in sites.json")
        states = {}
        for entry in read_json(out / "sites.json")["sites"]:
            states[entry["state"]] = states.get(entry["state"], 0) + 1
        churn = Churn(port, sample, arguments, arguments.sites // 2) if arguments.churn else None
        if churn:
            churn.start()
        cycles, cpu = cycles_per_window(out, memory, arguments.window)
        changes = [measure_change(publisher, sample, out, arguments.sites // 2, arguments.devices, down) for down in [True, False] * 3]
        if churn:
            churn.stop()
        publisher.close()
        peak_hwm_kb = memory.field("VmHWM")
        # Folders follow the wall within a budget a cycle: how many are drawn so far, and how fast.
        folders = sum(1 for folder in (out / "sites").iterdir() if (folder / "index.html").exists())
        running = time.monotonic() - wall_started
        memory.running = False
        report = {
            "netsnap": str(netsnap.relative_to(ROOT) if netsnap.is_relative_to(ROOT) else netsnap),
            "sites": arguments.sites, "devicesPerSite": arguments.devices, "snapshotBytes": payload_bytes,
            "intervalSeconds": arguments.interval, "churnSeconds": arguments.churn,
            "churnPublished": churn.published if churn else 0,
            "firstWallSeconds": round(first_wall, 2), "allListedSeconds": round(all_listed, 2), "states": states,
            "cyclesInWindow": cycles, "windowSeconds": arguments.window,
            "cpuSecondsPerCycle": round(cpu / cycles, 2) if cycles else None,
            "changeShownSeconds": [round(json_seconds, 2) for json_seconds, _ in changes],
            "changeShownInPageSeconds": [round(page_seconds, 2) for _, page_seconds in changes],
            "foldersDrawn": folders, "foldersPerSecond": round(folders / running, 1),
            "peakRSSMB": round(max(peak_hwm_kb, memory.peak_rss_kb) / 1024, 1),
            "outputMB": round(sum(f.stat().st_size for f in out.rglob("*") if f.is_file()) / 1e6, 1),
        }
        return report
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", type=int, default=1000)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--interval", type=float, default=1, help="the aggregator's --interval (seconds)")
    parser.add_argument("--churn", type=float, default=0,
                        help="while measuring, every other site publishes a new snapshot once in this many seconds (0: never)")
    parser.add_argument("--window", type=float, default=20, help="seconds over which cycles and CPU are counted")
    parser.add_argument("--netsnap", help="the binary (default: a release build if there is one, else the debug build)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and say where")
    arguments = parser.parse_args()
    folder = pathlib.Path(tempfile.mkdtemp(prefix="netsnap-bench-sites."))
    try:
        report = run(arguments, folder)
    finally:
        if arguments.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(report, indent=2))
    worst_change = max(report["changeShownInPageSeconds"])
    measured = {"allListedSeconds": report["allListedSeconds"], "changeShownSeconds": worst_change, "peakRSSMB": report["peakRSSMB"]}
    missed = [f"{name} {value} > {GOALS[name]}" for name, value in measured.items() if value > GOALS[name]]
    print("goals met" if not missed else "goals missed: " + "; ".join(missed))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
