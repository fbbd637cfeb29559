"""The Home Assistant side, in a real Home Assistant core (2024.3.3 from PyPI, run by
homeassistant_driver.py from its own virtualenv): every Home Assistant example in
docs/outputs.md, as it is written there, against netsnap's own summary.json served on loopback;
and MQTT discovery against a real Mosquitto on loopback — entity ids, names, unknowns and
`netsnap mqtt forget`. Skipped, saying why, where that Home Assistant is not installed
(`bash scripts/setup-homeassistant.sh` installs it into .build/homeassistant)."""
import http.server
import json
import os
import re
import signal
import subprocess
import threading
import time

import pytest

from conftest import NETSNAP, ROOT, free_port, run_netsnap, wait_for
from test_push_cli import Broker, write_snapshot

VERSION = "2024.3.3"
HA_PYTHON = os.environ.get("NETSNAP_HA_PYTHON", str(ROOT / ".build" / "homeassistant" / "bin" / "python"))
DRIVER = ROOT / "Tests" / "python" / "homeassistant_driver.py"


def installed_version():
    try:
        result = subprocess.run([HA_PYTHON, "-c", "from homeassistant.const import __version__; print(__version__)"],
                                capture_output=True, timeout=60)
    except OSError:
        return None
    return result.stdout.decode().strip() if result.returncode == 0 else None


pytestmark = pytest.mark.skipif(
    installed_version() != VERSION,
    reason=f"Home Assistant core {VERSION} is not installed at {HA_PYTHON} (bash scripts/setup-homeassistant.sh)")


class SummaryServer(http.server.ThreadingHTTPServer):
    """Serves one summary.json on loopback; `stop` makes netsnap unreachable."""

    def __init__(self, summary):
        self.body = json.dumps(summary).encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(handler):
                handler.send_response(200)
                handler.send_header("Content-Type", "application/json")
                handler.send_header("Content-Length", str(len(self.body)))
                handler.end_headers()
                handler.wfile.write(self.body)

            def log_message(handler, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server_address[1]}/summary.json"
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def set(self, summary):
        self.body = json.dumps(summary).encode()

    def stop(self):
        self.shutdown()
        self.server_close()


