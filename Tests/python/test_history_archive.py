"""The snapshot archive from the outside: `history list | export | import` and `render --at`."""
import json

from conftest import run_netsnap


def watch_sample(tmp_path, cycles=4):
    state = tmp_path / "state"
    run_netsnap("watch", "--sample", "--interval", "1", "--cycles", cycles, "--state", state, "--output", tmp_path / "out")
    return state


def test_export_import_round_trip(tmp_path):
    state = watch_sample(tmp_path)
    listed = run_netsnap("history", "list", "--state", state).stdout.decode().splitlines()
    assert len(listed) == 4
    exported = run_netsnap("history", "export", "--state", state).stdout
    lines = exported.decode().splitlines()
    assert len(lines) == 4
    times = [json.loads(line)["generatedAt"] for line in lines]
    assert times == sorted(times) and [line.split()[0] for line in listed] == times
    dump = tmp_path / "export.jsonl"
    dump.write_bytes(exported)
    other = tmp_path / "other"
    done = run_netsnap("history", "import", "--state", other, dump)
    assert done.stdout.decode().strip() == f"{dump}: 4 snapshots recorded"
    assert run_netsnap("history", "export", "--state", other).stdout == exported
    # Importing the same file again adds nothing: they are replays now.
    assert run_netsnap("history", "import", "--state", other, dump).stdout.decode().strip() == f"{dump}: 0 snapshots recorded"


def test_render_at_shows_the_past_as_it_was_and_stale(tmp_path):
    state = watch_sample(tmp_path)
    lines = run_netsnap("history", "export", "--state", state).stdout.decode().splitlines()
    second = json.loads(lines[1])["generatedAt"]
    out = tmp_path / "then"
    run_netsnap("render", "--at", second, "--state", state, "--output", out, "--no-tiles")
    widgets = json.loads((out / "widgets.json").read_text())
    assert widgets["snapshotAt"] == second
    assert widgets["generatedAt"].startswith(second[:19])
    # A moment a day later: the same snapshot, never re-dated, and past its expiry.
    later = run_netsnap("render", "--at", "2099-01-01T00:00:00Z", "--state", state, "--output", tmp_path / "later", "--no-tiles")
    assert later.returncode == 0
    stale = json.loads((tmp_path / "later" / "widgets.json").read_text())
    assert stale["snapshotAt"] == json.loads(lines[-1])["generatedAt"]
    assert stale["expiresAt"] < stale["generatedAt"]


def test_render_at_before_the_archive_is_refused(tmp_path):
    state = watch_sample(tmp_path, cycles=1)
    done = run_netsnap("render", "--at", "2001-01-01T00:00:00Z", "--state", state, "--output", tmp_path / "x", check=False)
    assert done.returncode == 1
    assert "no archived snapshot at or before" in done.stderr.decode()
    done = run_netsnap("render", "--at", "yesterday", "--state", state, check=False)
    assert done.returncode == 2


def test_a_bad_import_line_is_named(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"schemaVersion": 1}\n')
    done = run_netsnap("history", "import", "--state", tmp_path / "s", bad, check=False)
    assert done.returncode == 1
    assert f"{bad}: line 1" in done.stderr.decode()
