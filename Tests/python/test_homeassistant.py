"""The Home Assistant side, in real Home Assistant cores at both ends of the supported range
(2024.3.3 and 2026.2.3 from PyPI, each run by homeassistant_driver.py from its own virtualenv;
homeassistant_versions.py): every Home Assistant example in docs/outputs.md, as it is written
there, against netsnap's own summary.json served on loopback; and MQTT discovery against a real
Mosquitto on loopback — entity ids, names, unknowns and `netsnap mqtt forget` — on those two and
on 2026.2.3 with 2026.4.0's MQTT integration (discovery as it is from 2026.4 on, where only
`default_entity_id` sets an entity id). Each is skipped, saying why, where its Home Assistant is
not installed (`bash scripts/setup-homeassistant.sh` installs them under .build/)."""
import http.server
import json
import re
import signal
import subprocess
import threading
import time

import pytest

from conftest import NETSNAP, ROOT, run_netsnap, wait_for
from homeassistant_versions import HomeAssistant, ends
from test_push_cli import Broker, write_snapshot


class SummaryServer(http.server.ThreadingHTTPServer):
    """Serves one summary.json on loopback; `stop` makes netsnap unreachable."""

    def __init__(self, summary):
        self.body = json.dumps(summary).encode()
        self.status, self.content_type = 200, "application/json"

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(handler):
                handler.send_response(self.status)
                handler.send_header("Content-Type", self.content_type)
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
        self.status, self.content_type = 200, "application/json"

    def refuse(self, status, text):
        """Answers with something that is not JSON: a busy server's 503, a proxy's error page."""
        self.body = text.encode()
        self.status, self.content_type = status, "text/plain"

    def stop(self):
        self.shutdown()
        self.server_close()