def documented_examples():
    """The Home Assistant YAML blocks of docs/outputs.md, as written."""
    text = (ROOT / "docs" / "outputs.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    return [block for block in blocks if re.search(r"^(rest|template):", block, re.M)]


class HomeAssistant:
    def __init__(self, folder, configuration, mqtt_port=None):
        self.folder = folder
        folder.mkdir()
        self.port = free_port()
        (folder / "configuration.yaml").write_text(
            "homeassistant:\n  name: Test\n  latitude: 0\n  longitude: 0\n  elevation: 0\n  unit_system: metric\n"
            "  time_zone: UTC\n  currency: EUR\n  country: CH\n"
            f"http:\n  server_host: 127.0.0.1\n  server_port: {self.port}\nlogger:\n  default: warning\n" + configuration)
        self.states_file = folder / "states.json"
        self.log = folder / "driver.log"
        arguments = [HA_PYTHON, str(DRIVER), str(folder), str(self.states_file)] + ([str(mqtt_port)] if mqtt_port else [])
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
        text = self.log.read_text(errors="replace")
        ha_log = self.folder / "home-assistant.log"
        return text + (ha_log.read_text(errors="replace") if ha_log.exists() else "")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def summary(tmp_path):
    out = tmp_path / "render"
    run_netsnap("render", "--output", str(out), "--no-tiles")
    return json.loads((out / "summary.json").read_text())


def test_the_documented_rest_and_template_sensors_in_home_assistant(tmp_path):
    fresh = summary(tmp_path)
    assert fresh["gatewayLatencyMs"] == 4.2 and fresh["state"] == "degraded"
    server = SummaryServer(fresh)
    examples = documented_examples()
    assert examples, "docs/outputs.md has Home Assistant examples"
    configuration = "\n".join(examples).replace("http://netsnap.lan:8080/summary.json", server.url)
    configuration = configuration.replace("scan_interval: 60", "scan_interval: 1")
    ha = HomeAssistant(tmp_path / "ha", configuration)
    try:
        ha.wait_state("sensor.network", "degraded", 180)
        ha.wait_state("sensor.gateway_latency", "4.2")
        assert ha.states()["sensor.network"]["attributes"]["networkName"] == fresh["networkName"]
        assert float(ha.state("sensor.network_data_age")) >= 0

        # No gateway latency measured (a plain `gather`): unavailable, not "None", not the last number.
        server.set(dict(fresh, gatewayLatencyMs=None, gatewayLatencyText="—"))
        ha.wait_state("sensor.gateway_latency", "unavailable")
        assert ha.state("sensor.network") == "degraded"
        server.set(dict(fresh, gatewayLatencyMs=5.5))
        ha.wait_state("sensor.gateway_latency", "5.5")

        # Stale data: the status and the latency are no longer shown as current.
        server.set(dict(fresh, stale=True, freshness="stale", ageSeconds=900))
        ha.wait_state("sensor.network", "unavailable")
        ha.wait_state("sensor.gateway_latency", "unavailable")
        ha.wait_state("sensor.network_data_age", "900")

        # netsnap unreachable: everything unavailable, and no template error at each scan.
        server.set(fresh)
        ha.wait_state("sensor.network", "degraded")
        server.stop()
        ha.wait_state("sensor.network", "unavailable")
        ha.wait_state("sensor.network_data_age", "unavailable")
        ha.wait_state("sensor.gateway_latency", "unavailable")
        time.sleep(4)
        log = ha.log_text()
        for complaint in ("is undefined", "non-numeric value", "Error rendering", "TemplateError", "Task exception"):
            assert complaint not in log, log[-3000:]
    finally:
        ha.stop()
        if server.socket.fileno() >= 0:
            server.stop()


def start_watch(folder, broker_port, node, snapshot):
    folder.mkdir()
    write_snapshot(folder / "snapshot.json", snapshot)
    (folder / "netsnap.yml").write_text(
        f"mqtt:\n  host: 127.0.0.1\n  port: {broker_port}\n  nodeId: {node}\n  deviceName: Home network\n  keepAliveSeconds: 5\n")
    return subprocess.Popen(
        [str(NETSNAP), "watch", "--input", str(folder / "snapshot.json"), "--config", str(folder / "netsnap.yml"),
         "--output", str(folder / "out"), "--state", str(folder / "state"), "--interval", "1"],
        stdout=subprocess.DEVNULL, stderr=open(folder / "watch.log", "wb"))


def test_mqtt_discovery_in_home_assistant(tmp_path):
    broker = Broker(tmp_path)
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    snapshot["targets"][0]["name"] = "Gateway"
    snapshot["targets"][1]["name"] = "Status"
    watches = [start_watch(tmp_path / node, broker.port, node, snapshot) for node in ("hallway-pi", "cabin-pi")]
    ha = HomeAssistant(tmp_path / "ha", "", mqtt_port=broker.port)
    try:
        entities = lambda node: {e: s for e, s in ha.states().items() if (s.get("unique_id") or "").startswith(f"netsnap_{node}_")}
        per_node = 8 + 3 + 3 * len(snapshot["targets"])  # the network, maintenance, each target
        wait_for(lambda: len(entities("hallway-pi")) == per_node and len(entities("cabin-pi")) == per_node, 180,
                 "both netsnaps' entities in Home Assistant")
        wait_for(lambda: ha.state("sensor.netsnap_hallway_pi_status") == "degraded", 60, "the status")
        hallway = entities("hallway-pi")
        names = [s["attributes"].get("friendly_name") for s in hallway.values()]
        assert len(names) == len(set(names)), "no two entities of one netsnap share a name"
        assert "Home network Gateway latency" in names and "Home network Target Gateway latency" in names
        assert "Home network Status" in names and "Home network Target Status" in names
        assert all(e.split(".")[1].startswith("netsnap_hallway_pi_") for e in hallway), sorted(hallway)
        assert all(e.split(".")[1].startswith("netsnap_cabin_pi_") for e in entities("cabin-pi"))
        assert ha.state("binary_sensor.netsnap_hallway_pi_target_gateway") in ("on", "off")
        assert ha.state("binary_sensor.netsnap_hallway_pi_maintenance") == "off"
        assert ha.state("sensor.netsnap_hallway_pi_maintenance_covers") == "none"
        assert ha.state("sensor.netsnap_hallway_pi_gateway_latency") == "4.2"
        # Text sensors without a value are unknown — Home Assistant's own word, not "None".
        up = next(t for t in snapshot["targets"] if t["isOnline"] and not t.get("lastError"))
        slug = re.sub(r"[^a-z0-9]+", "_", up["name"].lower()).strip("_")
        assert ha.state(f"sensor.netsnap_hallway_pi_target_{slug}_last_error") == "unknown"
        assert not any(s["state"] == "None" for s in ha.states().values())

        # A retired netsnap: stopped, forgotten, and its entities leave Home Assistant.
        watches[1].send_signal(signal.SIGTERM)
        watches[1].wait(timeout=30)
        wait_for(lambda: ha.state("sensor.netsnap_cabin_pi_status") == "unavailable", 30, "cabin-pi unavailable")
        run_netsnap("mqtt", "forget", "--config", str(tmp_path / "cabin-pi" / "netsnap.yml"))
        wait_for(lambda: not entities("cabin-pi"), 60, "cabin-pi's entities gone")
        assert len(entities("hallway-pi")) == per_node
    finally:
        ha.stop()
        for watch in watches:
            if watch.poll() is None:
                watch.kill()
                watch.wait(timeout=30)
        broker.stop()
