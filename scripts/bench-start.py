#!/usr/bin/env python3
"""Start-up of netsnap beside its yardsticks, run interleaved so both see the same load.

    bash scripts/package-deb.sh          # or: swift build -c release --static-swift-stdlib --disable-local-rpath \
                                         #        --scratch-path .build-release-static --product netsnap
    python3 scripts/bench-start.py       # 40 rounds
    python3 scripts/bench-start.py --rounds 100 --binary .build/release/netsnap

By default it measures the binary the .deb ships: the release build with the Swift
standard library and Foundation linked in statically (`.build-release-static/`, as
scripts/package-deb.sh builds it). Each round runs every command once, in turn; the table
gives the median wall time and CPU time (user + system) per process, and the ratios the
issue asks for: `netsnap --version` against `python3 -I -S -c pass`, and one medium tile at
@2x against the Pillow peer drawing the same tile.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER = Path("/work/shared/peers/tile_pillow.py")
# The bare Python a user runs: Debian's interpreter itself. A `python3` found first on PATH
# may be a wrapper script (pyenv's shims start bash first), which would flatter netsnap.
BARE_PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else "python3"


def run(command, cwd):
    """Wall and CPU seconds of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(map(str, command))}\n{process.stderr.read().decode()}")
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime


def medians(commands, rounds, work):
    """Median (wall, CPU) seconds of each command, run in turn `rounds` times after one warm-up each."""
    for command in commands.values():  # warm the page cache and font caches
        run(command, work)
    samples = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            samples[name].append(run(command, work))
    return {name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)) for name, runs in samples.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build-release-static/release/netsnap"))
    parser.add_argument("--peer", default=str(PEER), help="the Pillow peer, tile_pillow.py")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    binary = Path(args.binary).resolve()
    if not binary.exists():
        sys.exit(f"{binary} not found: build it first (see --help)")
    work = Path(tempfile.mkdtemp(prefix="netsnap-bench-start-"))
    commands = {
        "netsnap --version": [binary, "--version"],
        "python3 -I -S -c pass": [BARE_PYTHON, "-I", "-S", "-c", "pass"],
        "netsnap tile --size medium --scale 2": [binary, "tile", "--size", "medium", "--scale", "2", "-o", work / "tile.png"],
        "python3 tile_pillow.py 2 out.png": ["python3", args.peer, "2", work / "out.png"],
    }
    median = medians(commands, args.rounds, work)
    print(f"binary: {binary}")
    # The start-up yardstick is Debian's interpreter; the Pillow peer runs on whatever
    # `python3` has Pillow (Debian's, or a pyenv's).
    for python in (BARE_PYTHON, "python3"):
        found = subprocess.run([python, "-c", "import sys; print(sys.executable, sys.version.split()[0])"], capture_output=True, text=True)
        print(f"{python}: {found.stdout.strip()}")
    print(f"{args.rounds} interleaved rounds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    print(f"{'command':40} {'wall ms':>9} {'cpu ms':>9}")
    for name, (wall, cpu) in median.items():
        print(f"{name:40} {wall * 1000:9.1f} {cpu * 1000:9.1f}")
    version = median["python3 -I -S -c pass"][0] / median["netsnap --version"][0]
    tile = median["python3 tile_pillow.py 2 out.png"][0] / median["netsnap tile --size medium --scale 2"][0]
    print(f"\npython3 -I -S / netsnap --version: {version:.2f}x (goal: at least 1.0)")
    print(f"Pillow peer / netsnap tile:        {tile:.2f}x (goal: at least 3.0)")
    subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
