#!/usr/bin/env python3
"""Slow clients against `netsnap serve`: how long a normal client waits while hundreds of
connections trickle their requests in a byte at a time and reconnect when cut off.

    swift build -c release
    python3 scripts/bench-slowloris.py                      # 500 slow connections from 10 addresses
    python3 scripts/bench-slowloris.py --addresses 100      # the same spread over 100 addresses

Everything stays on loopback: the server binds 127.0.0.1, the slow connections come from
127.0.0.2 onwards (Linux routes all of 127.0.0.0/8 to lo), the normal client from 127.0.0.1.
The run is bounded: a fixed number of connections for a fixed time (default 20 s).
"""
import argparse
import asyncio
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def wait_for_server(port, deadline=30):
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


class SlowClients:
    """`count` connections that each send a request line, then one header byte every
    `trickle` seconds, and reconnect at once when the server closes them."""

    def __init__(self, port, count, addresses, trickle):
        self.port, self.count, self.addresses, self.trickle = port, count, addresses, trickle
        self.connects = 0
        self.cut_off = 0
        self.reconnect_delay = 0.2
        self.stopping = False

    async def one(self, index):
        source = f"127.0.0.{2 + index % self.addresses}"
        while not self.stopping:
            writer = None
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0))
                self.connects += 1
                writer.write(b"GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n")
                await writer.drain()
                while not self.stopping:
                    try:
                        await asyncio.wait_for(reader.read(1024), timeout=self.trickle)
                        # Closed, or refused with a response: start over.
                        self.cut_off += 1
                        break
                    except asyncio.TimeoutError:
                        writer.write(b"X")
                        await writer.drain()
            except (OSError, ConnectionError):
                self.cut_off += 1
            finally:
                if writer is not None:
                    writer.close()
            await asyncio.sleep(self.reconnect_delay)

    def start(self):
        return [asyncio.create_task(self.one(index)) for index in range(self.count)]


def normal_request(port, timeout):
    """One request on a fresh connection, blocking: (seconds, status); status 0 on failure."""
    start = time.monotonic()
    status = 0
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.settimeout(max(0.1, timeout - (time.monotonic() - start)))
            connection.sendall(b"GET /badge.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := connection.recv(65536):
                reply += chunk
        if reply.startswith(b"HTTP/1.1 "):
            status = int(reply.split(b" ", 2)[1])
    except (OSError, ValueError):
        pass
    return time.monotonic() - start, status


def probe(port, seconds, timeout, spacing=0.25):
    """The normal client: a request every `spacing` seconds for `seconds`; prints JSON."""
    latencies, statuses = [], []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        latency, status = normal_request(port, timeout)
        latencies.append(latency)
        statuses.append(status)
        time.sleep(spacing)
    print(json.dumps(summary(latencies, statuses)))


async def measure(port, seconds, timeout):
    """Runs the normal client in a process of its own, so the slow clients' event loop
    cannot delay it."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--probe", str(port), "--seconds", str(seconds), "--timeout", str(timeout),
        stdout=asyncio.subprocess.PIPE)
    output, _ = await process.communicate()
    return json.loads(output)


def summary(latencies, statuses):
    ordered = sorted(latencies)
    return {
        "requests": len(latencies),
        "ok": sum(1 for status in statuses if status == 200),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p90_ms": round(ordered[int(len(ordered) * 0.9)] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }


async def run(arguments, port):
    await wait_for_server(port)
    quiet = await measure(port, 3, arguments.timeout)
    slow = SlowClients(port, arguments.connections, arguments.addresses, arguments.trickle)
    tasks = slow.start()
    await asyncio.sleep(arguments.warmup)
    loaded = await measure(port, arguments.seconds, arguments.timeout)
    slow.stopping = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"quiet": quiet, "under_slow_clients": loaded, "slow_connects": slow.connects, "slow_cut_off": slow.cut_off}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/netsnap"))
    parser.add_argument("--connections", type=int, default=500)
    parser.add_argument("--addresses", type=int, default=10, help="source addresses the slow connections share")
    parser.add_argument("--trickle", type=float, default=2.0, help="seconds between a slow connection's bytes")
    parser.add_argument("--seconds", type=float, default=20, help="how long the normal client measures under load")
    parser.add_argument("--warmup", type=float, default=3, help="seconds for the slow connections to pile up first")
    parser.add_argument("--timeout", type=float, default=15, help="the normal client gives up after this")
    parser.add_argument("--probe", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.probe:
        return probe(arguments.probe, arguments.seconds, arguments.timeout)
    if not 1 <= arguments.connections <= 2000 or not 1 <= arguments.addresses <= 250 or arguments.seconds > 120:
        parser.error("bounded: at most 2000 connections, 250 addresses and 120 s")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as work:
        output = Path(work) / "Output"
        subprocess.run([arguments.binary, "render", "--output", output], check=True, capture_output=True)
        port = free_port()
        server = subprocess.Popen([arguments.binary, "serve", "--output", output, "--host", "127.0.0.1", "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            result = asyncio.run(run(arguments, port))
        finally:
            server.terminate()
            server.wait(timeout=10)
    result["setup"] = {key: getattr(arguments, key) for key in ("connections", "addresses", "trickle", "seconds")}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    sys.exit(main())
