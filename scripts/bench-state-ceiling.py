#!/usr/bin/env python3
"""The largest the history database can get: a database made by netsnap itself, filled to
every cap retention enforces (RetentionPolicy: raw rows per table, events; the roll-ups'
own bound, 90 days of hours and 48 hours of half-hours per series), for a network with
TARGETS targets and DEVICES devices remembered. Prints the file's size after a checkpoint.

    python3 scripts/bench-state-ceiling.py                  # 50 targets, 5,000 devices
    python3 scripts/bench-state-ceiling.py --targets 10

The state folder's ceiling (README) is this, plus the WAL (at most ~4 MB before a
checkpoint cuts it to 1 MB), plus one corrupt copy moved aside (at most the same again),
plus the gatherer's small per-network files.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# RetentionPolicy's defaults (Sources/NetsnapHistory/RetentionPolicy.swift).
MAXIMUM_RAW_ROWS = 25_000
MAXIMUM_EVENTS = 10_000
ROLLUP_HOURS = 90 * 24
HALF_HOURS = 96


def fill(path, targets, devices):
    db = sqlite3.connect(path)
    start = 1.8e9
    db.executemany(
        "INSERT INTO snapshot (takenAt, connection, connectionType, gatewayIP, gatewayMAC, gatewayLatency, targetsOnline,"
        " targetsTotal, devicesActive, devicesTotal) VALUES (?, 'connected', 'wifi', '192.168.1.1', 'a4:2b:b0:11:22:30', 4.2,"
        " ?, ?, ?, ?)",
        ((start + i * 1.7, targets, targets, devices // 2, devices) for i in range(MAXIMUM_RAW_ROWS)))
    ids = [row[0] for row in db.execute("SELECT id FROM snapshot")]
    db.executemany(
        "INSERT INTO targetResult (snapshotId, targetId, name, isOnline, latency, takenAt) VALUES (?, ?, ?, 1, 12.5, ?)",
        ((ids[i], "5B6F1C1E-2D7A-4C35-9C1F-%012X" % (i % targets), "Target name %d" % (i % targets), start + i * 1.7)
         for i in range(MAXIMUM_RAW_ROWS)))
    db.executemany(
        "INSERT INTO deviceSighting (snapshotId, deviceKey, status, ipAddress, takenAt) VALUES (?, ?, 'active', ?, ?)",
        ((ids[i], "3c:22:fb:%02x:%02x:%02x" % (i >> 16 & 255, i >> 8 & 255, i & 255), "10.0.%d.%d" % (i >> 8 & 255, i & 255),
          start + i * 1.7) for i in range(MAXIMUM_RAW_ROWS)))
    wording = json.dumps({"title": "Office VPN is down", "text": "Office VPN (tcp · 10.8.0.1:443) stopped answering at 10:42: "
                          "connection refused (the host answered but nothing listens on port 443)",
                          "data": {"host": "10.8.0.1", "lastError": "connection refused"}})
    db.executemany(
        "INSERT INTO event (id, kind, occurredAt, wording, publicWording) VALUES (?, 'targetDown', ?, ?, ?)",
        (("targetDown:5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01:%d" % (1_800_000_000 + i), start + i, wording, wording)
         for i in range(MAXIMUM_EVENTS)))
    series = ["gateway"] + ["target:5B6F1C1E-2D7A-4C35-9C1F-%012X" % t for t in range(targets)]
    db.executemany(
        "INSERT INTO hourlyRollup (seriesKey, hour, samples, online, latencySum, latencyCount, latencyMin, latencyMax)"
        " VALUES (?, ?, 120, 120, 1500.5, 120, 1.2, 40.5)",
        ((key, 500_000 + hour) for key in series for hour in range(ROLLUP_HOURS)))
    db.executemany(
        "INSERT INTO halfHourRollup (seriesKey, halfHour, samples, online, latencySum, latencyCount, latencyMin, latencyMax,"
        " folded) VALUES (?, ?, 60, 60, 750.2, 60, 1.2, 40.5, 1)",
        ((key, 1_000_000 + half) for key in series for half in range(HALF_HOURS)))
    db.executemany(
        "INSERT INTO device (key, id, firstSeen, lastSeen) VALUES (?, ?, ?, ?)",
        (("3c:22:fb:%02x:%02x:%02x" % (d >> 16 & 255, d >> 8 & 255, d & 255), "9AA37921-05D0-4AFC-826A-%012X" % d, start, start)
         for d in range(devices)))
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/netsnap"))
    parser.add_argument("--targets", type=int, default=50)
    parser.add_argument("--devices", type=int, default=5000)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        state = Path(work) / "state"
        subprocess.run([arguments.binary, "watch", "--sample", "--state", str(state), "--output", str(Path(work) / "out"),
                        "--cycles", "1"], check=True, capture_output=True)
        database = state / "history.sqlite"
        fill(database, arguments.targets, arguments.devices)
        size = os.path.getsize(database)
    print(f"history.sqlite at every cap ({arguments.targets} targets, {arguments.devices} devices): {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
