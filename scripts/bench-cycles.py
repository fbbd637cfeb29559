#!/usr/bin/env python3
"""Per-cycle CPU time and peak memory of `netsnap watch`, and `netsnap render` of 10, 1,000
and 100,000 devices beside Python's `json.load` of the same file.

    python3 scripts/bench-cycles.py                    # the static release build (.deb's)
    python3 scripts/bench-cycles.py --binary .build/release/netsnap --cycles 21

Watch cycles: `netsnap watch --input FILE --interval 1` over the sample-sized snapshot,
with every output on (JSON feeds, pages, the default tiles). "unchanged": nobody rewrites
the file, so nothing any page or tile shows changes (only the JSON feeds' render time and
age). "changing": a writer replaces the file every 0.3 s with a new snapshot time and
gateway latency, as a gatherer would. The CPU of one cycle is the process's CPU (getrusage
of the child: user + system) for N cycles less that for one cycle, over N - 1, so start-up
and the first full render are left out. Peak memory is the child's maximum RSS.

Render: `netsnap render -i FILE -o DIR` into a folder that already holds the outputs (as
every run but the first finds it), beside `python3 -c 'import json; json.load(open(F))'`;
medians of interleaved runs, wall and CPU time, and maximum RSS.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "Sources/NetsnapResources/sample-snapshot.json"
TYPES = ["router", "computer", "phone", "tablet", "tv", "speaker", "camera", "printer", "iot", "unknown"]


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def snapshot(devices=None, at=None, latency=4.2):
    """The sample (its devices, or `devices` synthetic ones), dated `at`."""
    document = json.loads(SAMPLE.read_text())
    at = at or datetime.now(timezone.utc)
    document["generatedAt"] = stamp(at)
    document["status"]["updatedAt"] = stamp(at)
    document["status"]["gatewayLatency"] = latency
    for target in document["targets"]:
        target["lastChecked"] = stamp(at)
    if devices is not None:
        first = stamp(at - timedelta(days=30))
        document["devices"] = [
            {"id": "00000002-0000-4000-8000-%012X" % i,
             "ipAddress": "10.%d.%d.%d" % (i >> 16 & 255, i >> 8 & 255, i & 255),
             "macAddress": "02:00:%02x:%02x:%02x:%02x" % (i >> 24 & 255, i >> 16 & 255, i >> 8 & 255, i & 255),
             "hostname": "device-%d.lan" % i, **({"vendor": "Apple"} if i % 3 == 0 else {}),
             "deviceType": TYPES[i % len(TYPES)], "status": ["active", "idle", "offline"][i % 3],
             "firstSeen": first, "lastSeen": stamp(at)}
            for i in range(devices)]
    return document


def write_atomically(path, document):
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(document))
    os.replace(temporary, path)


def measure(command):
    """(wall s, CPU s, max RSS MiB) of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    errors = process.stderr.read().decode()
    process.stderr.close()
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(map(str, command))}\n{errors}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def watch(binary, work, cycles, changing):
    """Runs `cycles` watch cycles in a fresh folder; (CPU s, max RSS MiB)."""
    folder = Path(tempfile.mkdtemp(dir=work))
    source = folder / "snapshot.json"
    write_atomically(source, snapshot())
    stop = threading.Event()

    def rewrite():
        step = 0
        while not stop.wait(0.3):
            step += 1
            write_atomically(source, snapshot(latency=4.2 + step % 7))

    writer = threading.Thread(target=rewrite, daemon=True)
    if changing:
        writer.start()
    _, cpu, rss = measure([binary, "watch", "--input", source, "--interval", "1", "--cycles", str(cycles),
                           "--output", folder / "out", "--state", folder / "state"])
    stop.set()
    if changing:
        writer.join()
    return cpu, rss


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build-release-static/release/netsnap"))
    parser.add_argument("--cycles", type=int, default=16, help="watch cycles per run")
    parser.add_argument("--repeats", type=int, default=2, help="watch runs per kind")
    parser.add_argument("--rounds", type=int, default=7, help="render runs per size")
    parser.add_argument("--devices", type=int, nargs="*", default=[10, 1_000, 100_000])
    parser.add_argument("--skip-watch", action="store_true")
    args = parser.parse_args()
    binary = Path(args.binary).resolve()
    if not binary.exists():
        sys.exit(f"{binary} not found: build it first (see scripts/bench-start.py --help)")
    work = Path(tempfile.mkdtemp(prefix="netsnap-bench-cycles-"))
    print(f"binary: {binary}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    try:
        if not args.skip_watch:
            print(f"\nwatch, sample-sized snapshot, {args.cycles} cycles at 1 s, all outputs on")
            print(f"{'cycle':12} {'CPU ms/cycle':>13} {'peak RSS MiB':>13}")
            per_cycle = {}
            for kind in ("unchanged", "changing"):
                costs, peaks = [], []
                for _ in range(args.repeats):
                    one, _ = watch(binary, work, 1, kind == "changing")
                    many, rss = watch(binary, work, args.cycles, kind == "changing")
                    costs.append((many - one) / (args.cycles - 1))
                    peaks.append(rss)
                per_cycle[kind] = statistics.median(costs)
                print(f"{kind:12} {per_cycle[kind] * 1000:13.1f} {max(peaks):13.1f}")
            print(f"unchanged / changing: {per_cycle['unchanged'] / per_cycle['changing'] * 100:.0f} % (goal: at most 15 %)")

        print(f"\nrender (every output) vs json.load, medians of {args.rounds} interleaved runs")
        print(f"{'devices':>8} {'MB':>6} | {'netsnap wall ms':>15} {'CPU ms':>8} {'RSS MiB':>8} | "
              f"{'json.load wall ms':>17} {'CPU ms':>8} {'RSS MiB':>8} | {'wall ratio':>10}")
        for count in args.devices:
            source = work / f"devices-{count}.json"
            write_atomically(source, snapshot(devices=count))
            out = work / f"render-{count}"
            render = [binary, "render", "-i", source, "-o", out]
            load = [sys.executable, "-c", "import json, sys; json.load(open(sys.argv[1]))", source]
            measure(render)  # the outputs exist from here on, as in steady use
            runs = {"render": [], "load": []}
            for _ in range(args.rounds):
                runs["render"].append(measure(render))
                runs["load"].append(measure(load))
            med = {k: [statistics.median(run[i] for run in v) for i in range(3)] for k, v in runs.items()}
            print(f"{count:8d} {source.stat().st_size / 1e6:6.1f} | {med['render'][0] * 1000:15.1f} {med['render'][1] * 1000:8.1f} "
                  f"{med['render'][2]:8.1f} | {med['load'][0] * 1000:17.1f} {med['load'][1] * 1000:8.1f} {med['load'][2]:8.1f} | "
                  f"{med['render'][0] / med['load'][0]:9.2f}x")
    finally:
        subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
