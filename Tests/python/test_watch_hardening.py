"""`netsnap watch` as an attacker or a crash leaves things: honest exit codes, leftovers
removed, log lines that cannot be forged."""
import json
from datetime import datetime, timedelta

from conftest import run_netsnap


def test_watch_exits_3_when_no_cycle_could_write(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    result = run_netsnap("watch", "--sample", "--interval", 1, "--cycles", 2, "--output", blocker / "out",
                         "--state", tmp_path / "state", check=False)
    stderr = result.stderr.decode()
    assert result.returncode == 3, stderr
    assert "none of 2 watch cycles succeeded" in stderr
    assert "cannot write" in stderr


def test_watch_exits_1_when_no_cycle_had_a_valid_snapshot(tmp_path):
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text('{"schemaVersion": 1}')
    result = run_netsnap("watch", "--input", snapshot, "--interval", 1, "--cycles", 1, "--output", tmp_path / "out",
                         "--state", tmp_path / "state", check=False)
    assert result.returncode == 1, result.stderr.decode()


def test_watch_exits_0_when_a_cycle_succeeded(tmp_path):
    result = run_netsnap("watch", "--sample", "--interval", 1, "--cycles", 1, "--output", tmp_path / "out",
                         "--state", tmp_path / "state", check=False)
    assert result.returncode == 0, result.stderr.decode()


def test_watch_removes_leftover_temporary_files_at_start(tmp_path):
    out = tmp_path / "out"
    (out / "tiles").mkdir(parents=True)
    gone = 2_147_483_600  # above the kernel's pid_max: no such process
    leftovers = [out / f".widgets.json.{gone}.tmp", out / "tiles" / f".small@2x-dark.png.{gone}.tmp"]
    for path in leftovers:
        path.write_text("half a file")
    kept = out / "notes.tmp"
    kept.write_text("mine")
    result = run_netsnap("watch", "--sample", "--interval", 1, "--cycles", 1, "--output", out,
                         "--state", tmp_path / "state", check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert [path for path in leftovers if path.exists()] == []
    assert kept.read_text() == "mine"
    assert "removed a temporary file an interrupted run left behind" in result.stderr.decode()


def test_names_cannot_forge_log_lines(tmp_path):
    """A new device named with a newline and escape codes logs as one line, escaped."""
    sample = json.loads(run_netsnap("sample").stdout)
    state, out = tmp_path / "state", tmp_path / "out"
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text(json.dumps(sample))
    run_netsnap("watch", "--input", snapshot, "--interval", 1, "--cycles", 1, "--output", out, "--state", state)
    forged = dict(sample["devices"][0])
    forged["id"] = "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9AFF"
    forged["macAddress"] = "3c:22:fb:de:ad:01"
    forged["ipAddress"] = "192.168.1.250"
    forged["customName"] = "TV\nnetsnap.watch : kind=forged\x1b[2J\x00\u2028"
    sample["devices"].append(forged)
    later = datetime.fromisoformat(sample["generatedAt"].replace("Z", "+00:00")) + timedelta(minutes=1)
    sample["generatedAt"] = sample["status"]["updatedAt"] = later.strftime("%Y-%m-%dT%H:%M:%SZ")
    snapshot.write_text(json.dumps(sample))
    result = run_netsnap("watch", "--input", snapshot, "--interval", 1, "--cycles", 1, "--output", out, "--state", state)
    stderr = result.stderr.decode()
    assert "kind=forged" in stderr, stderr
    lines = [line for line in stderr.splitlines() if "kind=forged" in line]
    assert len(lines) == 1 and "New device" in lines[0], lines
    assert "\x1b" not in stderr and "\x00" not in stderr and "\u2028" not in stderr
    assert r"TV\nnetsnap.watch : kind=forged\u{1B}[2J\u{0}\u{2028}" in lines[0]
