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
