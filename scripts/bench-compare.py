#!/usr/bin/env python3
"""Two netsnap binaries side by side, interleaved so both see the same load: start-up, a
render of the sample (with and without tiles), a render of a 100,000-device snapshot, one
medium tile. Medians and the ratio new/old; for checking that a change costs no time.

    python3 scripts/bench-compare.py OLD_BINARY NEW_BINARY [--rounds 21]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time


def big_snapshot(path, netsnap, devices=100_000, targets=None):
    """The sample with `devices` synthetic devices and, given `targets`, that many targets
    (every tenth down, with a reason, so the per-target outputs have both kinds)."""
    snapshot = json.loads(subprocess.run([netsnap, "sample"], capture_output=True, check=True).stdout)
    model = snapshot["devices"][0]
    snapshot["devices"] = []
    for index in range(devices):
        device = dict(model)
        device["id"] = "00000000-0000-4000-8000-%012d" % index
        device["macAddress"] = "02:00:%02x:%02x:%02x:%02x" % (index >> 24 & 255, index >> 16 & 255, index >> 8 & 255, index & 255)
        device["ipAddress"] = "10.%d.%d.%d" % (index >> 16 & 255, index >> 8 & 255, index & 255)
        device["hostname"] = "device-%d.lan" % index
        snapshot["devices"].append(device)
    if targets is not None:
        model = snapshot["targets"][0]
        snapshot["targets"] = []
        for index in range(targets):
            target = dict(model)
            target["id"] = "00000000-0000-4000-9000-%012d" % index
            target["name"] = "Target %d" % index
            target["host"] = "10.200.%d.%d" % (index >> 8 & 255, index & 255)
            if index % 10 == 9:
                target.update(isOnline=False, currentLatency=None, lastError="timed out after 2 s", lastErrorAt=target["lastChecked"])
            snapshot["targets"].append(target)
    with open(path, "w") as file:
        json.dump(snapshot, file)


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=21)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="netsnap-compare-")
    big = os.path.join(work, "big.json")
    big_snapshot(big, arguments.new)
    cases = {
        "start (--version)": lambda binary, out: [binary, "--version"],
        "render sample, no tiles": lambda binary, out: [binary, "render", "--output", out, "--no-tiles"],
        "render sample, all tiles": lambda binary, out: [binary, "render", "--output", out],
        "render 100,000 devices": lambda binary, out: [binary, "render", "--input", big, "--output", out, "--no-tiles"],
        "tile medium@2x": lambda binary, out: [binary, "tile", "--size", "medium", "-o", os.path.join(out, "t.png")],
    }
    print(f"{'case':28} {'old ms':>9} {'new ms':>9} {'new/old':>8}")
    for name, command in cases.items():
        rounds = max(3, arguments.rounds // 5) if "100,000" in name else arguments.rounds
        times = {"old": [], "new": []}
        for _ in range(rounds):
            for label in ("old", "new"):
                out = os.path.join(work, label)
                times[label].append(timed(command(getattr(arguments, label), out)))
        old, new = statistics.median(times["old"]), statistics.median(times["new"])
        print(f"{name:28} {old:9.2f} {new:9.2f} {new / old:8.2f}")


if __name__ == "__main__":
    main()
