"""The wall of sites beyond its JSON (issue #25 §1–4), against real Mosquittos on loopback: a
redacted site passes the contract; a site's own status and, with sites.forwardEvents, its
targets make events on the wall; the aggregator announces two Home Assistant entities per
site (a connectivity binary sensor and an enum sensor of its state), named after the site's
own `site.name`; `netsnap sites forget` takes a retired site off every wall and closes its
incident; the wall's tiles; and the same wall through a Mosquitto bridge."""
import json
import re
import shutil
import signal
import struct
import subprocess
from datetime import datetime, timedelta, timezone

from test_push_cli import MOSQUITTO, MOSQUITTO_SUB, Broker, Watch, broker, snapshot_with_nas, watches, write_snapshot  # noqa: F401 (fixtures)
from conftest import NETSNAP, free_port, run_netsnap, wait_for
from test_sites import start_site


def wall_config(broker_port, node, forward):
    # lostAfterSeconds 1: a site whose last will came (or that said offline) is lost a second later.
    return (f"mqtt:\n  host: 127.0.0.1\n  port: {broker_port}\n  nodeId: {node}\n  discovery: true\n"
            f"sites:\n  freshnessSeconds: 30\n  lostAfterSeconds: 1\n  forwardEvents: {'true' if forward else 'false'}\n"
            f"events:\n  failuresBeforeEvent: 1\n")


def start_wall(tmp_path, broker_port, node="wall", forward=True):
    folder = tmp_path / node
    folder.mkdir()
    wall = Watch(folder, wall_config(broker_port, node, forward))
    wall.source = ["--sites"]
    return wall.start()


