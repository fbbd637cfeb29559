"""Log lines under systemd: when JOURNAL_STREAM names standard error, the journal stamps each
line itself, so netsnap leaves its own time out; anywhere else (a terminal, a file, a
JOURNAL_STREAM inherited by a child whose stderr went elsewhere) lines keep it."""
import os
import re
import subprocess

from conftest import NETSNAP

TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def watch_once(tmp_path, journal_stream):
    """Runs one watch cycle with stderr on a pipe; journal_stream(dev, ino) gives JOURNAL_STREAM."""
    read_end, write_end = os.pipe()
    status = os.fstat(write_end)
    env = dict(os.environ)
    env.pop("JOURNAL_STREAM", None)
    value = journal_stream(status.st_dev, status.st_ino)
    if value is not None:
        env["JOURNAL_STREAM"] = value
    try:
        process = subprocess.run(
            [str(NETSNAP), "watch", "--sample", "--cycles", "1", "--output", tmp_path / "out", "--state", tmp_path / "state"],
            stdout=subprocess.DEVNULL, stderr=write_end, env=env, timeout=120)
    finally:
        os.close(write_end)
    with os.fdopen(read_end) as stream:
        lines = stream.read().splitlines()
    assert process.returncode == 0, lines
    assert any("watch started" in line for line in lines), lines
    return lines


def test_journal_lines_leave_the_time_out(tmp_path):
    lines = watch_once(tmp_path, lambda dev, ino: f"{dev}:{ino}")
    assert lines and not any(TIMESTAMP.match(line) for line in lines), lines
    assert any(line.startswith("info netsnap.watch: ") for line in lines), lines


def test_other_streams_keep_the_time(tmp_path):
    for journal_stream in (lambda dev, ino: None, lambda dev, ino: f"{dev}:{ino + 1}", lambda dev, ino: "garbage"):
        lines = watch_once(tmp_path, journal_stream)
        assert all(TIMESTAMP.match(line) for line in lines), lines
