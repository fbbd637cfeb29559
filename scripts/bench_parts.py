"""The figures of scripts/bench-speed.py, one method each. Every method returns rows
(number, figure, netsnap, yardstick, ratio, goal, met): `ratio` is a string, `met` True,
False or None (nothing to judge). The measuring itself lives in the sibling scripts
(bench-cpu, bench-start, bench-writes, bench-compare), loaded as modules, so each method is
written once."""
import contextlib
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def cpu_per_request(binary, seconds, warmup):
    """Figure 1: server CPU ÷ requests, netsnap against nginx (1 worker, as netsnap serves on one event loop), one `wrk -t1` client."""
    rows = []
    for name, (rate, cpu, p99), (nginx_rate, nginx_cpu, nginx_p99) in load("bench-cpu").compare(binary, seconds, warmup):
        print(f"  {name:24} netsnap {cpu:6.1f} µs {rate:8,.0f} req/s p99 {p99:.2f} ms | nginx {nginx_cpu:6.1f} µs "
              f"{nginx_rate:8,.0f} req/s p99 {nginx_p99:.2f} ms")
        ratio = cpu / nginx_cpu
        rows.append((1, f"CPU a request: {name}", f"{cpu:.1f} µs, {rate:,.0f} req/s, p99 {p99:.2f} ms",
                     f"nginx {nginx_cpu:.1f} µs, {nginx_rate:,.0f} req/s, p99 {nginx_p99:.2f} ms", f"{ratio:.2f}×", "≤ 1.0×",
                     ratio <= 1.0))
    return rows


def per_process(binary, peer, work, rounds):
    """Figures 2 and 8: `--version` against a bare Python, a medium@2x tile against the Pillow peer,
    interleaved in one run (scripts/bench-start.py's method: medians of wall time)."""
    start = load("bench-start")
    commands = {
        "version": [binary, "--version"],
        "python": [start.BARE_PYTHON, "-I", "-S", "-c", "pass"],
        "tile": [binary, "tile", "--size", "medium", "--scale", "2", "-o", work / "tile.png"],
        "pillow": ["python3", peer, "2", work / "pillow.png"],
    }
    median = {name: wall * 1000 for name, (wall, _) in start.medians(commands, rounds, work).items()}
    print("  " + ", ".join(f"{name} {value:.1f} ms" for name, value in median.items()))
    version, tile = median["python"] / median["version"], median["pillow"] / median["tile"]
    return [
        (2, "start-up: `netsnap --version`", f"{median['version']:.1f} ms", f"`python3 -I -S -c pass` {median['python']:.1f} ms",
         f"{version:.2f}× (its time ÷ ours)", "≥ 1.0×", version >= 1.0),
        (8, "a medium@2x tile per process", f"{median['tile']:.1f} ms", f"Pillow peer {median['pillow']:.1f} ms",
         f"{tile:.2f}× (its time ÷ ours)", "≥ 4×", tile >= 4.0),
    ]


def big_render(binary, work, rounds):
    """Figure 3: `render` of 100,000 devices and 1,000 targets into an empty folder and again into
    the full one, against json.load of the same file; medians. Into RAM (/dev/shm, as the package
    keeps its outputs in /run/netsnap) and onto a disk formatted as users' are: a loop-mounted
    ext4 with its journal (mkfs.ext4's defaults, as Raspberry Pi OS's card). Not this VM's root,
    a journal-less ext4 whose inode allocator skips every inode freed in the last minutes
    (`recently_deleted`): half of a first render's time went to the kernel scanning past the
    benchmark's own removals. Each round writes a new folder; all are removed at the end."""
    big = work / "big.json"
    if not big.exists():
        load("bench-compare").big_snapshot(big, binary, targets=1000)
    with journaled_disk(work) as disk:
        places = {"RAM": Path("/dev/shm") if Path("/dev/shm").is_dir() else work, disk[0]: disk[1]}
        times = {"json.load": [], "cat": []}
        for _ in range(rounds + 1):
            for place, folder in places.items():
                output = Path(tempfile.mkdtemp(prefix="netsnap-big-", dir=folder)) / "out"
                for state in ("empty", "full"):
                    times.setdefault(f"{state} folder in {place}", []).append(
                        wall([binary, "render", "--input", big, "--output", output]))
            times["json.load"].append(wall(["/usr/bin/python3", "-c", f"import json; json.load(open({str(big)!r}))"]))
            times["cat"].append(wall(["cat", big]))
        for folder in places.values():
            for made in folder.glob("netsnap-big-*"):
                shutil.rmtree(made, ignore_errors=True)
    median = {name: statistics.median(values[1:]) for name, values in times.items()}
    print("  " + ", ".join(f"{name} {value:.0f} ms" for name, value in median.items()))
    yardstick = f"json.load {median['json.load']:.0f} ms (cat {median['cat']:.0f} ms, {big.stat().st_size / 1e6:.1f} MB)"
    return [(3, f"render 100k devices, 1k targets: {name}", f"{median[name]:.0f} ms", yardstick,
             f"{median[name] / median['json.load']:.2f}×", "≤ 2.5×", median[name] / median["json.load"] <= 2.5)
            for name in median if " folder in " in name]


