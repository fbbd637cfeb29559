"""What a wall of sites says is true (issue #35), against real Mosquittos on loopback and a
local ntfy / webhook stand-in:

- a Mosquitto with persistence restarted under the wall (every site's last will is published
  when it shuts down, and kept) makes no site lost and back, opens no incident and wakes
  nobody: the sites are `unknown` while the wall cannot see them, and the wall records one
  `sitesBrokerOutage` in its feeds — even for a site that comes back well after the wall;
- a site killed with kill -9 is `lost` once, after `sites.lostAfterSeconds`, and `back` once
  when restarted: in the wall's log, feed.json and feed.xml, one notification each;
- `netsnap sites forget` of a lost site closes its incident ("closed: site removed");
- a site is shown by its own `site.name` (two of the same name told apart by their ids), else
  its node id, never its Wi-Fi's; each sites.json entry says when it expires."""
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
from datetime import datetime, timedelta, timezone

import feedparser
import pytest

from conftest import free_port, run_netsnap, wait_for
from test_push_cli import MOSQUITTO, Watch, broker, sink, watches  # noqa: F401 (fixtures)
from test_sites import start_site
from test_sites_bridge import BridgeBroker

pytestmark = pytest.mark.skipif(not os.access(MOSQUITTO, os.X_OK), reason="mosquitto is not installed (scripts/setup.sh installs it)")

NAMES = {"home": "Home", "cabin": "Cabin", "shop": "Shop"}
SITE_KINDS = {"siteLost", "siteBack", "siteInvalid", "siteDegraded", "siteOffline", "siteRecovered", "siteRemoved"}


def start_wall(tmp_path, broker, sink, lost_after, discovery=False):
    """A pure wall of the sites on `broker`, notifying `sink` (ntfy and a webhook) of every event at once."""
    folder = tmp_path / "wall"
    folder.mkdir()
    config = (f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: wall\n  keepAliveSeconds: 5\n"
              f"  discovery: {'true' if discovery else 'false'}\n"
              f"sites:\n  freshnessSeconds: 120\n  lostAfterSeconds: {lost_after}\n")
    if sink:
        config += (f"notify:\n  cooldownSeconds: 0\n  ntfy:\n    - url: {sink.url}/wall-alerts\n"
                   f"  webhooks:\n    - url: {sink.url}/hook\n")
    wall = Watch(folder, config)
    wall.source = ["--sites"]
    return wall.start()


def start_sites(tmp_path, broker, watches):
    sites = {node: start_site(tmp_path, broker, node, True, f"{name} Wi-Fi", name=name)[0] for node, name in NAMES.items()}
    watches.extend(sites.values())
    return sites


def entries(wall):
    try:
        return {site["id"]: site for site in json.loads((wall.tmp_path / "out" / "sites.json").read_text())["sites"]}
    except (OSError, ValueError, KeyError):
        return {}


def all_in(wall, state, ids=NAMES):
    sites = entries(wall)
    return set(sites) == set(ids) and all(site["state"] == state for site in sites.values()) and sites


def logged_kinds(wall):
    """Every event kind the wall logged (its `event` lines, not the notifications'), in order."""
    return re.findall(r"^\S+ notice netsnap\.sites: kind=(\w+) .*\] event$", wall.log.read_text(errors="replace"), re.MULTILINE)


def feed_items(wall):
    path = wall.tmp_path / "out" / "feed.json"
    return json.loads(path.read_text())["items"] if path.exists() else None


def event_items(wall, kinds):
    return [item for item in feed_items(wall) or [] if item["_netsnap"]["kind"] in kinds]


