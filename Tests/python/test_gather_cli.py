"""`netsnap gather` and `render --gather` on this host, passively (the default config sends nothing)."""
import json

from conftest import run_netsnap


def test_passive_gather_writes_a_valid_local_snapshot(tmp_path):
    out = tmp_path / "snapshot.json"
    state = tmp_path / "state"
    config = tmp_path / "netsnap.yml"
    config.write_text(f"state: {state}\n")
    result = run_netsnap("gather", "--config", config, "-o", out)
    snapshot = json.loads(out.read_text())
    assert snapshot["source"]["kind"] == "local"
    assert snapshot["targets"] == [], "no probes unless configured"
    assert run_netsnap("validate", out).stdout.decode().startswith(f"{out}: ok:")
    assert list(state.glob("gather-state-*.json")), "device memory kept in the state folder, per network"
    assert all(line.startswith("note: ") for line in result.stderr.decode().splitlines())


def test_render_gather_renders_this_host(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text(f"state: {tmp_path / 'state'}\n")
    out = tmp_path / "out"
    run_netsnap("render", "--gather", "--config", config, "--output", out, "--no-tiles")
    widgets = json.loads((out / "widgets.json").read_text())
    assert widgets["overall"] in ("online", "degraded", "offline")


def test_sweep_needs_gather():
    assert run_netsnap("render", "--sweep", check=False).returncode == 2


def test_a_speed_report_joins_the_snapshot_and_the_outputs(tmp_path):
    """`speed:` reading a LibreSpeed report (the file a user's timer writes): the snapshot gets
    its `speed`, validated; `render --gather` puts it in widgets.json and the dashboard's card;
    the state folder keeps it for the next run."""
    report = tmp_path / "librespeed.json"
    report.write_text(json.dumps([{"timestamp": "2026-11-28T07:00:12+01:00", "server": {"name": "Example ISP"},
                                   "ping": 12.5, "jitter": 1.5, "download": 94.2, "upload": 18.7,
                                   "bytes_sent": 23375000, "bytes_received": 117750000}]))
    state = tmp_path / "state"
    config = tmp_path / "netsnap.yml"
    config.write_text(f"state: {state}\nspeed:\n  file: {report}\n  format: librespeed\n")
    out = tmp_path / "snapshot.json"
    run_netsnap("gather", "--config", config, "-o", out)
    speed = json.loads(out.read_text())["speed"]
    assert speed == {"measuredAt": "2026-11-28T06:00:12Z", "downloadMbps": 94.2, "uploadMbps": 18.7, "latencyMs": 12.5,
                     "jitterMs": 1.5, "server": "Example ISP", "tool": "librespeed", "bytesUsed": 141125000}
    assert run_netsnap("validate", out).stdout.decode().startswith(f"{out}: ok:")
    assert json.loads((state / "speed.json").read_text())["result"] == speed
    rendered = tmp_path / "out"
    run_netsnap("render", "--gather", "--config", config, "--output", rendered, "--no-tiles")
    assert json.loads((rendered / "widgets.json").read_text())["speed"]["downloadMbps"] == 94.2
    assert 'data-bind="speed.downloadMbps"' in (rendered / "index.html").read_text()


def test_a_speed_section_without_a_source_is_refused_with_its_key(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("speed:\n  format: ookla\n")
    result = run_netsnap("config", "check", config, check=False)
    assert result.returncode == 2
    assert "speed: expected exactly one of iperf3, command, file or url, found 0" in result.stderr.decode()