def documented_examples():
    """The Home Assistant YAML blocks of docs/outputs.md, as written."""
    text = (ROOT / "docs" / "outputs.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    return [block for block in blocks if re.search(r"^(rest|template):", block, re.M)]


def summary(tmp_path):
    out = tmp_path / "render"
    run_netsnap("render", "--output", str(out), "--no-tiles")
    return json.loads((out / "summary.json").read_text())


@pytest.mark.parametrize("end", ends())
def test_the_documented_rest_and_template_sensors_in_home_assistant(tmp_path, end):
    fresh = summary(tmp_path)
    assert fresh["gatewayLatencyMs"] == 4.2 and fresh["state"] == "degraded"
    server = SummaryServer(fresh)
    examples = documented_examples()
    assert examples, "docs/outputs.md has Home Assistant examples"
    configuration = "\n".join(examples).replace("http://netsnap.lan:8080/summary.json", server.url)
    configuration = configuration.replace("scan_interval: 60", "scan_interval: 1")
    ha = HomeAssistant(tmp_path / "ha", configuration, end)
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

        # A reply that is not JSON — netsnap's 503 when its connections are full, a proxy's
        # error page answering 200: unavailable, and no template error either.
        server.set(fresh)
        ha.wait_state("sensor.network", "degraded")
        server.refuse(503, "too many connections")
        ha.wait_state("sensor.network", "unavailable")
        ha.wait_state("sensor.network_data_age", "unavailable")
        server.set(fresh)
        ha.wait_state("sensor.network", "degraded")
        server.refuse(200, "<html><body>Bad gateway</body></html>")
        ha.wait_state("sensor.network", "unavailable")
        ha.wait_state("sensor.network_data_age", "unavailable")

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


def complaints_about_netsnap(ha):
    """Home Assistant's warnings and errors that mention netsnap (the test's own folders,
    whose paths may say netsnap, left out)."""
    return [text for level, text in ha.log_records() if level in ("WARNING", "ERROR", "CRITICAL")
            and "netsnap" in text.replace(str(ha.folder.parent), "").replace(str(ROOT), "").lower()]


@pytest.mark.parametrize("end", ends(mqtt=True))
def test_mqtt_discovery_in_home_assistant(tmp_path, end):
    broker = Broker(tmp_path)
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    snapshot["targets"][0]["name"] = "Gateway"
    snapshot["targets"][1]["name"] = "Status"
    watches = [start_watch(tmp_path / node, broker.port, node, snapshot) for node in ("hallway-pi", "cabin-pi")]
    ha = HomeAssistant(tmp_path / "ha", "", end, mqtt_port=broker.port)
    try:
        entities = lambda node: {e: s for e, s in ha.states().items() if (s.get("unique_id") or "").startswith(f"netsnap_{node}_")}
        # The network, maintenance, the line's speed (the sample has a measurement), each target.
        per_node = 8 + 3 + (5 if "speed" in snapshot else 0) + 3 * len(snapshot["targets"])
        wait_for(lambda: len(entities("hallway-pi")) == per_node and len(entities("cabin-pi")) == per_node, 180,
                 "both netsnaps' entities in Home Assistant")
        # The MQTT integration this end is about is the one that runs (2026.4.0's from
        # custom_components/ on the overlay end).
        assert ha.mqtt_integration() == (end.mqtt or "built-in"), ha.log_text()[-3000:]
        hallway = entities("hallway-pi")
        assert all(e.split(".")[1].startswith("netsnap_hallway_pi_") for e in hallway), sorted(hallway)
        assert all(e.split(".")[1].startswith("netsnap_cabin_pi_") for e in entities("cabin-pi")), sorted(entities("cabin-pi"))
        wait_for(lambda: ha.state("sensor.netsnap_hallway_pi_status") == "degraded", 60, "the status")
        names = [s["attributes"].get("friendly_name") for s in hallway.values()]
        assert len(names) == len(set(names)), "no two entities of one netsnap share a name"
        assert "Home network Gateway latency" in names and "Home network Target Gateway latency" in names
        assert "Home network Status" in names and "Home network Target Status" in names
        # The same device name ("Home network") on both: still two sets of entity ids. From
        # 2026.4 on only `default_entity_id` says them; without it they would be
        # sensor.home_network_status and sensor.home_network_status_2.
        assert not set(hallway) & set(entities("cabin-pi"))
        assert not any(e.startswith("sensor.home_network") for e in ha.states())
        # Nothing deprecated (2026.2.3 warns of `object_id` without `default_entity_id`, which
        # 2026.4 no longer reads), and no other complaint about netsnap's configs or states.
        deprecated = [text for _, text in ha.log_records() if "deprecated option `object_id`" in text]
        assert not deprecated, f"{len(deprecated)} warnings, the first: {deprecated[0]}"
        assert not complaints_about_netsnap(ha)
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
        assert not complaints_about_netsnap(ha)
    finally:
        ha.stop()
        for watch in watches:
            if watch.poll() is None:
                watch.kill()
                watch.wait(timeout=30)
        broker.stop()


SITE_STATES = ["online", "degraded", "stale", "invalid", "lost", "offline", "unknown"]


@pytest.mark.parametrize("end", ends(mqtt=True))
def test_a_walls_sites_in_home_assistant(tmp_path, end):
    """Each site of a wall is two entities on the wall's device, named after the name its
    person gave it — a connectivity sensor and an enum sensor whose state reads every wall
    state apart — with attributes Home Assistant keeps (no reserved keys)."""
    from test_sites import start_site  # the sites suites' own site, publishing its snapshot

    broker = Broker(tmp_path)
    sites = [start_site(tmp_path, broker, node, True, "Home Wi-Fi", name=name)[0]
             for node, name in (("cabin", "Cabin by the lake"), ("shop", "Shop"))]
    wall_folder = tmp_path / "wall"
    wall_folder.mkdir()
    (wall_folder / "netsnap.yml").write_text(
        f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: wall\n  deviceName: Wall\n  keepAliveSeconds: 5\n"
        "sites:\n  freshnessSeconds: 30\n  lostAfterSeconds: 2\n")
    wall = subprocess.Popen(
        [str(NETSNAP), "watch", "--sites", "--config", str(wall_folder / "netsnap.yml"), "--output", str(wall_folder / "out"),
         "--state", str(wall_folder / "state"), "--interval", "1"],
        stdout=subprocess.DEVNULL, stderr=open(wall_folder / "watch.log", "wb"))
    ha = HomeAssistant(tmp_path / "ha", "", end, mqtt_port=broker.port)
    try:
        state = lambda site: ha.state(f"sensor.netsnap_wall_site_{site}_state")
        wait_for(lambda: state("cabin") == "online" and state("shop") == "online", 180, "both sites online in Home Assistant")
        cabin = ha.states()["sensor.netsnap_wall_site_cabin_state"]
        assert cabin["attributes"]["friendly_name"] == "Wall Site Cabin by the lake state"
        # The enum's options are a capability (the entity registry), not a state attribute, on 2024.3.
        assert cabin["attributes"].get("options", SITE_STATES) == SITE_STATES
        assert cabin["attributes"]["site_name"] == "Cabin by the lake" and cabin["attributes"]["site_id"] == "cabin"
        connectivity = ha.states()["binary_sensor.netsnap_wall_site_cabin"]
        assert connectivity["state"] == "on" and connectivity["attributes"]["friendly_name"] == "Wall Site Cabin by the lake"
        assert ha.states()["binary_sensor.netsnap_wall_site_shop"]["attributes"]["friendly_name"] == "Wall Site Shop"

        # Killed: its will, then lostAfterSeconds with the wall connected — lost, not "off" alone.
        sites[0].stop(signal.SIGKILL)
        ha.wait_state("sensor.netsnap_wall_site_cabin_state", "lost", 60)
        assert ha.state("binary_sensor.netsnap_wall_site_cabin") == "off"
        assert state("shop") == "online"
        assert not complaints_about_netsnap(ha), complaints_about_netsnap(ha)
    finally:
        ha.stop()
        for site in sites:
            site.stop(signal.SIGKILL)
        wall.kill()
        wall.wait(timeout=30)
        broker.stop()
