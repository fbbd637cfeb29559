"""The wall across a Mosquitto bridge (issue #25 §4): the sites publish to one Mosquitto, the
aggregator reads another, and Mosquitto's own bridge carries `netsnap/#` between them — pulled
in by the aggregator's broker (`topic netsnap/# in 1`) or pushed out by the sites' broker
(`topic netsnap/# out 1`). Between two Mosquittos the bridge says it is one (`try_private`,
the default), so retained snapshots and the sites' retained last wills cross it as retained.
Three site netsnaps with different inputs show `online`/`degraded` on the wall with their own
names (`site.name`, not their Wi-Fi's) and counts; one killed with kill -9 turns `lost` within
its freshness window (its last will, published by the sites' broker, crosses the bridge, and
stands for the wall's `sites.lostAfterSeconds`, 1 s here), and back when restarted."""
import getpass
import json
import os
import shutil
import signal
import time

import pytest

from conftest import free_port, wait_for
from test_push_cli import Broker, watches  # noqa: F401 (fixture)
from test_sites import by_id, start_site, start_wall, wall_sites

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
FRESHNESS_SECONDS = 30  # start_wall's sites.freshnessSeconds

pytestmark = pytest.mark.skipif(not os.access(MOSQUITTO, os.X_OK), reason="mosquitto is not installed (scripts/setup.sh installs it)")


class BridgeBroker(Broker):
    """Mosquitto on a free loopback port with its own folder for persistence and its log, and
    `extra` lines (a bridge) in its config."""

    def __init__(self, folder, extra=""):
        folder.mkdir()
        self.folder = folder
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location {folder}/\n"
            # As root, Mosquitto would switch to the user `mosquitto`, who may not write here.
            f"user {getpass.getuser()}\nlog_dest file {folder}/mosquitto.log\n{extra}")
        self.process = None
        self.start()

    def log(self):
        path = self.folder / "mosquitto.log"
        return path.read_text(errors="replace") if path.exists() else ""


def bridge(name, remote, direction):
    """A bridge to `remote` carrying every netsnap topic at QoS 1 in `direction`; it reconnects
    within a second, so a test does not wait on a broker that started after it."""
    return (f"connection {name}\naddress 127.0.0.1:{remote.port}\ntopic netsnap/# {direction} 1\n"
            f"cleansession true\nrestart_timeout 1\nstart_type automatic\n")


@pytest.fixture(params=["in", "out"])
def brokers(request, tmp_path):
    """(the sites' broker, the aggregator's broker), bridged in the direction given."""
    started = []
    if request.param == "in":
        started.append(BridgeBroker(tmp_path / "sites-broker"))
        started.append(BridgeBroker(tmp_path / "wall-broker", bridge("sites", started[0], "in")))
    else:
        wall_broker = BridgeBroker(tmp_path / "wall-broker")
        started = [BridgeBroker(tmp_path / "sites-broker", bridge("wall", wall_broker, "out")), wall_broker]
    sites_broker, wall_broker = started
    bridging = sites_broker if request.param == "out" else wall_broker
    # The bridging broker keeps its bridge's state retained on its own $SYS topic.
    wait_for(lambda: list(bridging.retained("$SYS/broker/connection/+/state").values()) == ["1"], 10,
             f"the bridge to connect; its log: {bridging.log()[-600:]}")
    yield sites_broker, wall_broker
    for broker in started:
        broker.stop()


def read_json(path):
    return json.loads(path.read_text()) if path.exists() else None


def test_the_wall_follows_its_sites_across_a_mosquitto_bridge(tmp_path, brokers, watches):
    sites_broker, wall_broker = brokers
    names = {"home": "Home", "cabin": "Cabin", "shop": "Shop"}
    sites = {
        "home": start_site(tmp_path, sites_broker, "home", True, "Home Wi-Fi", name=names["home"]),
        "cabin": start_site(tmp_path, sites_broker, "cabin", False, "Cabin Wi-Fi", name=names["cabin"]),
        "shop": start_site(tmp_path, sites_broker, "shop", True, "Shop Wi-Fi", name=names["shop"]),
    }
    watches.extend(site for site, _ in sites.values())
    wall = start_wall(tmp_path, wall_broker)
    watches.append(wall)
    document = wait_for(lambda: (d := wall_sites(wall)) and len(d["sites"]) == 3 and all(s["state"] in ("online", "degraded") for s in d["sites"]) and d,
                        60, f"three sites on the wall across the bridge; wall log: {wall.log.read_text()[-800:]}")
    assert sorted(wall_broker.retained("netsnap/+/snapshot")) == ["netsnap/cabin/snapshot", "netsnap/home/snapshot", "netsnap/shop/snapshot"], \
        "the snapshots are kept retained on the aggregator's broker"
    assert sorted(wall_broker.retained("netsnap/+/site")) == ["netsnap/cabin/site", "netsnap/home/site", "netsnap/shop/site"], \
        "and the sites' names"
    for node, (site, snapshot) in sites.items():
        entry = by_id(document)[node]
        own = wait_for(lambda: read_json(site.tmp_path / "out" / "widgets.json"), 30, f"{node}'s own widgets.json")
        up = sum(1 for target in snapshot["targets"] if target["isOnline"])
        assert entry["name"] == names[node] and snapshot["status"]["ssid"] == own["small"]["networkName"], node
        assert entry["state"] == own["small"]["overall"], node
        assert (entry["targets"]["up"], entry["targets"]["down"]) == (up, len(snapshot["targets"]) - up), node
        assert (entry["targets"]["up"], up + entry["targets"]["down"]) == (own["medium"]["targetsOnline"], own["medium"]["targetsTotal"]), node
        assert entry["devices"]["total"] == len(snapshot["devices"]) and entry["error"] is None, node
        # Its folder is drawn after the wall, within a cycle or a few.
        drawn = wait_for(lambda: read_json(wall.tmp_path / "out" / "sites" / node / "widgets.json"), 30, f"{node}'s folder on the wall")
        assert drawn["medium"]["targetsOnline"] == own["medium"]["targetsOnline"], node
    assert by_id(document)["cabin"]["state"] == "degraded" and by_id(document)["home"]["state"] == "online"

    # kill -9: the sites' broker publishes the last will (at once when the socket closes, within
    # 1.5 × the 5 s keep-alive when the link is cut); the will crosses the bridge like any message.
    killed_at = time.monotonic()
    sites["shop"][0].stop(signal.SIGKILL)
    wait_for(lambda: by_id(wall_sites(wall))["shop"]["state"] == "lost", FRESHNESS_SECONDS, "the killed site lost on the wall")
    lost_after = time.monotonic() - killed_at
    assert lost_after < FRESHNESS_SECONDS
    after = by_id(wall_sites(wall))
    assert after["home"]["state"] == "online" and after["cabin"]["state"] == "degraded"
    wait_for(lambda: "kind=siteLost" in wall.log.read_text(), 10, "the site lost event")
    print(f"lost on the wall {lost_after:.1f} s after kill -9")

    sites["shop"][0].start()
    wait_for(lambda: by_id(wall_sites(wall))["shop"]["state"] == "online", 30, "the restarted site back across the bridge")
    wait_for(lambda: "kind=siteBack" in wall.log.read_text(), 10, "the site back event")
    assert wall.alive()
