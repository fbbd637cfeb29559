"""One machine, as an operator meets it (issue #35): `render` where /proc is not mounted (a
chroot, some sandboxes) finds its shipped files and exits 0 instead of a Swift trap; and a
history backfill honours the maintenance windows that covered each imported moment, with
`maintenance list --all` still showing the past ones."""
import json
import os
import shutil
import subprocess
from datetime import datetime, timedelta, timezone

import pytest

from conftest import NETSNAP, run_netsnap
from test_push_cli import snapshot_with_nas


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for a mount namespace")
def test_render_without_proc_finds_its_files(tmp_path):
    out = tmp_path / "out"
    # A mount namespace of its own whose /proc is unmounted: the host's stays as it is.
    script = f'umount -l /proc && exec "{NETSNAP}" render --output "{out}"'
    result = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script],
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    assert json.loads((out / "widgets.json").read_text())["small"]
    assert "<html" in (out / "index.html").read_text()


def test_history_import_applies_the_maintenance_windows_of_each_moment(tmp_path):
    day = datetime(2026, 11, 20, tzinfo=timezone.utc)
    window = (day + timedelta(hours=2), day + timedelta(hours=5))
    config = tmp_path / "netsnap.yml"
    config.write_text("timeZone: UTC\n")
    state = tmp_path / "state"
    # A window stored before the backfill (as `maintenance add` leaves it), over by now.
    run_netsnap("maintenance", "add", "--state", str(state), "--config", str(config), "--targets", "NAS", "--note", "firmware",
                "--from", f"{window[0]:%Y-%m-%dT%H:%M:%SZ}", "--until", f"{window[1]:%Y-%m-%dT%H:%M:%SZ}")
    lines = []
    for step in range(0, 2 * 24 * 4):  # two days, every 15 min
        at = day + timedelta(minutes=15 * step)
        down = window[0] <= at < window[1]  # the NAS is down only inside the window
        lines.append(json.dumps(snapshot_with_nas(not down, at)))
    backfill = tmp_path / "backfill.jsonl"
    backfill.write_text("\n".join(lines) + "\n")
    run_netsnap("history", "import", str(backfill), "--state", str(state), "--config", str(config))

    # The day as a watcher shows it afterwards: no incident, no day "down" for the NAS.
    last = snapshot_with_nas(True, day + timedelta(days=2, minutes=5))
    current = tmp_path / "now.json"
    current.write_text(json.dumps(last))
    out = tmp_path / "out"
    run_netsnap("watch", "--input", str(current), "--cycles", "1", "--state", str(state), "--output", str(out),
                "--config", str(config))
    incidents = json.loads((out / "incidents.json").read_text())
    assert [i for i in incidents.get("incidents", []) if i.get("name") == "NAS"] == [], incidents
    uptime = json.loads((out / "uptime.json").read_text())
    nas = next(s for s in uptime["series"] if s["name"] == "NAS")
    that_day = next(d for d in nas["days"] if d["date"] == "2026-11-20")
    assert that_day["worst"] != "down" and that_day["incidents"] == 0, that_day

    # The window is over, yet still listed with --all.
    plain = run_netsnap("maintenance", "list", "--state", str(state), "--config", str(config)).stdout.decode()
    every = run_netsnap("maintenance", "list", "--all", "--state", str(state), "--config", str(config)).stdout.decode()
    assert "firmware" in every and "[past]" in every, every
    assert "firmware" not in plain, plain