def wall_sites(wall):
    path = wall.tmp_path / "out" / "sites.json"
    try:
        return {site["id"]: site for site in json.loads(path.read_text())["sites"]}
    except (OSError, ValueError):
        return {}


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_redacted_sites_events_home_assistant_forget_and_tiles(tmp_path, broker, watches):
    home, _ = start_site(tmp_path, broker, "home", True, "Home Wi-Fi", redact=True, name="Home")
    cabin, cabin_snapshot = start_site(tmp_path, broker, "cabin", True, "Cabin Wi-Fi", redact=False, name="Cabin")
    watches.extend([home, cabin])
    wall = start_wall(tmp_path, broker.port)
    watches.append(wall)
    sites = wait_for(lambda: (s := wall_sites(wall)) and len(s) == 2 and all(e["state"] == "online" for e in s.values()) and s,
                     60, "both sites online, the redacted one too")
    assert '"redacted":true' in broker.retained("netsnap/home/snapshot")["netsnap/home/snapshot"].replace(" ", "")
    assert sites["home"]["error"] is None and sites["home"]["devices"]["total"] > 0

    # Home Assistant: per site a connectivity binary sensor and an enum sensor of its state on
    # the wall's own device, both named after the site (its site.name, not its Wi-Fi).
    configs = wait_for(lambda: (c := broker.retained("homeassistant/binary_sensor/wall/+/config")) and len(c) == 2 and c,
                       30, "the sites' discovery configs")
    assert sorted(configs) == ["homeassistant/binary_sensor/wall/site_cabin/config", "homeassistant/binary_sensor/wall/site_home/config"]
    config = json.loads(configs["homeassistant/binary_sensor/wall/site_cabin/config"])
    assert config["device_class"] == "connectivity" and config["unique_id"] == "netsnap_wall_site_cabin"
    assert config["object_id"] == "netsnap_wall_site_cabin" and config["device"]["identifiers"] == ["netsnap_wall"]
    assert config["default_entity_id"] == "binary_sensor.netsnap_wall_site_cabin"
    assert config["name"] == "Site Cabin"
    assert config["state_topic"] == "netsnap/wall/site/cabin/connectivity"
    enums = wait_for(lambda: (c := {t: p for t, p in broker.retained("homeassistant/sensor/wall/+/config").items() if "/site_" in t})
                     and len(c) == 2 and c, 30, "the sites' state sensors")
    assert sorted(enums) == ["homeassistant/sensor/wall/site_cabin_state/config", "homeassistant/sensor/wall/site_home_state/config"]
    state = json.loads(enums["homeassistant/sensor/wall/site_cabin_state/config"])
    assert state["device_class"] == "enum" and state["options"] == ["online", "degraded", "stale", "invalid", "lost", "offline", "unknown"]
    assert state["unique_id"] == "netsnap_wall_site_cabin_state" and state["object_id"] == "netsnap_wall_site_cabin_state"
    assert state["default_entity_id"] == "sensor.netsnap_wall_site_cabin_state"
    assert state["name"] == "Site Cabin state" and state["device"]["identifiers"] == ["netsnap_wall"]
    assert state["state_topic"] == "netsnap/wall/site/cabin/state"
    assert state["json_attributes_topic"] == config["json_attributes_topic"] == "netsnap/wall/site/cabin/attributes"
    for topic, payload in {**configs, **enums}.items():
        entity = json.loads(payload)
        assert entity["default_entity_id"] == f"{topic.split('/')[1]}.{entity['object_id']}", topic
    attributes = json.loads(broker.retained(config["json_attributes_topic"])[config["json_attributes_topic"]])
    # No key Home Assistant reserves (state, name), nothing that changes with the clock.
    assert attributes == {"site_id": "cabin", "site_name": "Cabin", "targets_up": sites["cabin"]["targets"]["up"],
                          "targets_down": sites["cabin"]["targets"]["down"], "devices_active": sites["cabin"]["devices"]["active"],
                          "devices_total": sites["cabin"]["devices"]["total"], "error": None, "page": "sites/cabin/index.html"}
    assert broker.retained(config["state_topic"])[config["state_topic"]] == "ON"
    assert broker.retained(state["state_topic"])[state["state_topic"]] == "online"
    # Published only when the site changes: a listener hears the retained copy and nothing more over four cycles.
    heard = subprocess.run([MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(broker.port), "-t", config["json_attributes_topic"],
                            "-t", state["state_topic"], "-W", "4", "-F", "%t"], capture_output=True, text=True, timeout=30)
    assert sorted(heard.stdout.split()) == sorted([config["json_attributes_topic"], state["state_topic"]]), heard.stdout

    # The cabin's NAS goes down: the site turns degraded, and its target event is forwarded.
    write_snapshot(cabin.snapshot_file, dict(snapshot_with_nas(False, datetime.now(timezone.utc) + timedelta(seconds=1)),
                                             status=cabin_snapshot["status"]))
    wait_for(lambda: wall_sites(wall).get("cabin", {}).get("state") == "degraded", 30, "the cabin degraded")
    log = wait_for(lambda: (text := wall.log.read_text()) and "kind=siteDegraded" in text and "kind=targetDown" in text and text,
                   30, "site degraded and the forwarded target event")
    assert "Cabin: NAS is down" in log and "Site degraded: Cabin" in log

    # The tiles of the wall.
    tiles = wall.tmp_path / "out" / "tiles" / "sites"
    sizes = {name: png_size(tiles / f"{name}.png") for name in ["small", "medium", "large", "trmnl", "led-64x32"]}
    assert sizes["trmnl"] == (800, 480) and sizes["led-64x32"] == (64, 32) and sizes["small"] == (340, 340)

    # Retired: the cabin stops (it says offline: lost a second later, an incident opens), is
    # forgotten, and leaves the wall (its pages too, its incident closed), Home Assistant and a fresh wall.
    wait_for(lambda: (wall.tmp_path / "out" / "sites" / "cabin" / "index.html").exists(), 30, "the cabin's pages")
    cabin.stop()
    wait_for(lambda: wall_sites(wall).get("cabin", {}).get("state") == "lost", 30, "the stopped cabin lost")
    wait_for(lambda: "kind=siteLost" in wall.log.read_text(), 10, "the site lost event")
    wait_for(lambda: broker.retained(state["state_topic"]).get(state["state_topic"]) == "lost", 10, "its state sensor lost")
    assert broker.retained(config["state_topic"])[config["state_topic"]] == "OFF"
    refused = subprocess.run([str(NETSNAP), "sites", "forget", "home", "--config", str(wall.config)], capture_output=True, text=True)
    assert refused.returncode == 1 and "online" in refused.stderr, "a site that says online is not forgotten (exit 1)"
    forgot = subprocess.run([str(NETSNAP), "sites", "forget", "cabin", "--config", str(wall.config)],
                            capture_output=True, text=True, timeout=60)
    assert forgot.returncode == 0, forgot.stderr
    assert "forgot site cabin" in forgot.stdout
    assert broker.retained("netsnap/cabin/#") == {}
    wait_for(lambda: "cabin" not in wall_sites(wall), 30, "the cabin off the running wall")
    wait_for(lambda: "kind=siteRemoved" in wall.log.read_text(), 10, "the site removed event")
    assert "Site removed: Cabin" in wall.log.read_text()
    wait_for(lambda: not (wall.tmp_path / "out" / "sites" / "cabin").exists(), 30, "the cabin's pages removed")
    wait_for(lambda: not {"homeassistant/binary_sensor/wall/site_cabin/config", "homeassistant/sensor/wall/site_cabin_state/config"}
             & set(broker.retained("homeassistant/#")), 30, "the cabin's entities withdrawn")
    assert broker.retained("netsnap/wall/site/cabin/#") == {}
    # The site's own incident (its loss) is closed, saying why; "Cabin: NAS" is its forwarded target's.
    incidents = run_netsnap("incident", "list", "--state", wall.state).stdout.decode().splitlines()
    site_incidents = [line for line in incidents if line.split("  ")[1] == "Cabin"]
    assert len(site_incidents) == 1, incidents
    assert "ongoing" not in site_incidents[0] and site_incidents[0].endswith("note: closed: site removed"), incidents
    fresh = start_wall(tmp_path, broker.port, node="wall2", forward=False)
    watches.append(fresh)
    assert set(wait_for(lambda: wall_sites(fresh), 30, "a fresh wall")) == {"home"}


