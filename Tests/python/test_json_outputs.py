"""widgets.json against the shipped JSON Schema (draft 2020-12), with a real validator."""
import json

import jsonschema
import pytest

from conftest import ROOT, run_netsnap

SCHEMA = json.loads((ROOT / "docs" / "widgets.schema.json").read_text())


def validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


@pytest.mark.parametrize("extra", [[], ["--redact"]])
def test_widgets_json_matches_schema(render, extra):
    out = render(*extra)
    document = json.loads((out / "widgets.json").read_text())
    errors = sorted(validator().iter_errors(document), key=lambda e: e.path)
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert document["overall"] == "degraded"
    assert document["redacted"] == bool(extra)


def test_minimal_snapshot_with_nulls_matches_schema(tmp_path, render):
    snapshot = tmp_path / "minimal.json"
    snapshot.write_text(json.dumps({
        "schemaVersion": 1, "generatedAt": "2026-11-21T10:42:00Z",
        "status": {"connectionType": "none", "updatedAt": "2026-11-21T10:42:00Z"},
    }))
    document = json.loads((render("--input", snapshot) / "widgets.json").read_text())
    assert not list(validator().iter_errors(document))
    assert document["overall"] == "offline"
    assert document["medium"]["gatewayLatencyMs"] is None
    assert document["small"]["networkName"] == "No network"


def test_schema_rejects_a_renamed_key(render):
    document = json.loads((render() / "widgets.json").read_text())
    document["small"]["ssid"] = document["small"].pop("networkName")
    assert list(validator().iter_errors(document)), "the schema must catch a renamed key"


def test_badge_and_summary_shapes(render):
    out = render()
    badge = json.loads((out / "badge.json").read_text())
    assert badge == {"schemaVersion": 1, "label": "network", "message": "degraded · 5/6 targets",
                     "color": "f59e0b", "cacheSeconds": 300}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["state"] == "degraded" and len(summary["state"]) <= 255
    assert all(not isinstance(v, (dict, list)) for v in summary.values())


def test_validate_reports_ok_and_errors(tmp_path):
    good = tmp_path / "good.json"
    good.write_bytes(run_netsnap("sample").stdout)
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"signalDBm": -58', '"signalDBm": 12'))
    result = run_netsnap("validate", good, bad, check=False)
    assert result.returncode == 1
    assert f"{good}: ok: 6 targets, 15 devices" in result.stdout.decode()
    assert f"error: {bad}: status.signalDBm: expected an integer -120…0, found 12" in result.stderr.decode()


def test_exit_codes(tmp_path):
    assert run_netsnap("render", "--bogus", check=False).returncode == 2
    config = tmp_path / "bad.yml"
    config.write_text("freshness: 5\n")
    result = run_netsnap("render", "--config", config, "--output", tmp_path / "o", check=False)
    assert result.returncode == 2 and "freshness: unknown key" in result.stderr.decode()
    result = run_netsnap("render", "--input", "-", "--output", tmp_path / "o", check=False, input=b"[")
    assert result.returncode == 1 and "error: stdin: line 1, column 2" in result.stderr.decode()
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    assert run_netsnap("render", "--output", blocker / "sub", check=False).returncode == 3


@pytest.mark.parametrize("interval", ["nan", "inf", "0.5", "1e30"])
def test_watch_refuses_bad_intervals(tmp_path, interval):
    result = run_netsnap("watch", "--sample", "--interval", interval, "--cycles", 1, "--output", tmp_path / "o",
                         "--state", tmp_path / "s", check=False)
    assert result.returncode == 2, result.stderr.decode()
