"""Shared helpers for the outside-client tests: they run the real `netsnap` binary."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NETSNAP = ROOT / ".build" / "debug" / "netsnap"


def run_netsnap(*args, check=True, input=None):
    """Runs netsnap with args; returns the CompletedProcess."""
    if not NETSNAP.exists():
        pytest.fail(f"{NETSNAP} is missing: run `swift build` first (make test does)")
    return subprocess.run([str(NETSNAP), *map(str, args)], capture_output=True, input=input, check=check, timeout=120)


@pytest.fixture
def render(tmp_path):
    """Renders into a fresh folder and returns it; extra args are passed to `netsnap render`."""
    def _render(*args):
        out = tmp_path / "Output"
        run_netsnap("render", "--output", out, "--now", "2026-11-21T10:43:00Z", *args)
        return out
    return _render
