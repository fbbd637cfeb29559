#!/usr/bin/env python3
"""The five speed figures of docs/performance.md in one go, each beside its yardstick on the
same machine in the same run:

  1. serving a cached tile, keep-alive, wrk: netsnap against nginx (scripts/bench-serve.sh)
  2. `render` of 100,000 devices and 1,000 targets, into an empty folder and a full one,
     against Python's json.load of the same file (and `cat`, the floor)
  3. medium@2x tile in process, draw + PNG, and its size against `optipng -o2`
  4. resident memory of `serve --watch --sample` over CYCLES one-second cycles
  5. a medium@2x tile per process against ../shared/peers/tile_pillow.py

    swift build -c release --static-swift-stdlib --disable-local-rpath \\
        --scratch-path .build-release-static --product netsnap        # and --product netsnap-tile-bench
    python3 scripts/bench-speed.py                   # about 25 minutes, 17 of them the memory run
    python3 scripts/bench-speed.py --cycles 120      # a shorter memory run
    python3 scripts/bench-speed.py --before OLD/netsnap   # also an older build, interleaved
                                                           # in the two per-process figures

Loopback only; every run is bounded in time and count.
"""
import argparse
import importlib.util
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER = Path(os.environ.get("NETSNAP_PEERS", ROOT.parent / "shared" / "peers")) / "tile_pillow.py"


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def interleaved(commands, rounds):
    """Median wall ms of each command, run in turn `rounds` times after one warm-up each."""
    for command in commands.values():
        wall(command)
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(wall(command))
    return {name: statistics.median(values) for name, values in times.items()}


def serving(binary, duration, rounds):
    environment = dict(os.environ, NETSNAP=str(binary), DURATION=str(duration), ROUNDS=str(rounds))
    output = subprocess.run(["bash", "scripts/bench-serve.sh"], cwd=ROOT, env=environment, capture_output=True, text=True, check=True)
    print(output.stdout)
    match = re.search(r"netsnap best ([\d.]+) req/s = \d+ % of nginx best ([\d.]+)", output.stdout)
    netsnap, nginx = float(match.group(1)), float(match.group(2))
    return f"{netsnap:,.0f} req/s vs nginx {nginx:,.0f}", netsnap / nginx, netsnap / nginx >= 1.0


def with_before(commands, before, command):
    """`commands` with the older build's `command` too, when there is one."""
    if before:
        commands["before: " + next(iter(commands))] = command(before)
    return commands


def big_render(binary, work, rounds, before=None):
    """`render` of 100,000 devices and 1,000 targets (every tenth down), into an empty folder
    (removed before each run, not timed) and again into the full one it left, against
    json.load of the same file."""
    big = work / "big.json"
    load("bench-compare").big_snapshot(big, binary, targets=1000)
    builds = {"netsnap": binary, **({"before": Path(before)} if before else {})}
    times = {f"{name} {state}": [] for name in builds for state in ("empty", "full")}
    times.update({"json.load": [], "cat": []})
    for _ in range(rounds + 1):
        for name, netsnap in builds.items():
            output = work / f"big-output-{name}"
            subprocess.run(["rm", "-rf", output], check=True)
            for state in ("empty", "full"):
                times[f"{name} {state}"].append(wall([netsnap, "render", "--input", big, "--output", output]))
        times["json.load"].append(wall(["/usr/bin/python3", "-c", f"import json; json.load(open({str(big)!r}))"]))
        times["cat"].append(wall(["cat", big]))
    medians = {name: statistics.median(values[1:]) for name, values in times.items()}
    for name, value in medians.items():
        print(f"  {name:16} {value:8.1f} ms  ({value / medians['json.load']:.2f}× json.load)")
    ratio = max(medians["netsnap empty"], medians["netsnap full"]) / medians["json.load"]
    size = big.stat().st_size / 1e6
    detail = (
        f"empty folder {medians['netsnap empty']:.0f} ms, full {medians['netsnap full']:.0f} ms vs json.load "
        f"{medians['json.load']:.0f} ms, cat {medians['cat']:.0f} ms ({size:.1f} MB)"
    )
    return detail, ratio, ratio <= 2.5