def atom_entries(wall, kinds):
    parsed = feedparser.parse((wall.tmp_path / "out" / "feed.xml").read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return [entry for entry in parsed.entries if {tag.term for tag in entry.get("tags", [])} & set(kinds)]


def incidents(wall):
    return run_netsnap("incident", "list", "--state", wall.state).stdout.decode().splitlines()


def notifications(sink):
    """(ntfy titles, webhook kinds) delivered so far."""
    return ([json.loads(r["body"])["title"] for r in sink.delivered("/")],
            [json.loads(r["body"])["kind"] for r in sink.delivered("/hook")])


class StatePoller(threading.Thread):
    """Reads the wall's sites.json twenty times a second and keeps every (site, state) it showed."""

    def __init__(self, wall):
        super().__init__(daemon=True)
        self.wall = wall
        self.seen = {}
        self.errors = {}
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            for site_id, entry in entries(self.wall).items():
                self.seen.setdefault(site_id, set()).add(entry["state"])
                self.errors.setdefault(entry["state"], set()).add(entry["error"])
            time.sleep(0.05)

    def stop(self):
        self.done.set()
        self.join(timeout=5)


def test_a_persistent_broker_restarted_under_the_wall_is_no_loss(tmp_path, sink, watches):
    broker = BridgeBroker(tmp_path / "broker")  # persistence true: the wills of its shutdown are kept
    sites = {}
    try:
        sites = start_sites(tmp_path, broker, watches)
        # lostAfterSeconds 60: a will standing since the wall's reconnection makes no site lost
        # within this test, while a wall that took the will for a loss would show it at once.
        wall = start_wall(tmp_path, broker, sink, lost_after=60)
        watches.append(wall)
        wait_for(lambda: all_in(wall, "online"), 60, "the three sites online on the wall")
        # A pure wall writes its feeds once at start, with no event yet.
        wait_for(lambda: feed_items(wall) is not None, 10, "the wall's feed.json")
        assert feed_items(wall) == []
        assert (wall.tmp_path / "out" / "feed.xml").exists()
        assert logged_kinds(wall) == [], "sites first seen set their baseline quietly"

        poller = StatePoller(wall)
        poller.start()
        # The shop's netsnap is paused over the restart: it comes back well after the wall.
        sites["shop"].process.send_signal(signal.SIGSTOP)
        stopped_at = time.monotonic()
        broker.stop()
        unknown = wait_for(lambda: all_in(wall, "unknown"), 10, "every site unknown while the wall cannot reach its broker")
        for entry in unknown.values():
            assert entry["error"].startswith("unknown: the wall lost its broker"), entry["error"]
            assert entry["targets"]["up"] > 0 and entry["devices"]["total"] > 0, "its last counts stay"
        time.sleep(max(0.0, 15 - (time.monotonic() - stopped_at)))
        broker.start()
        # (Not "no site unknown": the shop, not heard again yet, may rightly stay unknown.)
        wait_for(lambda: wall.log.read_text().count("sites: connected") == 2, 90, "the wall back on its broker")
        back_at = time.monotonic()
        # The shop's will, published by the broker as it shut down, was kept and handed to the wall again.
        assert broker.retained("netsnap/shop/availability") == {"netsnap/shop/availability": "offline"}
        time.sleep(10)
        assert entries(wall)["shop"]["state"] != "lost", "a will standing 10 s of 60 is no loss"
        sites["shop"].process.send_signal(signal.SIGCONT)
        wait_for(lambda: all(broker.retained(f"netsnap/{node}/availability").get(f"netsnap/{node}/availability") == "online"
                             for node in NAMES), 90, "every site online on the broker again")
        wait_for(lambda: all_in(wall, "online"), 30, "the three sites online on the wall again")
        time.sleep(3)  # a few more cycles: nothing late
        poller.stop()
        print(f"broker down {back_at - stopped_at:.1f} s for the wall; states seen: {poller.seen}")

        assert all("lost" not in states for states in poller.seen.values()), poller.seen
        assert all("unknown" in states for states in poller.seen.values()), poller.seen
        assert logged_kinds(wall) == ["sitesBrokerOutage"], wall.log.read_text()[-3000:]
        assert "Sites broker unreachable for" in wall.log.read_text()
        assert incidents(wall) == [], "no incident opened"
        assert sink.requests == [], "an outage shorter than lostAfterSeconds wakes nobody"
        outages = event_items(wall, {"sitesBrokerOutage"})
        assert len(outages) == 1 and not event_items(wall, SITE_KINDS), feed_items(wall)
        outage = outages[0]
        assert outage["title"].startswith("Sites broker unreachable for")
        assert 14 <= int(outage["_netsnap"]["seconds"]) <= back_at - stopped_at + 2, outage
        assert [e.title for e in atom_entries(wall, {"sitesBrokerOutage"})] == [outage["title"]]
        assert not atom_entries(wall, SITE_KINDS)
        assert wall.alive() and all(site.alive() for site in sites.values())
    finally:
        for site in sites.values():
            if site.process.poll() is None:
                site.process.send_signal(signal.SIGCONT)
        broker.stop()


def test_a_killed_site_is_lost_once_and_back_once_and_forgetting_a_lost_one_closes_its_incident(tmp_path, broker, sink, watches):
    lost_after = 5
    sites = start_sites(tmp_path, broker, watches)
    wall = start_wall(tmp_path, broker, sink, lost_after=lost_after)
    watches.append(wall)
    wait_for(lambda: all_in(wall, "online"), 60, "the three sites online on the wall")
    wait_for(lambda: feed_items(wall) is not None, 10, "the wall's feed.json")
    assert feed_items(wall) == []

    # kill -9: the broker publishes the shop's last will at once (its socket closes); the shop
    # is lost once the will stood for lostAfterSeconds, not before.
    killed_at = time.monotonic()
    sites["shop"].stop(signal.SIGKILL)
    wait_for(lambda: broker.retained("netsnap/shop/availability").get("netsnap/shop/availability") == "offline", 10, "the shop's will")
    lost = wait_for(lambda: (e := entries(wall).get("shop")) and e["state"] == "lost" and e, 30, "the killed shop lost")
    lost_seconds = time.monotonic() - killed_at
    print(f"lost {lost_seconds:.1f} s after kill -9 (lostAfterSeconds {lost_after})")
    assert lost_seconds >= lost_after - 0.5, "not lost before its will stood for lostAfterSeconds"
    assert "offline" in lost["error"] and entries(wall)["home"]["state"] == entries(wall)["cabin"]["state"] == "online"
    wait_for(lambda: notifications(sink) == (["Site lost: Shop"], ["siteLost"]), 15, "one notification of the loss per sink")
    time.sleep(3)
    assert logged_kinds(wall) == ["siteLost"]
    assert [line for line in incidents(wall) if "ongoing" in line and "Shop" in line], incidents(wall)

    # Restarted: back, once.
    sites["shop"].start()
    wait_for(lambda: entries(wall).get("shop", {}).get("state") == "online", 30, "the restarted shop online")
    wait_for(lambda: notifications(sink) == (["Site lost: Shop", "Site back: Shop"], ["siteLost", "siteBack"]), 15,
             "one notification of its return per sink")
    time.sleep(3)
    assert logged_kinds(wall) == ["siteLost", "siteBack"]
    assert "Site lost: Shop" in wall.log.read_text() and "Site back: Shop" in wall.log.read_text()
    assert [item["title"] for item in event_items(wall, SITE_KINDS)] == ["Site back: Shop", "Site lost: Shop"], "newest first"
    assert all(item["_netsnap"]["site"] == "shop" for item in event_items(wall, SITE_KINDS))
    assert [(e.title, e.id.startswith("urn:netsnap:event:")) for e in atom_entries(wall, SITE_KINDS)] == [
        ("Site back: Shop", True), ("Site lost: Shop", True)]
    shop_incident = [line for line in incidents(wall) if "Shop" in line]
    assert len(shop_incident) == 1 and "ongoing" not in shop_incident[0], shop_incident

    # A lost site forgotten: it leaves the wall, and its incident closes, saying why.
    sites["cabin"].stop(signal.SIGKILL)
    wait_for(lambda: entries(wall).get("cabin", {}).get("state") == "lost", 30, "the killed cabin lost")
    wait_for(lambda: [line for line in incidents(wall) if "Cabin" in line and "ongoing" in line], 10, "the cabin's incident")
    forgot = run_netsnap("sites", "forget", "cabin", "--config", wall.config, check=False)
    assert forgot.returncode == 0, forgot.stderr.decode()
    wait_for(lambda: "cabin" not in entries(wall), 30, "the cabin off the wall")
    wait_for(lambda: "siteRemoved" in logged_kinds(wall), 10, "the site removed event")
    cabin = [line for line in incidents(wall) if "Cabin" in line]
    assert len(cabin) == 1 and "ongoing" not in cabin[0] and cabin[0].endswith("note: closed: site removed"), cabin
    assert logged_kinds(wall) == ["siteLost", "siteBack", "siteLost", "siteRemoved"]
    assert "Site removed: Cabin" in wall.log.read_text()
    assert wait_for(lambda: [item["title"] for item in event_items(wall, {"siteRemoved"})], 10, "siteRemoved in feed.json") == [
        "Site removed: Cabin"]
    closed = [item for item in event_items(wall, {"incident"}) if item["title"].startswith("Resolved: Cabin ")]
    assert len(closed) == 1 and closed[0]["_netsnap"]["note"] == "closed: site removed" and "endedAt" in closed[0]["_netsnap"], closed
    assert wall.alive()


def test_sites_are_named_by_their_own_config_told_apart_by_id_and_say_when_they_expire(tmp_path, broker, watches):
    named = [start_site(tmp_path, broker, node, True, "Same Wi-Fi", name="Cabin") for node in ("cabin-a", "cabin-b")]
    plain, plain_snapshot = start_site(tmp_path, broker, "plain", True, "Plain Wi-Fi")
    watches.extend([site for site, _ in named] + [plain])
    wall = start_wall(tmp_path, broker, None, lost_after=60, discovery=True)
    watches.append(wall)
    ids = ("cabin-a", "cabin-b", "plain")
    sites = wait_for(lambda: all_in(wall, "online", ids), 60, "the three sites online on the wall")
    assert {site_id: entry["name"] for site_id, entry in sites.items()} == {
        "cabin-a": "Cabin (cabin-a)", "cabin-b": "Cabin (cabin-b)", "plain": "plain"}
    # A site without a name says so ({"name": null}); the wall shows its node id, not its Wi-Fi.
    assert json.loads(broker.retained("netsnap/plain/site")["netsnap/plain/site"]) == {"name": None}
    assert "Wi-Fi" not in (wall.tmp_path / "out" / "sites.json").read_text()
    page = (wall.tmp_path / "out" / "sites.html").read_text()
    assert "Cabin (cabin-a)" in page and "Cabin (cabin-b)" in page and "Wi-Fi" not in page

    # Each entry says when its snapshot goes stale: its time + the widgets' freshness window (300 s by default).
    document = json.loads((wall.tmp_path / "out" / "sites.json").read_text())
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: E731
    for entry in document["sites"]:
        assert parse(entry["expiresAt"]) - parse(entry["snapshotAt"]) == timedelta(seconds=300), entry
        assert parse(entry["expiresAt"]) > datetime.now(timezone.utc)
    assert parse(document["expiresAt"]) > parse(document["generatedAt"])
    assert parse(sites["plain"]["snapshotAt"]) == parse(plain_snapshot["generatedAt"])

    # Home Assistant names the entities as the wall does.
    configs = wait_for(lambda: (c := broker.retained("homeassistant/+/wall/+/config")) and
                       sum("/site_" in topic for topic in c) == 6 and c, 30, "the sites' entities")
    names = {topic: json.loads(payload)["name"] for topic, payload in configs.items() if "/site_" in topic}
    assert names == {
        "homeassistant/binary_sensor/wall/site_cabin-a/config": "Site Cabin (cabin-a)",
        "homeassistant/sensor/wall/site_cabin-a_state/config": "Site Cabin (cabin-a) state",
        "homeassistant/binary_sensor/wall/site_cabin-b/config": "Site Cabin (cabin-b)",
        "homeassistant/sensor/wall/site_cabin-b_state/config": "Site Cabin (cabin-b) state",
        "homeassistant/binary_sensor/wall/site_plain/config": "Site plain",
        "homeassistant/sensor/wall/site_plain_state/config": "Site plain state",
    }
    attributes = json.loads(broker.retained("netsnap/wall/site/cabin-b/attributes")["netsnap/wall/site/cabin-b/attributes"])
    assert attributes["site_id"] == "cabin-b" and attributes["site_name"] == "Cabin (cabin-b)"


def restart_under_a_site(tmp_path, watches):
    """A site on a persistent Mosquitto that is restarted while the site is paused, then
    resumed: (what the broker kept on its availability, the site's log)."""
    broker = BridgeBroker(tmp_path / "broker")
    try:
        site = start_site(tmp_path, broker, "home", True, "Home Wi-Fi", name="Home")[0]
        watches.append(site)
        wait_for(lambda: broker.retained("netsnap/home/availability") == {"netsnap/home/availability": "online"}, 60, "the site online")
        broker.stop()
        # Paused once the broker is gone: whatever the site said on its way down is all the broker kept.
        site.process.send_signal(signal.SIGSTOP)
        broker.start()
        kept = broker.retained("netsnap/home/availability")
        site.process.send_signal(signal.SIGCONT)
        wait_for(lambda: site.log.read_text().count("mqtt connected") == 2, 30, "the site connected again")
        wait_for(lambda: broker.retained("netsnap/home/availability") == {"netsnap/home/availability": "online"}, 10, "online again")
        return kept, site.log.read_text()
    finally:
        for watch in watches:
            if watch.process.poll() is None:
                watch.process.send_signal(signal.SIGCONT)
        broker.stop()


def test_a_restarted_broker_keeps_the_last_will_of_a_site_not_an_online(tmp_path, watches):
    kept, _ = restart_under_a_site(tmp_path, watches)
    assert kept == {"netsnap/home/availability": "offline"}, "the broker kept the will it published on shutdown"


def test_a_broker_restart_is_not_taken_for_another_netsnap_saying_offline(tmp_path, watches):
    _, log = restart_under_a_site(tmp_path, watches)
    assert "said offline by another netsnap" not in log, log


def test_forget_says_exit_7_when_the_broker_cannot_be_reached_or_refuses_it(tmp_path):
    """Exit 1 is a refusal (the node still runs, test_sites_wall and test_mqtt_forget); a broker
    that is not there, or that refuses the client, is exit 7, for `sites forget` and `mqtt forget`."""
    closed_port = free_port()
    (tmp_path / "nobody.yml").write_text(f"mqtt:\n  host: 127.0.0.1\n  port: {closed_port}\n  nodeId: wall\n")
    refusing = tmp_path / "refusing"
    refusing.mkdir()
    port = free_port()
    (refusing / "mosquitto.conf").write_text(f"listener {port} 127.0.0.1\nallow_anonymous false\npersistence false\nlog_dest none\n")
    broker = subprocess.Popen([MOSQUITTO, "-c", str(refusing / "mosquitto.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, 10, "mosquitto")
        (tmp_path / "refused.yml").write_text(f"mqtt:\n  host: 127.0.0.1\n  port: {port}\n  nodeId: wall\n")
        for command in (("sites", "forget", "cabin"), ("mqtt", "forget", "--node", "cabin")):
            refused = run_netsnap(*command, "--config", tmp_path / "refused.yml", check=False)
            assert refused.returncode == 7 and b"not authorised" in refused.stderr, (command, refused.stderr)
        unreachable = run_netsnap("sites", "forget", "cabin", "--config", tmp_path / "nobody.yml", check=False)
        assert unreachable.returncode == 7 and b"no connection" in unreachable.stderr, unreachable.stderr
    finally:
        broker.terminate()
        broker.wait(timeout=10)


def test_an_outage_as_long_as_lost_after_seconds_is_notified_once(tmp_path, broker, sink, watches):
    """The wall's own broker away for lostAfterSeconds or more: one `sitesBrokerOutage`, told
    to ntfy and the webhooks too (shorter ones only go to the feeds, as above)."""
    wall = start_wall(tmp_path, broker, sink, lost_after=5)
    watches.append(wall)
    wait_for(lambda: "sites: connected" in wall.log.read_text(), 30, "the wall connected")
    broker.stop()
    time.sleep(8)
    broker.start()
    wait_for(lambda: "sitesBrokerOutage" in logged_kinds(wall), 90, "the outage told")
    time.sleep(3)
    assert logged_kinds(wall) == ["sitesBrokerOutage"]
    titles, kinds = wait_for(lambda: (n := notifications(sink))[0] and n[1] and n, 15, "the outage notified")
    assert kinds == ["sitesBrokerOutage"] and len(titles) == 1 and titles[0].startswith("Sites broker unreachable for"), titles
    outage = event_items(wall, {"sitesBrokerOutage"})
    assert len(outage) == 1 and int(outage[0]["_netsnap"]["seconds"]) >= 8 and outage[0]["title"] == titles[0]


def kill_site_before_the_wall(tmp_path, broker, watches):
    """A site that published its snapshot and name, then was killed: its will is retained."""
    shop = start_site(tmp_path, broker, "shop", True, "Shop Wi-Fi", name="Shop")[0]
    watches.append(shop)
    wait_for(lambda: broker.retained("netsnap/shop/availability") == {"netsnap/shop/availability": "online"}
             and broker.retained("netsnap/shop/snapshot") and broker.retained("netsnap/shop/site"), 60, "the shop published")
    shop.stop(signal.SIGKILL)
    wait_for(lambda: broker.retained("netsnap/shop/availability") == {"netsnap/shop/availability": "offline"}, 20, "the shop's will")


def test_a_wall_started_after_a_site_died_never_shows_it_online_nor_announces_it(tmp_path, broker, sink, watches):
    kill_site_before_the_wall(tmp_path, broker, watches)
    wall = start_wall(tmp_path, broker, sink, lost_after=5)
    watches.append(wall)
    poller = StatePoller(wall)
    poller.start()
    try:
        wait_for(lambda: entries(wall).get("shop", {}).get("state") == "lost", 30, "the dead shop lost")
        time.sleep(3)
    finally:
        poller.stop()
    assert logged_kinds(wall) == [] and sink.requests == [], "a site first seen, already dead, sets its baseline quietly"
    assert "online" not in poller.seen["shop"], poller.seen


def test_a_broker_restart_neither_brings_back_nor_loses_again_a_site_lost_before(tmp_path, sink, watches):
    broker = BridgeBroker(tmp_path / "broker")
    try:
        wall = start_wall(tmp_path, broker, sink, lost_after=5)
        watches.append(wall)
        kill_site_before_the_wall(tmp_path, broker, watches)
        wait_for(lambda: entries(wall).get("shop", {}).get("state") == "lost", 30, "the killed shop lost")
        wait_for(lambda: logged_kinds(wall) == ["siteLost"], 10, "the loss told")
        poller = StatePoller(wall)
        poller.start()
        broker.stop()
        time.sleep(15)
        broker.start()
        wait_for(lambda: "sitesBrokerOutage" in logged_kinds(wall), 90, "the wall back on its broker")
        time.sleep(10)  # twice lostAfterSeconds
        poller.stop()
        assert logged_kinds(wall) == ["siteLost", "sitesBrokerOutage"], "a broker restart is no return and no second loss"
        assert poller.seen["shop"] <= {"lost", "unknown"}, poller.seen
    finally:
        broker.stop()
