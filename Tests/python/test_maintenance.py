"""Maintenance windows against a real notification sink on loopback: what a window covers
notifies nobody and is marked on the outputs; when it ends, a target still down notifies at
once and opens an incident."""
import json
import time
from datetime import datetime, timedelta, timezone

from conftest import run_netsnap
from test_push_cli import Watch, sink, snapshot_with_nas, wait_for, watches, write_snapshot  # noqa: F401 (fixtures)


def snapshot(at, nas, router=True):
    shot = snapshot_with_nas(nas, at)
    for target in shot["targets"]:
        if target["name"] == "Router":
            target["isOnline"] = router
    return shot


def test_maintenance_holds_notifications_and_ends_loudly(tmp_path, sink, watches):
    config = f"events:\n  failuresBeforeEvent: 1\nnotify:\n  cooldownSeconds: 0\n  webhooks:\n    - url: {sink.url}/hook\n"
    watch = Watch(tmp_path, config)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    start = (now - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    added = run_netsnap("maintenance", "add", "--state", watch.state, "--config", watch.config, "--targets", "nas", "--from", start,
                        "--for", "1h", "--note", "firmware update").stdout.decode()
    window = added.split()[2]
    listed = run_netsnap("maintenance", "list", "--state", watch.state, "--config", watch.config).stdout.decode()
    assert "nas  — firmware update  [now]" in listed
    write_snapshot(watch.snapshot_file, snapshot(now, nas=True))
    watches.append(watch.start())
    out = tmp_path / "out"
    wait_for(lambda: (out / "widgets.json").exists(), 60, "a first cycle")
    widgets = json.loads((out / "widgets.json").read_text())
    assert widgets["maintenance"] == {"everything": False, "targets": ["NAS"], "notes": ["firmware update"]}

    # The NAS goes down under maintenance, the router outside it: only the router notifies.
    write_snapshot(watch.snapshot_file, snapshot(now + timedelta(seconds=1), nas=False, router=False))
    wait_for(lambda: sink.delivered("/hook"), 20, "the router's notification")
    time.sleep(2.5)
    titles = [json.loads(r["body"])["title"] for r in sink.delivered("/hook")]
    assert titles == ["Router is down"], titles
    feed = json.loads((out / "feed.json").read_text())
    assert any(item["title"] == "Maintenance · NAS is down" for item in feed["items"])
    incidents = json.loads((out / "incidents.json").read_text())["incidents"]
    assert [i["name"] for i in incidents] == ["Router"], "maintenance opens no incident"

    # The window ends with the NAS still down: a notification at once, and an incident.
    run_netsnap("maintenance", "end", "--state", watch.state, "--config", watch.config, window)
    # Taken after the window's end: the snapshot's own time decides what is covered.
    after = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=1)
    write_snapshot(watch.snapshot_file, snapshot(after, nas=False, router=False))
    wait_for(lambda: len(sink.delivered("/hook")) >= 2, 20, "the NAS's notification after maintenance")
    last = json.loads(sink.delivered("/hook")[-1]["body"])
    assert last["title"] == "NAS is still down after maintenance"
    wait_for(lambda: "NAS" in [i["name"] for i in json.loads((out / "incidents.json").read_text())["incidents"]], 20,
             "the NAS's incident")
    assert json.loads((out / "widgets.json").read_text())["maintenance"] is None
    uptime = json.loads((out / "uptime.json").read_text())
    nas = next(s for s in uptime["series"] if s["name"] == "NAS")
    assert nas["days"][-1]["worst"] == "down"
    done = run_netsnap("maintenance", "end", "--state", watch.state, window, check=False)
    assert done.returncode == 1


def test_config_windows_and_bad_ones(tmp_path):
    good = tmp_path / "good.yml"
    good.write_text("maintenance:\n  - {days: [sun], from: '02:00', until: '04:00', targets: [NAS], note: backups}\n"
                    "  - {start: 2026-11-29T02:00:00Z, end: 2026-11-29T03:00:00Z}\n")
    assert run_netsnap("config", "check", good).returncode == 0
    listed = run_netsnap("maintenance", "list", "--config", good, "--state", tmp_path / "s").stdout.decode()
    assert "weekly sun 02:00–04:00 (config)  NAS  — backups" in listed
    bad = tmp_path / "bad.yml"
    bad.write_text("maintenance:\n  - {start: 2026-11-29T04:00:00Z, end: 2026-11-29T03:00:00Z}\n")
    done = run_netsnap("config", "check", bad, check=False)
    assert done.returncode == 2 and "maintenance[0].end: the window must end after it starts" in done.stderr.decode()
    assert run_netsnap("maintenance", "add", "--state", tmp_path / "s", "--for", "2 hours", check=False).returncode == 2
