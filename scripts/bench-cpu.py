#!/usr/bin/env python3
"""CPU per request, netsnap against nginx, measured the fair way #37 asks: the same client
(`wrk -t1`, so each server has the other core), nginx with one worker as netsnap serves on
one event loop, and the server's own user + system time from /proc over the run ÷ requests.
Three answers: a cached tile file, a cached on-demand tile with a query (both parameter
orders; nginx serves the same bytes as a file, ignoring the query), and widgets.json.

    python3 scripts/bench-cpu.py                          # the static build the .deb installs
    python3 scripts/bench-cpu.py --binary .build-release/release/netsnap --seconds 5

Loopback only; each run lasts --seconds (10), after a 2 s warm-up, about 90 s in all.
"""
import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def nginx_workers(master):
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def wait_for(url):
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{url} does not answer")


def wrk(url, seconds):
    output = subprocess.run(["wrk", "-t1", "-c16", f"-d{seconds}s", "--latency", url], capture_output=True, text=True,
                            check=True).stdout
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    p99 = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)$", output, re.M)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    return requests, float(p99.group(1)) * scale


CASES = [
    ("tile file", "/tiles/medium@2x-light.png", "/tiles/medium@2x-light.png"),
    ("on-demand tile, query", "/tiles/medium.png?scale=2&theme=light", "/tiles/medium@2x-light.png?scale=2&theme=light"),
    ("the same, other order", "/tiles/medium.png?theme=light&scale=2", "/tiles/medium@2x-light.png?theme=light&scale=2"),
    ("widgets.json", "/widgets.json", "/widgets.json"),
]


def measure(pids, url, seconds, warmup=2):
    """Requests a second, CPU µs a request and p99 ms of one wrk run after a warm-up."""
    wrk(url, warmup)
    before = cpu_seconds(pids)
    requests, p99 = wrk(url, seconds)
    used = cpu_seconds(pids) - before
    return requests / seconds, used / requests * 1e6, p99


def nginx_config(work, output, port):
    return f"""worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  types {{ image/png png; application/json json; }}
  server {{ listen 127.0.0.1:{port}; root {output}; }}
}}
"""


def compare(binary, seconds, warmup=2):
    """One row per case: (name, (req/s, µs/request, p99 ms) of netsnap, the same of nginx)."""
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool) and not Path(f"/usr/sbin/{tool}").exists():
            sys.exit(f"{tool} is not installed")
    work = Path(tempfile.mkdtemp(prefix="netsnap-bench-cpu-"))
    output = work / "out"
    snapshot = work / "snapshot.json"
    snapshot.write_bytes(subprocess.run([binary, "sample"], capture_output=True, check=True).stdout)
    subprocess.run([binary, "render", "--input", snapshot, "--output", output], capture_output=True, check=True)
    os.chmod(work, 0o755)
    subprocess.run(["chmod", "-R", "a+rX", work], check=True)
    port, nginx_port = free_port(), free_port()
    (work / "nginx.conf").write_text(nginx_config(work, output, nginx_port))
    nginx = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-c", work / "nginx.conf", "-g", "daemon off;"])
    serve = subprocess.Popen([binary, "serve", "--output", output, "--input", snapshot, "--host", "127.0.0.1", "--port", str(port)],
                             stderr=subprocess.DEVNULL, env=dict(os.environ, HOME=str(work)))
    try:
        netsnap = f"http://127.0.0.1:{port}"
        plain = f"http://127.0.0.1:{nginx_port}"
        wait_for(f"{netsnap}/widgets.json")
        wait_for(f"{plain}/widgets.json")
        time.sleep(0.5)
        workers = nginx_workers(nginx.pid)
        return [(name, measure([serve.pid], netsnap + ours, seconds, warmup), measure(workers, plain + theirs, seconds, warmup))
                for name, ours, theirs in CASES]
    finally:
        serve.terminate()
        nginx.terminate()
        serve.wait()
        nginx.wait()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build-release-static/release/netsnap"))
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    rows = compare(args.binary, args.seconds)
    print(f"wrk -t1 -c16 -d{args.seconds}s; nginx 1 worker; CPU = utime + stime of the server ÷ requests")
    print(f"{'answer':24} {'netsnap req/s':>14} {'µs/req':>7} {'p99 ms':>7} {'nginx req/s':>12} {'µs/req':>7} {'p99 ms':>7} {'CPU ratio':>9}")
    for name, (rate, cpu, p99), (nginx_rate, nginx_cpu, nginx_p99) in rows:
        print(f"{name:24} {rate:14,.0f} {cpu:7.1f} {p99:7.2f} {nginx_rate:12,.0f} {nginx_cpu:7.1f} {nginx_p99:7.2f} "
              f"{cpu / nginx_cpu:8.2f}×")


if __name__ == "__main__":
    main()
