"""Shared helpers for the outside-client tests: they run the real `netsnap` binary."""
import os
import pathlib
import socket
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NETSNAP = ROOT / ".build" / "debug" / "netsnap"


def run_netsnap(*args, check=True, input=None, env=None):
    """Runs netsnap with args (and `env` added to the environment); returns the CompletedProcess."""
    if not NETSNAP.exists():
        pytest.fail(f"{NETSNAP} is missing: run `swift build` first (make test does)")
    environment = {**os.environ, **env} if env else None
    return subprocess.run([str(NETSNAP), *map(str, args)], capture_output=True, input=input, check=check, timeout=120,
                          env=environment)


@pytest.fixture
def render(tmp_path):
    """Renders into a fresh folder and returns it; extra args are passed to `netsnap render`."""
    def _render(*args):
        out = tmp_path / "Output"
        run_netsnap("render", "--output", out, "--now", "2026-11-21T10:43:00Z", *args)
        return out
    return _render


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(predicate, seconds, what):
    """Polls predicate until it returns something true, which it returns; fails after seconds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"timed out after {seconds} s waiting for {what}")


def wait_listening(process, port, seconds=20):
    """Waits until 127.0.0.1:port takes connections; fails with the process's stderr if it
    exits first, or after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if process.poll() is not None:
                pytest.fail(f"serve exited: {process.stderr.read().decode()}")
            time.sleep(0.1)
    pytest.fail("serve did not start listening")
