"""`netsnap watch` end to end: event feeds read by a real feed library, and kill -9 safety."""
import json
import os
import signal
import sqlite3
import subprocess
import time

import contextlib
import functools
import http.server
import threading

import feedparser
import feedparser_rs
import jsonschema

from conftest import NETSNAP, ROOT, run_netsnap


class FeedHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {".json": "application/feed+json", ".xml": "application/atom+xml"}

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve_folder(folder):
    """Serves `folder` on 127.0.0.1 (a free port) for the duration of the block."""
    handler = functools.partial(FeedHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def sample_snapshot():
    return json.loads(run_netsnap("sample").stdout)


def write_snapshot(path, snapshot):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot))
    os.replace(tmp, path)


def test_feeds_after_scripted_outage(tmp_path):
    snapshot_file = tmp_path / "snapshot.json"
    out, state = tmp_path / "out", tmp_path / "state"
    snapshot = sample_snapshot()
    # Five cycles, one a minute; the NAS fails from the second on: down after three failures.
    for minute in range(5):
        snapshot["generatedAt"] = f"2026-11-21T11:0{minute}:00Z"
        nas = next(t for t in snapshot["targets"] if t["name"] == "NAS")
        nas["isOnline"] = minute == 0
        write_snapshot(snapshot_file, snapshot)
        run_netsnap("watch", "--input", snapshot_file, "--output", out, "--state", state, "--interval", 1, "--cycles", 1)
    feed = json.loads((out / "feed.json").read_text())
    # JSON Feed 1.1 rules: version URL, title, items each with an id and content.
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["title"]
    # No publicURL configured: no link at all rather than an address netsnap cannot know.
    assert "home_page_url" not in feed and "feed_url" not in feed
    titles = [item["title"] for item in feed["items"]]
    assert "NAS is down" in titles and "Office VPN is down" in titles
    for item in feed["items"]:
        assert isinstance(item["id"], str) and item["id"]
        assert "content_text" in item or "content_html" in item
        assert item["_netsnap"]["kind"] in item["tags"]
    # Newest first, an incident by its last change (it is updated in place).
    dates = [item.get("date_modified", item["date_published"]) for item in feed["items"]]
    assert dates == sorted(dates, reverse=True), "newest first"

    # feedparser 6 reads no JSON Feed; feedparser-rs (same API) does.
    parsed_json = feedparser_rs.parse((out / "feed.json").read_bytes())
    assert not parsed_json.bozo
    assert parsed_json.version == "json11"
    assert {e.title for e in parsed_json.entries} == set(titles)

    with serve_folder(out) as base:
        parsed_atom = feedparser.parse(base + "feed.xml")
    assert not parsed_atom.bozo, parsed_atom.get("bozo_exception")
    assert parsed_atom.version == "atom10"
    assert [e.title for e in parsed_atom.entries] == titles
    assert all(e.id.startswith(("urn:netsnap:event:", "urn:netsnap:incident:")) for e in parsed_atom.entries)
    assert parsed_atom.headers["content-type"] == "application/atom+xml"

    widgets = json.loads((out / "widgets.json").read_text())
    schema = json.loads((ROOT / "docs" / "widgets.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(widgets)
    nas_history = next(t for t in widgets["history"]["targets"] if t["name"] == "NAS")
    assert nas_history["uptime24h"] == 20.0

    # Stable ids: the same history gives the same item ids on a re-render.
    ids = [item["id"] for item in feed["items"]]
    run_netsnap("watch", "--input", snapshot_file, "--output", out, "--state", state, "--interval", 1, "--cycles", 1)
    assert [i["id"] for i in json.loads((out / "feed.json").read_text())["items"]] == ids


def test_kill_9_mid_cycle_leaves_database_and_outputs_intact(tmp_path):
    out, state = tmp_path / "out", tmp_path / "state"
    # JSON outputs only: debug-build tiles would make a cycle longer than the kill windows.
    config = tmp_path / "netsnap.yml"
    config.write_text("tiles:\n  enabled: false\n")
    committed_before = 0
    for attempt in range(6):
        process = subprocess.Popen(
            [str(NETSNAP), "watch", "--sample", "--interval", "1", "--output", str(out), "--state", str(state),
             "--config", str(config)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.3 + attempt * 0.17)  # land at different points of a cycle
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        database = sqlite3.connect(state / "history.sqlite")
        assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        count = database.execute("SELECT COUNT(*) FROM snapshot").fetchone()[0]
        results = database.execute("SELECT COUNT(*) FROM targetResult").fetchone()[0]
        database.close()
        assert count >= committed_before, "committed cycles survive"
        assert results == count * 6, "each committed cycle is whole: six target results per snapshot"
        committed_before = count
        for name in ["widgets.json", "badge.json", "summary.json", "feed.json"]:
            json.loads((out / name).read_text())  # never partial
    assert committed_before >= 6
    # And it opens cleanly after: one more cycle works.
    run_netsnap("watch", "--sample", "--interval", 1, "--cycles", 1, "--output", out, "--state", state, "--config", config)
