#!/usr/bin/env python3
"""Every figure of issue #37 in one run, each beside its yardstick and its goal, for both
builds: the one the .deb ships (`.build-release-static`, scripts/package-deb.sh) and the quick
start's (`swift build -c release --static-swift-stdlib`, scripts/demo.sh, in `.build`). Both
link the Swift runtime in; the package's also filters ICU's data and links with lld.

  1. CPU a request of the server over the run ÷ requests, netsnap against nginx with one
     worker (as `serve` answers on one event loop) and the same client (`wrk -t1`), with
     throughput and p99: a tile file, an on-demand tile with a query in both orders,
     widgets.json (scripts/bench-cpu.py)
  2. `netsnap --version` against `python3 -I -S -c pass` (scripts/bench-start.py)
  3. `render` of 100,000 devices and 1,000 targets, into an empty and a full folder,
     against json.load of the same file
  4. medium@2x and the TRMNL tiles in process (netsnap-tile-bench): draw + PNG, the encode against
     libdeflate alone on the same image data at the same level, the size against optipng -o2
  5. resident memory of `serve --watch --sample` over CYCLES one-second cycles
  6. bytes written a day, quiet, outputs in RAM: 1 s cycles scaled, and the clock ×30
     (scripts/bench-writes.py)
  7. size: the binary stripped as installed; the .deb in dist/ and the local image
  8. a medium@2x tile per process against the Pillow peer (with figure 2, interleaved)

    bash scripts/package-deb.sh                    # the package's build (and the .deb)
    swift build -c release --static-swift-stdlib   # the quick start's build (scripts/demo.sh)
    python3 scripts/bench-speed.py                 # about 30 minutes a build, 17 of them the memory run
    python3 scripts/bench-speed.py --quick         # a smoke run: short runs, few rounds (a few minutes a build)
    python3 scripts/bench-speed.py --static OLD/netsnap --quick-start none   # "before": an older build alone

netsnap-tile-bench is taken from beside each binary. A build that is missing is skipped with
a line saying so. Loopback only; every run is bounded in time and count.
"""
import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_parts  # noqa: E402 (a sibling module, found through the path above)

ROOT = bench_parts.ROOT
PEER = Path(os.environ.get("NETSNAP_PEERS", ROOT.parent / "shared" / "peers")) / "tile_pillow.py"
# Where scripts/demo.sh builds.
QUICK_START = ROOT / ".build/release/netsnap"
FULL = dict(seconds=10, warmup=2, rounds=15, render_rounds=7, iterations=50, tile_runs=3, cycles=1000, write_cycles=150,
            fast_cycles=240)
QUICK = dict(seconds=2, warmup=1, rounds=5, render_rounds=1, iterations=10, tile_runs=1, cycles=30, write_cycles=20, fast_cycles=20)


def settings(args):
    chosen = dict(QUICK if args.quick else FULL)
    if args.cycles:
        chosen["cycles"] = args.cycles
    if args.rounds:
        chosen["rounds"] = args.rounds
    return chosen


def measure(binary, packaged, chosen, disk):
    """Every figure of one build, in the issue's order; a figure whose tool is missing is skipped with its reason."""
    work = Path(tempfile.mkdtemp(prefix="netsnap-bench-speed-"))
    rows = []
    try:
        print("1. CPU a request against nginx")
        if shutil.which("wrk") and (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
            rows += bench_parts.cpu_per_request(binary, chosen["seconds"], chosen["warmup"])
        else:
            rows.append((1, "CPU a request", "skipped", "wrk or nginx is not installed", "", "≤ 1.0×", None))
        print("2 and 8. start-up and a tile per process")
        if PEER.exists():
            rows += bench_parts.per_process(binary, PEER, work, chosen["rounds"])
        else:
            rows.append((2, "start-up and tile per process", "skipped", f"{PEER} not found (NETSNAP_PEERS)", "", "", None))
        print("3. render of 100,000 devices and 1,000 targets")
        rows += bench_parts.big_render(binary, work, chosen["render_rounds"])
        print("4. tiles in process")
        tile_bench = binary.parent / "netsnap-tile-bench"
        if tile_bench.exists():
            rows += bench_parts.tile_in_process(tile_bench, chosen["iterations"], chosen["tile_runs"])
        else:
            rows.append((4, "tiles in process", "skipped", f"no {tile_bench} (build --product netsnap-tile-bench)", "", "", None))
        print(f"5. memory over {chosen['cycles']} cycles")
        rows += bench_parts.memory(binary, work, chosen["cycles"])
        print("6. bytes written a day")
        rows += bench_parts.writes(binary, chosen["write_cycles"], chosen["fast_cycles"], disk)
        print("7. size")
        rows += bench_parts.size(binary, packaged)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return sorted(rows, key=lambda row: row[0])


def table(name, binary, rows):
    print(f"\n### {name}: {binary}\n")
    print("| # | figure | netsnap | yardstick | ratio | goal | met |\n|---|---|---|---|---|---|---|")
    for number, figure, ours, yardstick, ratio, goal, met in rows:
        verdict = {True: "yes", False: "NO", None: "—"}[met]
        print(f"| {number} | {figure} | {ours} | {yardstick} | {ratio} | {goal} | {verdict} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--static", default=str(ROOT / ".build-release-static/release/netsnap"),
                        help="the build the .deb ships ('none' skips it)")
    parser.add_argument("--quick-start", "--dynamic", dest="quick_start", default=str(QUICK_START),
                        help="the quick start's build ('none' skips it); --dynamic is its old name")
    parser.add_argument("--quick", action="store_true", help="short runs and few rounds: a smoke run, not figures to quote")
    parser.add_argument("--cycles", type=int, help="one-second cycles of the memory run (1000; 30 with --quick)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds of the per-process figures (15; 5 with --quick)")
    parser.add_argument("--disk", default="/var/tmp", help="a folder on a real disk for the write figures (not tmpfs)")
    args = parser.parse_args()
    chosen = settings(args)
    measured = []
    for name, path in (("package", args.static), ("quick start", args.quick_start)):
        binary = Path(path).resolve()
        if path == "none" or not binary.exists():
            print(f"== {name} build: skipped, {'not asked for' if path == 'none' else f'{binary} not found'}")
            continue
        print(f"== {name} build: {binary}")
        measured.append((name, binary, measure(binary, name == "package", chosen, args.disk)))
    if not measured:
        sys.exit("no build to measure (see --help)")
    mode = "quick smoke run, not figures to quote" if args.quick else "full run"
    print(f"\n{mode}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for name, binary, rows in measured:
        table(name, binary, rows)


if __name__ == "__main__":
    main()
