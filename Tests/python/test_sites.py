"""One netsnap draws the wall of its sites (issue #25 §2–3), against a real Mosquitto on
loopback: three site netsnaps publish their snapshots, an aggregator `watch --sites` writes
sites.json, sites.html and every site's own outputs below sites/<slug>/; a site killed with
kill -9 turns lost when its last will arrives; garbage, a wrong schema, an oversized payload
and hostile ids make only their own site invalid (or are refused) and write nothing outside.
Each site is shown by the name its own config gives it (`site.name`), never by its Wi-Fi's."""
import json
import re
import signal
import struct
import subprocess
import urllib.request
from datetime import datetime, timedelta, timezone

from test_push_cli import Watch, broker, snapshot_with_nas, watches, write_snapshot  # noqa: F401 (fixtures)
from conftest import NETSNAP, free_port, wait_for

MOSQUITTO_PUB = "mosquitto_pub"


def start_site(tmp_path, broker, node, nas_online, ssid, redact=False, name=None):
    """A site publishing its snapshot to `broker`, its NAS up or down, its Wi-Fi `ssid` and,
    unless None, its own `site.name`; the running watch and the snapshot."""
    folder = tmp_path / node
    folder.mkdir()
    config = f"site:\n  name: {json.dumps(name, ensure_ascii=False)}\n" if name is not None else ""
    config += (f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: {node}\n  keepAliveSeconds: 5\n"
               f"  discovery: false\n  publishSnapshot: true\n  redactSnapshot: {'true' if redact else 'false'}\n")
    site = Watch(folder, config)
    snapshot = snapshot_with_nas(nas_online, datetime.now(timezone.utc))
    snapshot["status"]["ssid"] = ssid
    write_snapshot(site.snapshot_file, snapshot)
    return site.start(), snapshot


WIDGETS_FRESHNESS = 120  # start_wall's freshnessSeconds: a site's expiresAt is its snapshotAt + this


def start_wall(tmp_path, broker, lost_after=1):
    """A pure wall of the sites on `broker`; a site whose last will came is lost `lost_after` s later."""
    folder = tmp_path / "wall"
    folder.mkdir()
    config = (f"freshnessSeconds: {WIDGETS_FRESHNESS}\n"
              f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: wall\n  discovery: false\n"
              f"sites:\n  freshnessSeconds: 30\n  lostAfterSeconds: {lost_after}\n  maximumSnapshotBytes: 100000\n")
    wall = Watch(folder, config)
    wall.source = ["--sites"]
    return wall.start()


def publish(broker, topic, payload):
    subprocess.run([MOSQUITTO_PUB, "-h", "127.0.0.1", "-p", str(broker.port), "-q", "1", "-r", "-t", topic, "-s"],
                   input=payload, check=True, timeout=10)


def wall_sites(wall):
    path = wall.tmp_path / "out" / "sites.json"
    return json.loads(path.read_text()) if path.exists() else None


