"""Starting as an appliance does: arguments under LD_PRELOAD and without /proc, and one
watcher per state folder."""
import glob
import os
import shutil
import subprocess
import time

import pytest

from conftest import NETSNAP, run_netsnap, wait_for


def faketime_library():
    found = glob.glob("/usr/lib/*/faketime/libfaketime.so.1")
    if not found:
        pytest.fail("libfaketime is missing: scripts/setup.sh installs faketime")
    return found[0]


def test_arguments_are_read_under_libfaketime(tmp_path):
    env = dict(os.environ, LD_PRELOAD=faketime_library(), FAKETIME="+365d")
    out = tmp_path / "out"
    done = subprocess.run(
        [str(NETSNAP), "render", "--output", str(out), "--now", "2026-11-21T10:43:00Z"],
        capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert (out / "summary.json").exists(), "render ran with its arguments, not the help"


def test_arguments_are_read_without_proc():
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is missing")
    script = f'umount -l /proc && test ! -e /proc/self/cmdline && exec "{NETSNAP}" validate --help'
    done = subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    text = done.stdout.decode()
    assert "validate" in text and "SUBCOMMANDS" not in text, "the validate command's help, not the whole tree's"


def test_a_second_watcher_on_one_state_folder_exits_2_naming_the_holder(tmp_path):
    state = tmp_path / "state"
    first = subprocess.Popen(
        [str(NETSNAP), "watch", "--sample", "--state", str(state), "--output", str(tmp_path / "a"), "--interval", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: (state / "netsnap.lock").exists() and (state / "netsnap.lock").read_text().strip(), 30, "the lock")
        started = time.monotonic()
        second = run_netsnap("watch", "--sample", "--state", state, "--output", tmp_path / "b", "--interval", "1", check=False)
        assert second.returncode == 2
        assert time.monotonic() - started < 20, "refused at once, not after a cycle"
        message = second.stderr.decode()
        assert str(state) in message and f"process {first.pid}" in message, message
        assert not (tmp_path / "b").exists(), "the second watcher wrote nothing"
    finally:
        first.terminate()
        first.wait(timeout=30)
    # The lock goes with its process: a watcher may start again.
    again = run_netsnap("watch", "--sample", "--state", state, "--output", tmp_path / "c", "--cycles", "1", check=False)
    assert again.returncode == 0, again.stderr.decode()
