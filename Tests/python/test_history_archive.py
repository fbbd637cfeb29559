"""The snapshot archive from the outside: `history list | export | import` and `render --at`."""
import datetime as dt
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
    again = run_netsnap("history", "import", "--state", other, dump).stdout.decode().strip()
    assert again.startswith(f"{dump}: 0 snapshots recorded, 4 skipped (the history already reached {times[-1][:19]}")


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


def minutes(template, first, last, down=()):
    """Snapshots one minute apart from minute `first` to `last` (inclusive), the NAS down in `down`."""
    start = dt.datetime(2026, 10, 1, tzinfo=dt.timezone.utc)
    lines = []
    for minute in range(first, last + 1):
        snapshot = json.loads(json.dumps(template))
        stamp = (start + dt.timedelta(minutes=minute)).strftime("%Y-%m-%dT%H:%M:%SZ")
        snapshot["generatedAt"] = snapshot["status"]["updatedAt"] = stamp
        for target in snapshot["targets"]:
            target["isOnline"] = not (target["name"] == "NAS" and minute in down)
            target["lastChecked"] = stamp
        lines.append(json.dumps(snapshot))
    return "".join(line + "\n" for line in lines)


def test_a_backfill_only_extends_the_history(tmp_path):
    """Older or overlapping snapshots never enter: nothing is duplicated, reordered or re-detected."""
    template = json.loads(run_netsnap("sample").stdout)
    state = tmp_path / "state"
    newer, everything, later = tmp_path / "newer.jsonl", tmp_path / "all.jsonl", tmp_path / "later.jsonl"
    newer.write_text(minutes(template, 5, 9))
    # The NAS was down for minutes 0–4: older than the history once minutes 5–9 are in.
    everything.write_text(minutes(template, 0, 9, down=range(0, 5)))
    later.write_text(minutes(template, 8, 14))
    assert run_netsnap("history", "import", "--state", state, newer).stdout.decode().strip() == f"{newer}: 5 snapshots recorded"
    refused = run_netsnap("history", "import", "--state", state, everything).stdout.decode().strip()
    assert refused == (f"{everything}: 0 snapshots recorded, 10 skipped (the history already reached 2026-10-01T00:09:00Z; "
                       "a backfill only adds what is newer)")
    # Between two stored snapshots (a gap of a minute) is not newer either.
    between = tmp_path / "between.jsonl"
    between.write_text(minutes(template, 7, 7).replace("00:07:00Z", "00:07:30Z"))
    assert run_netsnap("history", "import", "--state", state, between).stdout.decode().startswith(f"{between}: 0 snapshots recorded, 1 skipped")
    assert run_netsnap("history", "import", "--state", state, later).stdout.decode().startswith(f"{later}: 5 snapshots recorded, 2 skipped")
    stored = [json.loads(line)["generatedAt"] for line in run_netsnap("history", "export", "--state", state).stdout.decode().splitlines()]
    assert stored == [f"2026-10-01T00:{minute:02d}:00Z" for minute in range(5, 15)]
    # The skipped outage left no trace: no event, no incident, every check up.
    out = tmp_path / "out"
    run_netsnap("render", "--at", stored[-1], "--state", state, "--output", out, "--no-tiles")
    assert json.loads((out / "incidents.json").read_text())["incidents"] == []
    nas = next(s for s in json.loads((out / "uptime.json").read_text())["series"] if s["name"] == "NAS")
    assert nas["uptime"]["24h"] == 100