def bridged_broker(tmp_path, remote_port):
    """A second Mosquitto that bridges netsnap/# in from the first."""
    port = free_port()
    folder = tmp_path / "bridge"
    folder.mkdir()
    config = folder / "mosquitto.conf"
    config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n"
                      f"connection sites\naddress 127.0.0.1:{remote_port}\ntopic netsnap/# in 1\n")
    process = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return port, process


def test_the_wall_through_a_mosquitto_bridge(tmp_path, broker, watches):
    alpha, _ = start_site(tmp_path, broker, "alpha", True, "Alpha Wi-Fi", redact=True, name="Alpha")
    beta, _ = start_site(tmp_path, broker, "beta", True, "Beta Wi-Fi", redact=False, name="Beta")
    watches.extend([alpha, beta])
    port, bridge = bridged_broker(tmp_path, broker.port)
    try:
        wall = start_wall(tmp_path, port)
        watches.append(wall)
        sites = wait_for(lambda: (s := wall_sites(wall)) and len(s) == 2 and all(e["state"] == "online" for e in s.values()) and s,
                         60, "both sites on the wall through the bridge")
        assert {entry["name"] for entry in sites.values()} == {"Alpha", "Beta"}
        # A site killed on its own broker turns lost on the bridged wall (its last will crosses the bridge).
        beta.stop(signal.SIGKILL)
        wait_for(lambda: wall_sites(wall)["beta"]["state"] == "lost", 30, "the killed site lost through the bridge")
    finally:
        bridge.terminate()
        bridge.wait(timeout=10)


def test_the_wall_page_refreshes_in_place_and_writes_only_text(tmp_path, broker, watches):
    from pages_harness import LoopbackServer, browser, console_errors
    site, _ = start_site(tmp_path, broker, "alpha", True, "Alpha Wi-Fi", redact=True, name="Alpha")
    watches.append(site)
    wall = start_wall(tmp_path, broker.port)
    watches.append(wall)
    wait_for(lambda: "alpha" in wall_sites(wall) and (wall.tmp_path / "out" / "sites.js").exists(), 60, "the wall")
    wall.stop()
    out = wall.tmp_path / "out"
    with LoopbackServer(out) as server:
        driver = browser()
        try:
            driver.get(f"{server.base}/sites.html")
            assert driver.find_element("id", "headline").text == "1 of 1 sites OK"
            # The wall changes under the open page: a hostile name, a link elsewhere, a second site.
            document = json.loads((out / "sites.json").read_text())
            hostile = dict(document["sites"][0], id="beta", name="<img src=x onerror=alert(1)>", state="lost",
                           href="javascript:alert(1)", error="it said offline")
            document["sites"] = [hostile] + document["sites"]
            (out / "sites.json").write_text(json.dumps(document))
            wait_for(lambda: driver.find_element("id", "headline").text == "1 of 2 sites OK", 20, "the page refreshed in place")
            cards = driver.find_elements("css selector", "#sites li")
            assert [card.get_attribute("class") for card in cards] == ["lost", "online"]
            # When the wall was written, as a clock time like every page's, never RFC 3339.
            assert re.fullmatch(r"updated \d{2}:\d{2}", driver.find_element("id", "updated").text)
            assert cards[0].find_element("css selector", ".name").text == "<img src=x onerror=alert(1)>"
            assert cards[0].find_element("css selector", "a").get_attribute("href") is None
            assert cards[1].find_element("css selector", "a").get_attribute("href").endswith("/sites/alpha/index.html")
            assert not driver.find_elements("css selector", "#sites img") and console_errors(driver) == []
            assert server.requests.get("/sites.html") == 1, "refreshed without reloading"
        finally:
            driver.quit()
