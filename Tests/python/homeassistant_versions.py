"""The Home Assistant cores the tests run against — both ends of the supported range — and a
real Home Assistant to run on one of them (not a test itself).

    from homeassistant_versions import HomeAssistant, ends

    @pytest.mark.parametrize("end", ends(), ids=str)
    def test_something(tmp_path, end):
        ha = HomeAssistant(tmp_path / "ha", "template: …", end)

Each end is a core installed by `bash scripts/setup-homeassistant.sh` into a virtualenv of its
own under .build/, and is skipped, saying why, where that virtualenv is missing:

- `2024.3.3`: the oldest core netsnap supports (Python 3.11), in .build/homeassistant;
- `2026.2.3`: the newest it is tested on whole (Python 3.13), in .build/homeassistant-2026.2.3;
- `2026.2.3+mqtt-2026.4.0`: 2026.2.3 with the MQTT integration of 2026.4.0 in the config
  folder's custom_components/ (.build/homeassistant-mqtt-2026.4.0/mqtt, made by the setup
  script, whose header says what it changed to load there): MQTT discovery as it is from
  2026.4 on, where `object_id` is no longer read and only `default_entity_id` sets an
  entity id. Only MQTT tests take it (`ends(mqtt=True)`); the rest of that core is 2026.2.3's."""
import dataclasses
import functools
import json
import pathlib
import re
import shutil
import signal
import subprocess

import pytest

from conftest import ROOT, free_port, wait_for

BUILD = ROOT / ".build"
DRIVER = ROOT / "Tests" / "python" / "homeassistant_driver.py"
SETUP = "bash scripts/setup-homeassistant.sh"


@dataclasses.dataclass(frozen=True)
class End:
    """One Home Assistant to test against: a core in a virtualenv, and perhaps a newer
    core's MQTT integration over the core's own."""
    core: str
    venv: pathlib.Path
    mqtt: str | None = None  # the version of the MQTT integration overlaid, if any
    overlay: pathlib.Path | None = None  # its folder, the one to put in custom_components/

    def __str__(self):
        return self.core + (f"+mqtt-{self.mqtt}" if self.mqtt else "")

    @property
    def python(self):
        return self.venv / "bin" / "python"

    @property
    def mqtt_version(self):
        """The version of the MQTT integration that runs on this end."""
        return self.mqtt or self.core

    def missing(self):
        """Why this end cannot run here, or None when it can."""
        return _missing(self)


@functools.cache
def _missing(end):
    try:
        result = subprocess.run([str(end.python), "-c", "from homeassistant.const import __version__; print(__version__)"],
                                capture_output=True, timeout=60)
        installed = result.stdout.decode().strip() if result.returncode == 0 else None
    except OSError:
        installed = None
    if installed != end.core:
        return f"Home Assistant core {end.core} is not installed in {end.venv} ({SETUP})"
    if end.overlay is not None:
        manifest = end.overlay / "manifest.json"
        version = json.loads(manifest.read_text()).get("version") if manifest.exists() else None
        if version != end.mqtt:
            return f"the MQTT integration of Home Assistant {end.mqtt} is not in {end.overlay} ({SETUP})"
    return None


ENDS = (
    End("2024.3.3", BUILD / "homeassistant"),
    End("2026.2.3", BUILD / "homeassistant-2026.2.3"),
    End("2026.2.3", BUILD / "homeassistant-2026.2.3", mqtt="2026.4.0",
        overlay=BUILD / "homeassistant-mqtt-2026.4.0" / "mqtt"),
)


def ends(mqtt=False):
    """pytest params of the ends, each skipped with the reason where it is missing: the cores,
    and with mqtt=True the MQTT overlays too."""
    return [pytest.param(end, id=str(end), marks=pytest.mark.skipif(bool(end.missing()), reason=end.missing() or ""))
            for end in ENDS if mqtt or end.mqtt is None]


class HomeAssistant:
    """A real Home Assistant on `end`, from `folder` (made here) with `configuration` added to a
    configuration.yaml that keeps it on loopback; with mqtt_port its MQTT integration is set
    up against the broker on 127.0.0.1:mqtt_port. Run by homeassistant_driver.py, which writes
    every state twice a second to states.json."""

    def __init__(self, folder, configuration, end, mqtt_port=None):
        problem = end.missing()
        if problem:
            pytest.skip(problem)
        self.folder = folder
        self.end = end
        folder.mkdir()
        self.port = free_port()
        (folder / "configuration.yaml").write_text(
            "homeassistant:\n  name: Test\n  latitude: 0\n  longitude: 0\n  elevation: 0\n  unit_system: metric\n"
            "  time_zone: UTC\n  currency: EUR\n  country: CH\n"
            f"http:\n  server_host: 127.0.0.1\n  server_port: {self.port}\nlogger:\n  default: warning\n" + configuration)
        if end.overlay is not None:
            shutil.copytree(end.overlay, folder / "custom_components" / "mqtt")
        self.states_file = folder / "states.json"
        self.log = folder / "driver.log"
        arguments = [str(end.python), str(DRIVER), str(folder), str(self.states_file)] + ([str(mqtt_port)] if mqtt_port else [])
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=open(self.log, "wb"))

    def states(self):
        try:
            return json.loads(self.states_file.read_text())
        except (OSError, ValueError):
            return {}

    def state(self, entity_id):
        return self.states().get(entity_id, {}).get("state")

    def wait_state(self, entity_id, want, seconds=60):
        return wait_for(lambda: self.state(entity_id) == want, seconds, f"{entity_id} = {want} (is {self.state(entity_id)})")

    def log_text(self):
        """What the driver printed and Home Assistant's own log."""
        text = self.log.read_text(errors="replace")
        ha_log = self.folder / "home-assistant.log"
        return text + (ha_log.read_text(errors="replace") if ha_log.exists() else "")

    def log_records(self):
        """Home Assistant's log as (level, text) records, a traceback within its record."""
        ha_log = self.folder / "home-assistant.log"
        text = ha_log.read_text(errors="replace") if ha_log.exists() else ""
        records = []
        for line in text.splitlines():
            head = re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? (DEBUG|INFO|WARNING|ERROR|CRITICAL) ", line)
            if head:
                records.append([head[1], line])
            elif records:
                records[-1][1] += "\n" + line
        return [tuple(record) for record in records]

    def mqtt_integration(self):
        """The version of the MQTT integration the driver found set up ("built-in" for the
        core's own), once it has said."""
        found = re.search(r"^mqtt integration: (\S+)", self.log.read_text(errors="replace"), re.M)
        return found and found[1]

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