def by_id(document):
    return {site["id"]: site for site in document["sites"]}


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_the_wall_follows_three_sites_and_shrugs_off_hostile_ones(tmp_path, broker, watches):
    # Each site's own name, never its Wi-Fi's: the cabin's Wi-Fi is called like the home's.
    names = {"home": "Home", "cabin": "Cabin by the lake", "shop": "Shop <b>&amp;</b>"}
    sites = {
        "home": start_site(tmp_path, broker, "home", True, "Home Wi-Fi", name=names["home"]),
        "cabin": start_site(tmp_path, broker, "cabin", False, "Home Wi-Fi", name=names["cabin"]),
        "shop": start_site(tmp_path, broker, "shop", True, "Shop Wi-Fi", name=names["shop"]),
    }
    watches.extend(site for site, _ in sites.values())
    wall = start_wall(tmp_path, broker)
    watches.append(wall)
    document = wait_for(lambda: (d := wall_sites(wall)) and len(d["sites"]) == 3 and all(s["state"] != "stale" for s in d["sites"]) and d,
                        60, "the three sites on the wall")
    out = wall.tmp_path / "out"
    for node, (site, snapshot) in sites.items():
        entry = by_id(document)[node]
        up = sum(1 for target in snapshot["targets"] if target["isOnline"])
        assert entry["name"] == names[node] != snapshot["status"]["ssid"]
        assert json.loads(broker.retained(f"netsnap/{node}/site")[f"netsnap/{node}/site"]) == {"name": names[node]}
        # When the site's snapshot goes stale, as every JSON output says it: its time + the wall's freshness window.
        assert parse_time(entry["expiresAt"]) - parse_time(entry["snapshotAt"]) == timedelta(seconds=WIDGETS_FRESHNESS)
        assert parse_time(entry["snapshotAt"]) == parse_time(snapshot["generatedAt"])
        assert (entry["targets"]["up"], entry["targets"]["down"]) == (up, len(snapshot["targets"]) - up)
        assert entry["devices"]["total"] == len(snapshot["devices"]) and entry["error"] is None
        # Each site's own outputs follow the wall, drawn beside it.
        assert entry["href"] == f"sites/{node}/index.html"
        wait_for(lambda: (out / entry["href"]).exists() and (out / "sites" / node / "widgets.json").exists(), 30, "the site's pages")
        own = wait_for(lambda: (site.tmp_path / "out" / "widgets.json").exists() and json.loads((site.tmp_path / "out" / "widgets.json").read_text()),
                       30, "the site's own widgets.json")
        drawn = json.loads((out / "sites" / node / "widgets.json").read_text())
        assert drawn["small"]["overall"] == own["small"]["overall"] == entry["state"]
        assert drawn["medium"]["targetsOnline"] == own["medium"]["targetsOnline"]
        # Its files land one by one (each atomically): wait for the whole set. The incidents
        # page comes from the site's own history, which the wall does not have.
        wait_for(lambda: sorted(p.name for p in (out / "sites" / node).iterdir() if p.suffix == ".html") ==
                 sorted(p.name for p in (site.tmp_path / "out").iterdir() if p.suffix == ".html" and p.name != "incidents.html"),
                 30, "the site's pages")
    assert by_id(document)["cabin"]["state"] == "degraded" or by_id(document)["cabin"]["state"] == "offline"
    states = [site["state"] for site in document["sites"]]
    assert states == sorted(states, key=["lost", "invalid", "offline", "unknown", "stale", "degraded", "online"].index)
    page = (out / "sites.html").read_text()
    assert "Shop &lt;b&gt;&amp;amp;&lt;/b&gt;" in page and "<b>" not in page and "Cabin by the lake" in page
    assert "Wi-Fi" not in page and "Wi-Fi" not in (out / "sites.json").read_text(), "no site is shown by its Wi-Fi"

    # Hostile sites: garbage, a wrong schema, too large, a path, control characters, 10,000 characters.
    future = dict(sites["home"][1], schemaVersion=2)
    publish(broker, "netsnap/garbage/snapshot", b"\x00{not json")
    publish(broker, "netsnap/future/snapshot", json.dumps(future).encode())
    publish(broker, "netsnap/huge/snapshot", b"x" * 200_000)
    publish(broker, "netsnap/../snapshot", json.dumps(sites["home"][1]).encode())
    # Mosquitto refuses control characters in topics (MQTT 3.1.1, 4.7.3); these get through.
    publish(broker, "netsnap/<script>\u202egnp.exe/snapshot", b"{}")
    publish(broker, "netsnap/" + "y" * 10_000 + "/snapshot", b"{}")
    document = wait_for(lambda: (d := wall_sites(wall)) and len(d["sites"]) == 8 and d, 30, "the hostile sites judged")
    entries = by_id(document)
    for hostile in ["garbage", "future", "huge", "..", "<script>\u202egnp.exe"]:
        assert entries[hostile]["state"] == "invalid" and entries[hostile]["error"], hostile
    assert "schemaVersion" in entries["future"]["error"]
    assert "larger than 100000 bytes" in entries["huge"]["error"]
    assert not any(len(site_id) > 1_000 for site_id in entries)
    for node in sites:
        assert entries[node]["state"] != "invalid"
    # A file being written is its atomic writer's `.<name>.<pid>.tmp` beside it: judged by its name.
    written = {re.sub(r"(^|/)\.([^/]+)\.\d+\.tmp$", r"\1\2", str(p.relative_to(out))) for p in out.rglob("*") if p.is_file()}
    assert all(path in ("sites.json", "sites.html", "live.js", "sites.js", "feed.json", "feed.xml") or path.startswith(("sites/", "tiles/sites/"))
               for path in written), written
    assert not any(".." in path or "<" in path for path in written)
    assert "<script>" not in (out / "sites.html").read_text()
    assert not (wall.tmp_path / "snapshot").exists() and wall.alive()
    assert "refused a message" in wall.log.read_text()

    # kill -9: the broker publishes the last will (1.5 × 5 s keep-alive), the site turns lost
    # once it stood for sites.lostAfterSeconds (1 s here).
    sites["shop"][0].stop(9)
    wait_for(lambda: by_id(wall_sites(wall))["shop"]["state"] == "lost", 30, "the killed site lost")
    assert "offline" in by_id(wall_sites(wall))["shop"]["error"]
    wait_for(lambda: "kind=siteLost" in wall.log.read_text(), 10, "the site lost event")
    assert by_id(wall_sites(wall))["home"]["state"] == document["sites"][[s["id"] for s in document["sites"]].index("home")]["state"]
    log = wall.log.read_text()
    assert "kind=siteLost" in log and "kind=siteInvalid" in log

    # Restarted, it is back, and the wall says so.
    sites["shop"][0].start()
    wait_for(lambda: by_id(wall_sites(wall))["shop"]["state"] == "online", 30, "the restarted site back")
    wait_for(lambda: "kind=siteBack" in wall.log.read_text(), 10, "the site back event")
    assert wall.alive()


