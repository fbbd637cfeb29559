"""docs/snapshot.schema.json says what netsnap's decoder enforces: the documents netsnap
accepts validate, and text over a field's limit is refused by both."""
import json

import jsonschema
import pytest

from conftest import ROOT, run_netsnap

SCHEMA = json.loads((ROOT / "docs" / "snapshot.schema.json").read_text())


def validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def test_sample_and_spec_example_validate():
    validator().validate(json.loads(run_netsnap("sample").stdout))
    validator().validate(json.loads((ROOT / "Tests/NetsnapModelTests/Fixtures/spec-example.json").read_text()))


@pytest.mark.parametrize("path, limit", [
    (("status", "ssid"), 32),
    (("status", "ispName"), 256),
    (("status", "asn"), 64),
    (("status", "location", "city"), 128),
    (("targets", 0, "name"), 256),
    (("targets", 0, "host"), 512),
    (("devices", 0, "hostname"), 255),
    (("devices", 0, "customName"), 256),
    (("source", "name"), 256),
])
def test_limits_agree_with_the_decoder(tmp_path, path, limit):
    document = json.loads(run_netsnap("sample").stdout)
    holder = document
    for key in path[:-1]:
        holder = holder.setdefault(key, {}) if isinstance(key, str) else holder[key]
    for length, accepted in ((limit, True), (limit + 1, False)):
        holder[path[-1]] = "x" * length
        file = tmp_path / "snapshot.json"
        file.write_text(json.dumps(document))
        result = run_netsnap("validate", file, check=False)
        assert (result.returncode == 0) == accepted, result.stderr.decode()
        assert validator().is_valid(document) == accepted
        if not accepted:
            dotted = ".".join(f"[{key}]" if isinstance(key, int) else key for key in path).replace(".[", "[")
            assert f"{dotted}: expected" in result.stderr.decode()


@pytest.mark.parametrize("key, value, accepted", [
    ("lossPercent", 0, True), ("lossPercent", 100, True), ("lossPercent", 100.5, False), ("lossPercent", -1, False),
    ("jitterMs", 0, True), ("jitterMs", 12.5, True), ("jitterMs", -0.5, False), ("jitterMs", "4 ms", False),
])
def test_loss_and_jitter_bounds_agree_with_the_decoder(tmp_path, key, value, accepted):
    document = json.loads(run_netsnap("sample").stdout)
    document["targets"][0][key] = value
    file = tmp_path / "snapshot.json"
    file.write_text(json.dumps(document))
    result = run_netsnap("validate", file, check=False)
    assert (result.returncode == 0) == accepted, result.stderr.decode()
    assert validator().is_valid(document) == accepted
    if not accepted:
        assert f"targets[0].{key}: expected" in result.stderr.decode()


@pytest.mark.parametrize("key, value, accepted", [
    ("connection", "wired", True), ("connection", "wireless", True), ("connection", None, True),
    ("connection", "wifi", False), ("connection", 1, False),
    ("connectedVia", "0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D0001", True), ("connectedVia", "00000000-0000-4000-8000-000000000000", True),
    ("connectedVia", "switch", False), ("connectedVia", 7, False),
])
def test_connection_fields_agree_with_the_decoder(tmp_path, key, value, accepted):
    """A connectedVia naming no device of the snapshot is valid (the map draws that device off the gateway)."""
    document = json.loads(run_netsnap("sample").stdout)
    document["devices"][3][key] = value
    file = tmp_path / "snapshot.json"
    file.write_text(json.dumps(document))
    result = run_netsnap("validate", file, check=False)
    assert (result.returncode == 0) == accepted, result.stderr.decode()
    assert validator().is_valid(document) == accepted
    if not accepted:
        assert f"devices[3].{key}: " in result.stderr.decode()
