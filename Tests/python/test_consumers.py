"""The Home Assistant and Homepage examples of docs/outputs.md (once the README's), read the way
those tools read them (test_homeassistant.py runs the same examples in a real Home Assistant).

Home Assistant's REST sensor renders `value_template` and `availability` with Jinja2 over
`value_json` (the parsed response), takes availability through `result_as_boolean`
(cv.boolean: true/yes/on/1 and their opposites, anything else false) and refuses a
non-numeric state for a sensor with a unit or state class. Homepage's customapi widget
reads a field with `?? null`, applies the first `remap` whose `value` is identical, then
the `format` (number: parseInt then Intl.NumberFormat, so a non-number becomes "NaN"), then
`prefix` and `suffix`. Both are re-stated here from their source, not copied.
"""
import json
import math
import re

import pytest
import yaml
from jinja2.sandbox import ImmutableSandboxedEnvironment

from conftest import ROOT, run_netsnap


def readme_block(start):
    blocks = re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "outputs.md").read_text(), re.S)
    found = [b for b in blocks if b.lstrip().startswith(start)]
    assert len(found) == 1, f"one README block starting with {start!r}"
    return yaml.safe_load(found[0])


def summary(tmp_path, *, latency, now):
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = "2026-11-21T10:42:00Z"
    if latency is None:
        snapshot["status"].pop("gatewayLatency", None)
    else:
        snapshot["status"]["gatewayLatency"] = latency
    path = tmp_path / "snapshot.json"
    path.write_text(json.dumps(snapshot))
    out = tmp_path / "out"
    config = tmp_path / "netsnap.yml"
    config.write_text("timeZone: UTC\n")
    run_netsnap("render", "--input", path, "--output", out, "--now", now, "--no-tiles", "--config", config)
    return json.loads((out / "summary.json").read_text())


CASES = [
    pytest.param(4.2, "2026-11-21T10:43:00Z", id="fresh-measured"),
    pytest.param(None, "2026-11-21T10:43:00Z", id="fresh-not-measured"),
    pytest.param(4.2, "2026-11-23T10:43:00Z", id="stale"),
]


def ha_boolean(text):
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on", "enable"):
        return True
    return False


def ha_states(config, data):
    environment = ImmutableSandboxedEnvironment()
    states = {}
    for sensor in config[0]["sensor"]:
        variables = {"value_json": data, "value": json.dumps(data)}
        if "availability" in sensor and not ha_boolean(environment.from_string(sensor["availability"]).render(variables)):
            states[sensor["name"]] = "unavailable"
            continue
        state = environment.from_string(sensor["value_template"]).render(variables)
        if "unit_of_measurement" in sensor or "state_class" in sensor:
            number = float(state)  # Home Assistant refuses anything else for a numeric sensor.
            assert math.isfinite(number), (sensor["name"], state)
        assert state not in ("None", "", "null"), (sensor["name"], state)
        for attribute in sensor.get("json_attributes", []):
            assert attribute in data, attribute
        states[sensor["name"]] = state
    return states


def ha_template_states(config, rest_config, rest_states, data):
    """Template sensors over the REST sensors' attributes: an unavailable entity has none, and
    `availability` is rendered before the state."""
    environment = ImmutableSandboxedEnvironment()
    attributes = {f"sensor.{re.sub(r'[^a-z0-9]+', '_', sensor['name'].lower())}":
                  {name: data[name] for name in sensor.get("json_attributes", [])} if rest_states[sensor["name"]] != "unavailable" else {}
                  for sensor in rest_config[0]["sensor"]}
    variables = {"state_attr": lambda entity, name: attributes.get(entity, {}).get(name)}
    states = {}
    for sensor in config[0]["sensor"]:
        if not ha_boolean(environment.from_string(sensor["availability"]).render(variables)):
            states[sensor["name"]] = "unavailable"
            continue
        state = environment.from_string(sensor["state"]).render(variables)
        assert math.isfinite(float(state)), (sensor["name"], state)
        states[sensor["name"]] = state
    return states


@pytest.mark.parametrize("latency, now", CASES)
def test_home_assistant_rest_sensors_stay_valid(tmp_path, latency, now):
    block = readme_block("rest:")
    config = block["rest"]
    data = summary(tmp_path, latency=latency, now=now)
    states = ha_states(config, data)
    states.update(ha_template_states(block["template"], config, states, data))
    stale = now.startswith("2026-11-23")
    assert states["Network"] == ("unavailable" if stale else "degraded")
    assert states["Gateway latency"] == ("4.2" if latency and not stale else "unavailable")
    assert float(states["Network data age"]) == (60 if not stale else 2 * 86400 + 60)


def homepage_number(value):
    """parseInt then Intl.NumberFormat('en'): digits with commas, or NaN."""
    if isinstance(value, bool) or value is None:
        return "NaN"
    match = re.match(r"\s*([+-]?\d+)", str(value))
    return f"{int(match.group(1)):,}" if match else "NaN"


def homepage_value(mapping, data):
    value = data.get(mapping["field"])
    for remap in mapping.get("remap", []):
        if remap.get("any") or ("value" in remap and remap["value"] == value and type(remap["value"]) is type(value)):
            value = remap["to"]
            break
    form = mapping.get("format", "text")
    if form == "number":
        value = homepage_number(value)
    elif form == "float":
        value = "NaN" if not isinstance(value, (int, float)) or isinstance(value, bool) else f"{value:,}"
    else:
        value = "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    if mapping.get("prefix"):
        value = f"{mapping['prefix']} {value}"
    if mapping.get("suffix"):
        value = f"{value} {mapping['suffix']}"
    return value


@pytest.mark.parametrize("latency, now", CASES)
def test_homepage_customapi_shows_no_nan_or_null(tmp_path, latency, now):
    services = readme_block("- Network:")
    widget = services[0]["Network"][0]["netsnap"]["widget"]
    data = summary(tmp_path, latency=latency, now=now)
    shown = {mapping["label"]: homepage_value(mapping, data) for mapping in widget["mappings"]}
    for label, text in shown.items():
        assert not re.search(r"NaN|null|undefined|None", text), (label, text)
    assert shown["Gateway"] == ("4.2 ms" if latency else "\u2014")
    if now.startswith("2026-11-23"):
        assert shown["Data"] == "Stale \u00b7 2 days \u2014 since 21 Nov 10:42"