def tile_in_process(tile_bench, runs=3):
    totals, row = [], None
    for _ in range(runs):
        output = subprocess.run([tile_bench, "--iterations", "50"], capture_output=True, text=True, check=True).stdout
        row = next(line.split() for line in output.splitlines() if line.startswith("tiles/medium@2x-dark.png"))
        totals.append(float(row[1]) + float(row[2]))
    total = statistics.median(totals)
    optipng = f", PNG {float(row[5]):.3f}x optipng -o2" if row[5] != "n/a" else " (optipng not installed)"
    size_ok = row[5] == "n/a" or float(row[5]) <= 1.1
    return f"{total:.2f} ms (draw {row[1]} + PNG {row[2]}){optipng}", total, total <= 2.5 and size_ok


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status_fields(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile"):
                fields[name] = int(value.split()[0]) / 1024
    return fields


def memory(binary, work, cycles):
    (work / "out").mkdir()
    (work / "state").mkdir()
    command = [binary, "serve", "--watch", "--sample", "--output", work / "out", "--state", work / "state"]
    command += ["--interval", "1", "--cycles", str(cycles), "--port", str(free_port())]
    environment = dict(os.environ, HOME=str(work))
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    readings = []
    start = time.monotonic()
    while process.poll() is None:
        try:
            readings.append((time.monotonic() - start, status_fields(process.pid)))
        except (FileNotFoundError, ProcessLookupError):
            break
        time.sleep(2)
    process.wait()
    settled = [fields for elapsed, fields in readings if elapsed >= min(60, cycles / 4)]
    if not settled:
        sys.exit("memory: the server ended before it settled")
    tenth = max(1, len(settled) // 10)
    early = statistics.median(f["VmRSS"] for f in settled[:tenth])
    late = statistics.median(f["VmRSS"] for f in settled[-tenth:])
    peak = max(f["VmRSS"] for f in settled)
    last = settled[-1]
    detail = (
        f"{late:.1f} MB after {cycles} cycles (settled {early:.1f} MB, peak {peak:.1f} MB; "
        f"anonymous {last['RssAnon']:.1f} MB, file {last['RssFile']:.1f} MB)"
    )
    return detail, peak, peak <= 40 and late - early <= 1.0


def tile_per_process(binary, work, rounds, before=None):
    tile = lambda netsnap: [netsnap, "tile", "--size", "medium", "--scale", "2", "-o", work / "tile.png"]
    commands = {"netsnap tile": tile(binary), "tile_pillow.py": ["python3", PEER, "2", work / "pillow.png"]}
    medians = interleaved(with_before(commands, before, tile), rounds)
    for name, value in medians.items():
        print(f"  {name:22} {value:8.1f} ms  (Pillow / it {medians['tile_pillow.py'] / value:.2f}×)")
    ratio = medians["tile_pillow.py"] / medians["netsnap tile"]
    return f"{medians['netsnap tile']:.1f} ms vs Pillow {medians['tile_pillow.py']:.1f} ms", ratio, ratio >= 4.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build-release-static/release/netsnap"))
    parser.add_argument("--cycles", type=int, default=1000, help="one-second cycles of the memory run (default 1000)")
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds of the per-process figures")
    parser.add_argument("--serve-seconds", type=int, default=10)
    parser.add_argument("--before", help="an older netsnap, run beside this one in the per-process figures")
    args = parser.parse_args()
    binary = Path(args.binary).resolve()
    tile_bench = binary.parent / "netsnap-tile-bench"
    for needed in (binary, tile_bench, PEER):
        if not needed.exists():
            sys.exit(f"{needed} not found (see --help)")
    work = Path(tempfile.mkdtemp(prefix="netsnap-bench-speed-"))
    figures = []
    print("1. serving a cached tile")
    figures.append(("cached tile served / nginx", *serving(binary, args.serve_seconds, 2), "≥ 1.0×"))
    print("2. render of 100,000 devices and 1,000 targets")
    figures.append(("render 100k + 1k targets / json.load", *big_render(binary, work, max(5, args.rounds // 2), args.before), "≤ 2.5×"))
    print("3. medium@2x in process")
    figures.append(("medium@2x draw + PNG", *tile_in_process(tile_bench), "≤ 2.5 ms"))
    print("4. tile per process")
    figures.append(("Pillow / netsnap tile", *tile_per_process(binary, work, args.rounds, args.before), "≥ 4×"))
    print(f"5. memory over {args.cycles} cycles of serve --watch --sample")
    figures.append(("serve --watch RSS (MB)", *memory(binary, work, args.cycles), "≤ 40 MB, flat"))
    print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; binary {binary}\n")
    print(f"| what | measured | figure | goal | met |\n|---|---|---|---|---|")
    for name, detail, value, met, goal in figures:
        print(f"| {name} | {detail} | {value:.2f} | {goal} | {'yes' if met else 'NO'} |")
    subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