@contextlib.contextmanager
def journaled_disk(work):
    """(name, folder): a 1 GB ext4 image with its journal, loop-mounted under `work` for the run;
    `work`'s own disk, named so, without root or mkfs.ext4."""
    image, mount = work / "ext4.img", work / "ext4"
    if os.geteuid() != 0 or not shutil.which("mkfs.ext4"):
        yield "work's disk", work
        return
    subprocess.run(["truncate", "-s", "1G", image], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", image], check=True)
    mount.mkdir(exist_ok=True)
    subprocess.run(["mount", "-o", "loop", image, mount], check=True)
    try:
        yield "ext4 with journal", mount
    finally:
        subprocess.run(["umount", mount], check=False)
        image.unlink()


def tile_in_process(tile_bench, iterations, runs):
    """Figure 4: draw + PNG in process (netsnap-tile-bench, best of `iterations`, median of `runs`),
    the encode against libdeflate's floor for the same image data, the size against optipng -o2;
    medium@2x is colour (level 6), TRMNL 1-bit and trmnl-gray 2-bit grey (level 7)."""
    found = {"medium@2x": "tiles/medium@2x-dark.png", "trmnl": "tiles/trmnl-light.png", "trmnl-gray": "tiles/trmnl-gray-light.png"}
    rows_seen = {name: [] for name in found}
    for _ in range(runs):
        output = subprocess.run([tile_bench, "--iterations", str(iterations)], capture_output=True, text=True, check=True).stdout
        if "warm floor" not in output:
            return [(4, "tile in process", "skipped", f"{tile_bench} has no floor column: rebuild it", "", "", None)]
        for line in output.splitlines():
            for name, file in found.items():
                if line.split()[:1] == [file]:
                    rows_seen[name].append(line.split())
    rows = []
    for name, seen in rows_seen.items():
        if not seen:
            rows.append((4, f"{name} in process", "skipped", f"{tile_bench} printed no {found[name]}", "", "", None))
            continue
        middle = sorted(seen, key=lambda row: float(row[2]))[len(seen) // 2]
        _, draw, encode, floor, over, warm, size, optimized, ratio = middle
        print(f"  {name}: draw {draw} + PNG {encode} ms, floor after a draw {floor} ms ({over}×), warm {warm} ms, {size} B, "
              f"optipng -o2 {optimized} B")
        if name == "medium@2x":
            total = float(draw) + float(encode)
            rows.append((4, f"{name} in process, draw + PNG", f"{total:.2f} ms (draw {draw} + PNG {encode})", "", "", "≤ 2.5 ms",
                         total <= 2.5))
        judged = over != "n/a"
        rows.append((4, f"{name} PNG encode / libdeflate alone", f"{encode} ms", f"libdeflate, same data and level, after a draw: {floor} ms (warm {warm})",
                     f"{over}×", "≤ 1.3×", float(over) <= 1.3 if judged else None))
        judged = ratio != "n/a"
        optipng = f"optipng -o2 {int(optimized):,} B" if judged else "optipng not installed"
        rows.append((4, f"{name} PNG size / optipng -o2", f"{int(size):,} B", optipng, f"{ratio}×", "≤ 1.1×",
                     float(ratio) <= 1.1 if judged else None))
    return rows


def status_fields(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile"):
                fields[name] = int(value.split()[0]) / 1024
    return fields


def memory(binary, work, cycles):
    """Figure 5: resident memory of `serve --watch --sample` over `cycles` one-second cycles, read
    every 2 s once it settled (after a quarter of the run, at most a minute)."""
    for folder in ("out", "state"):
        shutil.rmtree(work / folder, ignore_errors=True)
        (work / folder).mkdir()
    command = [binary, "serve", "--watch", "--sample", "--output", work / "out", "--state", work / "state"]
    command += ["--interval", "1", "--cycles", str(cycles), "--port", str(load("bench-cpu").free_port())]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, HOME=str(work)))
    readings, start = [], time.monotonic()
    while process.poll() is None:
        try:
            readings.append((time.monotonic() - start, status_fields(process.pid)))
        except (FileNotFoundError, ProcessLookupError):
            break
        time.sleep(2)
    process.wait()
    settled = [fields for elapsed, fields in readings if elapsed >= min(60, cycles / 4)]
    if not settled:
        return [(5, "RSS of serve --watch --sample", "failed", "the server ended before it settled", "", "≤ 40 MB, flat", False)]
    tenth = max(1, len(settled) // 10)
    early = statistics.median(f["VmRSS"] for f in settled[:tenth])
    late = statistics.median(f["VmRSS"] for f in settled[-tenth:])
    peak, last = max(f["VmRSS"] for f in settled), settled[-1]
    detail = (f"settled {early:.1f}, end {late:.1f} MB; anonymous {last['RssAnon']:.1f}, file {last['RssFile']:.1f} MB")
    print(f"  peak {peak:.1f} MB, {detail}")
    return [(5, f"RSS of serve --watch --sample, {cycles} cycles", f"{peak:.1f} MB peak", detail, "", "≤ 40 MB, flat",
             peak <= 40 and late - early <= 1.0)]


def writes(binary, cycles, fast_cycles, disk):
    """Figure 6: bytes written a day, quiet, outputs in RAM: 1 s cycles scaled to a day, and the
    clock ×30 lived (scripts/bench-writes.py's two methods)."""
    module = load("bench-writes")
    a, b, within, crossing = module.run(binary, "quiet", "run", cycles, disk)
    scaled = (module.CYCLES_A_DAY * a + module.MINUTES_A_DAY * b) / 1e6
    fast, lived = module.fast_clock_run(binary, fast_cycles, disk)
    print(f"  scaled {scaled:.1f} MB/day ({within} + {crossing} cycles), fast clock {fast / 1e6:.1f} MB/day ({lived / 3600:.1f} h lived)")
    return [
        (6, "bytes written a day, 1 s cycles scaled", f"{scaled:.1f} MB", f"{a:,.0f} B a cycle + {b:,.0f} B a minute", "", "≤ 50 MB",
         scaled <= 50),
        (6, "bytes written a day, clock ×30", f"{fast / 1e6:.1f} MB", f"{lived / 3600:.1f} h lived", "", "≤ 50 MB", fast / 1e6 <= 50),
    ]


def size(binary, packaged):
    """Figure 7: the binary stripped as scripts/package-deb.sh strips it; for the build the
    packages ship (`packaged`), also the .deb in dist/ and the local image."""
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "netsnap"
        shutil.copy(binary, copy)
        subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note", copy], check=True)
        stripped = copy.stat().st_size / 1e6
    unstripped = f"{Path(binary).stat().st_size / 1e6:.1f} MB unstripped"
    if not packaged:
        # A build on the shared Swift runtime needs it beside it: counted apart, so the figure stays the binary's.
        runtime = swift_runtime_megabytes(binary)
        beside = f"+ {runtime:.1f} MB of Swift runtime libraries" if runtime else "the Swift runtime linked in"
        return [(7, "binary, stripped", f"{stripped:.1f} MB", f"{unstripped}; {beside}", "", "≤ 60 MB", stripped <= 60)]
    rows = [(7, "binary, stripped as installed", f"{stripped:.1f} MB", unstripped, "", "≤ 60 MB", stripped <= 60)]
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    debs = sorted((ROOT / "dist").glob(f"netsnap_{version}_*.deb"))
    rows.append((7, ".deb", f"{debs[0].stat().st_size / 1e6:.1f} MB" if debs else "skipped",
                 debs[0].name if debs else f"no dist/netsnap_{version}_*.deb (bash scripts/package-deb.sh)", "", "", None))
    rows.append((7, "container image", *image_size(version), "", "≤ 100 MB", None))
    if rows[-1][2] != "skipped":
        rows[-1] = (*rows[-1][:6], float(rows[-1][2].split()[0]) <= 100)
    return rows


def swift_runtime_megabytes(binary):
    """The size of the Swift runtime's shared libraries `binary` loads (ldd's paths with `swift` in them)."""
    listed = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    paths = set(re.findall(r"=> (\S*swift\S*) \(", listed))
    return sum(Path(path).stat().st_size for path in paths) / 1e6


def image_size(version):
    """(size, where) of netsnap:<version> in the local podman store, or why it was skipped."""
    if not shutil.which("podman"):
        return "skipped", "podman is not installed"
    found = subprocess.run(["podman", "image", "inspect", "--format", "{{.Size}}", f"netsnap:{version}"], capture_output=True, text=True)
    if found.returncode != 0:
        return "skipped", f"no image netsnap:{version} here (sudo bash scripts/build-image.sh)"
    return f"{int(found.stdout.strip()) / 1e6:.1f} MB", f"podman image netsnap:{version}"