def fetch(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=2) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return None, b""


def test_serve_watch_sites_serves_the_wall_and_a_sites_page_and_stays_healthy(tmp_path, broker, watches):
    site, snapshot = start_site(tmp_path, broker, "alpha", True, "Alpha Wi-Fi", name="Alpha")
    watches.append(site)
    config = tmp_path / "wall.yml"
    config.write_text(f"sites:\n  host: 127.0.0.1\n  port: {broker.port}\n")
    port = free_port()
    server = subprocess.Popen(
        [str(NETSNAP), "serve", "--watch", "--sites", "--config", str(config), "--output", str(tmp_path / "out"), "--state",
         str(tmp_path / "state"), "--interval", "1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "serve.log", "ab"))
    try:
        document = wait_for(lambda: (r := fetch(port, "sites.json"))[0] == 200 and json.loads(r[1])["total"] == 1 and json.loads(r[1]),
                            60, "the wall served")
        assert document["sites"][0]["id"] == "alpha" and document["sites"][0]["name"] == "Alpha"
        wait_for(lambda: fetch(port, "sites/alpha/index.html")[0] == 200, 30, "the site's dashboard")
        assert b"Alpha" in fetch(port, "sites.html")[1] and fetch(port, "sites.js")[0] == 200 and fetch(port, "live.js")[0] == 200
        # The wall's tiles: written ones, and any size drawn on demand from sites.json.
        for name, size in [("led-64x32", (64, 32)), ("trmnl", (800, 480)), ("400x300", (400, 300)), ("small", (340, 340))]:
            status, body = wait_for(lambda: (r := fetch(port, f"tiles/sites/{name}.png"))[0] == 200 and r, 30, f"the wall's {name} tile")
            assert body[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", body[16:24]) == size, name
        assert fetch(port, "tiles/sites/0x0.png")[0] in (400, 404) and fetch(port, "tiles/sites/trmnl.png?theme=bogus")[0] == 400
        assert wait_for(lambda: fetch(port, "healthz")[0] == 200, 10, "healthy")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
