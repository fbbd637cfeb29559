#!/usr/bin/env python3
"""Bytes `netsnap watch` writes to the disk a day at the default 30 s interval, the SQLite
WAL included: the kernel's count for the process (/proc/PID/io write_bytes less
cancelled_write_bytes), read after every cycle of a run at a 1 s interval.

    python3 scripts/bench-writes.py                       # the release build
    python3 scripts/bench-writes.py --binary .build/debug/netsnap --cycles 120

A day at 30 s is 2,880 cycles, and half of them start a new minute (pages and tiles that
show the minute are drawn anew). A run at 1 s crosses a minute every 60th cycle, so the
script measures both kinds apart — `a`, the mean bytes of a cycle within a minute, and `b`,
the extra of a cycle that starts one — and scales: 2,880·a + 1,440·b.

"quiet": `--sample`, the embedded sample re-dated every cycle (nothing changes but time).
"changing": `--input FILE` that a writer replaces every 0.5 s with a new gateway and
target latency, so every cycle's data differs.
Outputs on the same disk as the state ("card"), or in RAM ("run": /dev/shm, as the
package's unit keeps them in /run/netsnap) — the state is always on the disk.

The second method (`--fast-clock`, on by default) lives the day as it comes: the wall clock
runs 30 times fast (scripts/fast-clock/fast_clock.c under LD_PRELOAD; the monotonic clock
the loop sleeps by runs true), so `--interval 1` is a 30 s cycle of wall-clock time and the
work that comes by the hour or every ten minutes (archive batches, thinning, roll-ups, the
clock's save) comes as often as it would. Bytes over the run ÷ wall-clock seconds lived ×
86,400; quiet, outputs in RAM.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "Sources/NetsnapResources/sample-snapshot.json"
CYCLES_A_DAY = 2880
MINUTES_A_DAY = 1440
GOALS = {"quiet": 50e6, "changing": 150e6}


def written(pid):
    fields = dict(line.split(": ") for line in Path(f"/proc/{pid}/io").read_text().splitlines())
    return int(fields["write_bytes"]) - int(fields["cancelled_write_bytes"])


def filesystem_type(path):
    best = ("", "")
    for line in Path("/proc/mounts").read_text().splitlines():
        device, mount, kind = line.split()[:3]
        if str(path).startswith(mount) and len(mount) > len(best[0]):
            best = (mount, kind)
    return best[1]


def changing_writer(path, stop):
    document = json.loads(SAMPLE.read_text())
    step = 0
    while not stop.is_set():
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        document["generatedAt"] = now
        document["status"]["updatedAt"] = now
        document["status"]["gatewayLatency"] = 3.0 + (step % 17) / 10
        for index, target in enumerate(document["targets"]):
            target["lastChecked"] = now
            if target.get("currentLatency") is not None:
                target["currentLatency"] = 10.0 + ((step + index) % 23) / 10
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(document))
        os.replace(temporary, path)
        step += 1
        stop.wait(0.5)


def run(binary, mode, layout, cycles, disk):
    with tempfile.TemporaryDirectory(dir=disk) as work, tempfile.TemporaryDirectory(dir="/dev/shm") as ram:
        state = Path(work) / "state"
        output = (Path(work) if layout == "card" else Path(ram)) / "output"
        source = ["--sample"]
        stop = threading.Event()
        writer = None
        if mode == "changing":
            snapshot = Path(ram) / "snapshot.json"
            writer = threading.Thread(target=changing_writer, args=(snapshot, stop), daemon=True)
            writer.start()
            time.sleep(0.3)
            source = ["--input", str(snapshot)]
        command = [str(binary), "watch", *source, "--state", str(state), "--output", str(output),
                   "--interval", "1", "--cycles", str(cycles)]
        process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        readings = []
        for line in process.stderr:
            if "cycle done" in line:
                stamp = re.match(r"(\S+)", line).group(1)
                readings.append((written(process.pid), stamp[:16]))
        process.wait(timeout=60)
        stop.set()
        if writer:
            writer.join()
    warm = readings[5:]
    within, crossing = [], []
    for (before, minute_before), (after, minute) in zip(warm, warm[1:]):
        (crossing if minute != minute_before else within).append(after - before)
    a = sum(within) / max(1, len(within))
    b = (sum(crossing) / len(crossing) - a) if crossing else 0.0
    return a, max(0.0, b), len(within), len(crossing)


def fast_clock_run(binary, cycles, disk, speed=30):
    """MB a day by the fast clock: (bytes after 5 warm-up cycles) / (cycles × speed s) × 86,400."""
    with tempfile.TemporaryDirectory(dir=disk) as work, tempfile.TemporaryDirectory(dir="/dev/shm") as ram:
        library = Path(ram) / "fast_clock.so"
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, ROOT / "scripts/fast-clock/fast_clock.c", "-ldl"], check=True)
        environment = dict(os.environ, LD_PRELOAD=str(library), FAST_CLOCK_SPEED=str(speed), HOME=work)
        command = [str(binary), "watch", "--sample", "--state", str(Path(work) / "state"), "--output", str(Path(ram) / "output"),
                   "--interval", "1", "--cycles", str(cycles)]
        process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=environment)
        readings = [written(process.pid) for line in process.stderr if "cycle done" in line]
        process.wait(timeout=60)
    warm = readings[5:]
    lived = (len(warm) - 1) * speed
    return (warm[-1] - warm[0]) / lived * 86_400, lived


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/netsnap"))
    parser.add_argument("--cycles", type=int, default=150)
    parser.add_argument("--disk", default="/var/tmp", help="a folder on a real disk (not tmpfs)")
    parser.add_argument("--fast-clock-cycles", type=int, default=240,
                        help="cycles of the fast-clock run (30 s of wall-clock time each; 0 skips it)")
    arguments = parser.parse_args()
    if filesystem_type(Path(arguments.disk).resolve()) in ("tmpfs", "ramfs"):
        sys.exit(f"{arguments.disk} is in RAM: the kernel counts no disk writes there; pass --disk on a real disk")
    print(f"{'mode':9} {'outputs':8} {'a (B/cycle)':>12} {'b (B/minute)':>13} {'MB/day':>8} {'goal':>6}")
    failed = False
    for mode in ("quiet", "changing"):
        for layout in ("card", "run"):
            a, b, n_within, n_crossing = run(arguments.binary, mode, layout, arguments.cycles, arguments.disk)
            per_day = CYCLES_A_DAY * a + MINUTES_A_DAY * b
            ok = per_day <= GOALS[mode]
            failed |= layout == "run" and not ok
            print(f"{mode:9} {layout:8} {a:12.0f} {b:13.0f} {per_day / 1e6:8.1f} {GOALS[mode] / 1e6:6.0f} "
                  f"{'ok' if ok else 'OVER'}  ({n_within} + {n_crossing} cycles)")
    if arguments.fast_clock_cycles:
        per_day, lived = fast_clock_run(arguments.binary, arguments.fast_clock_cycles, arguments.disk)
        ok = per_day <= GOALS["quiet"]
        failed |= not ok
        print(f"{'quiet':9} {'run':8} {'fast clock ×30, ' + format(lived / 3600, '.1f') + ' h lived':>26} {per_day / 1e6:8.1f} "
              f"{GOALS['quiet'] / 1e6:6.0f} {'ok' if ok else 'OVER'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
