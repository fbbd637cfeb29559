"""90 days of snapshots with outages, flapping and a silent day, imported into the history:
`uptime.json` and the uptime badges checked against figures worked out here, independently."""
import datetime as dt
import html
import json
import re

from conftest import run_netsnap

START = dt.datetime(2026, 8, 1, tzinfo=dt.timezone.utc)
STEP = dt.timedelta(minutes=30)
DAYS = 90


def nas_online(when):
    """The NAS's state at `when`: the script of outages the test checks for."""
    day, minutes = (when - START).days, when.hour * 60 + when.minute
    if day == 20 and 120 <= minutes < 120 + 6 * 30:      # 3 h down: one outage
        return False
    if day == 30 and 600 <= minutes < 600 + 8 * 30:       # flapping, never 3 in a row: no outage
        return (minutes // 30) % 2 == 0
    if day == 45 and 23 * 60 <= minutes:                   # down over midnight, 5 checks: one outage,
        return False                                       # begun on day 45
    if day == 46 and minutes < 60:
        return False
    return True


def series(template):
    """The snapshots, oldest first; day 10 has none (the watcher was off)."""
    when = START
    while when < START + dt.timedelta(days=DAYS):
        if (when - START).days != 10:
            snapshot = json.loads(json.dumps(template))
            stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
            snapshot["generatedAt"] = stamp
            snapshot["session"] = {"startedAt": START.strftime("%Y-%m-%dT%H:%M:%SZ")}
            snapshot["status"]["updatedAt"] = stamp
            snapshot["devices"] = []
            for target in snapshot["targets"]:
                target["lastChecked"] = stamp
                target["isOnline"] = nas_online(when) if target["name"] == "NAS" else True
                target["currentLatency"] = 5 if target["isOnline"] else None
                target.pop("lastError", None)
                target.pop("lastErrorAt", None)
            yield when, snapshot
        when += STEP


def expected_days(times):
    """Per UTC day: (up %, worst, outages) of the NAS, an outage (3 failures in a row) dated by its first failure."""
    days = {}
    for when in times:
        key = when.strftime("%Y-%m-%d")
        total, up = days.get(key, (0, 0))
        days[key] = (total + 1, up + (1 if nas_online(when) else 0))
    outages = {}
    for start, _ in expected_incidents(times):
        outages[start.strftime("%Y-%m-%d")] = outages.get(start.strftime("%Y-%m-%d"), 0) + 1
    return {key: (up * 100 / total, "up" if up == total else "down", outages.get(key, 0)) for key, (total, up) in days.items()}


def imported(tmp_path):
    """The 90 days imported into a fresh state folder: the snapshots (with their times) and the folder."""
    template = json.loads(run_netsnap("sample").stdout)
    for target in template["targets"]:
        target["isOnline"] = True
    snapshots = list(series(template))
    lines = tmp_path / "series.jsonl"
    lines.write_text("".join(json.dumps(s) + "\n" for _, s in snapshots))
    state = tmp_path / "state"
    run_netsnap("history", "import", "--state", state, lines)
    return snapshots, state


def test_ninety_days_of_uptime(tmp_path):
    snapshots, state = imported(tmp_path)
    last = snapshots[-1][0]
    out = tmp_path / "out"
    run_netsnap("render", "--at", last.strftime("%Y-%m-%dT%H:%M:%SZ"), "--state", state, "--output", out, "--no-tiles",
                env={"NETSNAP_TILES_TIME_ZONE": "UTC"})
    uptime = json.loads((out / "uptime.json").read_text())
    assert uptime["days"] == 90 and uptime["expiresAt"] > uptime["snapshotAt"]
    nas = next(s for s in uptime["series"] if s["name"] == "NAS")
    assert len(nas["days"]) == 90
    expected = expected_days([when for when, _ in snapshots])
    for day in nas["days"]:
        if day["date"] == (START + dt.timedelta(days=10)).strftime("%Y-%m-%d"):
            assert (day["upPercent"], day["worst"], day["incidents"]) == (None, "nodata", 0)
            continue
        percent, worst, outages = expected[day["date"]]
        assert abs(day["upPercent"] - percent) <= 0.0005, day
        assert day["worst"] == worst, day
        assert day["incidents"] == outages, day
    assert sum(day["incidents"] for day in nas["days"]) == 2
    # Percentages over the windows: the hours that end within them, no-data time left out.
    times = [when for when, _ in snapshots]
    for label, days in (("7d", 7), ("30d", 30), ("90d", 90)):
        window = [t for t in times if t.replace(minute=0) + dt.timedelta(hours=1) > last - dt.timedelta(days=days)]
        figure = sum(nas_online(t) for t in window) * 100 / len(window)
        assert abs(nas["uptime"][label] - figure) <= 0.0005, label
    # The dashboard draws the same days: a bar each, coloured by its worst state, titled with its figures.
    page = (out / "index.html").read_text()
    strip = re.search(r'<span class="row-name" dir="auto">NAS</span>.*?<ol class="uptime-bars"[^>]*>(.*?)</ol>', page, re.S)
    bars = re.findall(r'<li class="day day-(\w+)" title="([^"]+)"><span class="visually-hidden">([^<]+)</span></li>', strip.group(1))
    assert len(bars) == 90
    for (state, title, spoken), day in zip(bars, nas["days"]):
        assert state == day["worst"] and title == spoken and html.unescape(title).startswith(day["date"]), (state, title, day)
        if day["worst"] == "down":
            assert f"{int(day['upPercent'] * 10) / 10:.1f}% up · down" in html.unescape(title), title
    assert '<a href="incidents.html">Incidents</a>' in page
    router = next(s for s in uptime["series"] if s["name"] == "Router")
    assert router["uptime"]["90d"] == 100
    badge = json.loads((out / "badges" / "nas-uptime.json").read_text())
    thirty = [t for t in times if t.replace(minute=0) + dt.timedelta(hours=1) > last - dt.timedelta(days=30)]
    percent = sum(nas_online(t) for t in thirty) * 100 / len(thirty)
    assert badge["label"] == "NAS 30d"
    assert badge["message"] == f"{int(percent * 100) / 100:g}%"


def expected_incidents(times):
    """(start, end) of each outage — 3 failed checks in a row or more: from its first failure
    (it is confirmed at the third) to the first answer after it."""
    found, run, first = [], 0, None
    for when in times:
        if nas_online(when):
            if run >= 3:
                found.append((first, when))
            run, first = 0, None
        else:
            run += 1
            first = first or when
    return found


def stamp(when):
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_incidents_open_close_and_take_notes(tmp_path):
    snapshots, state = imported(tmp_path)
    last = stamp(snapshots[-1][0])
    out = tmp_path / "out"
    run_netsnap("render", "--at", last, "--state", state, "--output", out, "--no-tiles")
    incidents = json.loads((out / "incidents.json").read_text())
    assert incidents["expiresAt"] > incidents["snapshotAt"] and incidents["open"] == 0
    expected = expected_incidents([when for when, _ in snapshots])
    assert len(expected) == 2
    got = [(i["name"], i["startedAt"][:19], i["endedAt"][:19]) for i in incidents["incidents"]]
    # Newest first; the flapping day opened none.
    assert got == [("NAS", stamp(start)[:19], stamp(end)[:19]) for start, end in reversed(expected)]
    for incident, (start, end) in zip(incidents["incidents"], reversed(expected)):
        assert incident["durationSeconds"] == (end - start).total_seconds()
        assert incident["title"].startswith("Resolved: NAS was down for")
    newest = incidents["incidents"][0]["id"]
    listed = run_netsnap("incident", "list", "--state", state).stdout.decode().splitlines()
    assert len(listed) == 2 and listed[0].startswith(f"{newest}  NAS  ")
    run_netsnap("incident", "note", "--state", state, newest, "Fibre cut, ISP ticket 4711 <b>")
    run_netsnap("render", "--at", last, "--state", state, "--output", out, "--no-tiles")
    noted = json.loads((out / "incidents.json").read_text())["incidents"][0]
    assert noted["note"] == "Fibre cut, ISP ticket 4711 <b>"
    # incidents.html: by month, newest first, each with its timeline; the note escaped.
    page = (out / "incidents.html").read_text()
    months = re.findall(r"<h2>(\w+ \d{4})</h2>", page)
    assert months == sorted({start.strftime("%B %Y") for start, _ in expected}, key=lambda m: dt.datetime.strptime(m, "%B %Y"), reverse=True)
    assert "Fibre cut, ISP ticket 4711 &lt;b&gt;" in page and "4711 <b>" not in page
    for start, end in expected:
        assert f'<time datetime="{stamp(start)}">' in page and f'<time datetime="{stamp(end)}">' in page
    feed = json.loads((out / "feed.json").read_text())
    item = next(i for i in feed["items"] if i["id"] == f"incident:{newest}")
    assert "Fibre cut" in item["content_text"] and item["date_modified"] > item["date_published"]
    atom = (out / "feed.xml").read_text()
    assert f"<id>urn:netsnap:incident:{newest}</id>" in atom and "ticket 4711 &lt;b&gt;" in atom
    # Closing by hand is for incidents still open; these are over.
    done = run_netsnap("incident", "close", "--state", state, newest, check=False)
    assert done.returncode == 1 and "already closed" in done.stderr.decode()
    assert run_netsnap("incident", "note", "--state", state, 999, "x", check=False).returncode == 1


def test_the_tiles_strip_is_the_worst_targets_last_thirty_days(tmp_path):
    """The 30-day strip the large and TRMNL tiles draw (kept in the widget state serve draws from):
    at day 50 the NAS has the lowest 30-day uptime, and its marks are its days' worst states."""
    snapshots, state = imported(tmp_path)
    moment = START + dt.timedelta(days=50)
    out = tmp_path / "out"
    config = tmp_path / "netsnap.yaml"
    config.write_text("tiles:\n  timeZone: UTC\n  displays: [trmnl]\n")
    run_netsnap("render", "--config", config, "--at", stamp(moment), "--state", state, "--output", out)
    strip = json.loads((out / ".netsnap" / "widgets-state.json").read_text())["history"]["worstUptime"]
    times = [when for when, _ in snapshots if when <= moment]
    expected = expected_days(times)
    window = [(moment - dt.timedelta(days=back)).strftime("%Y-%m-%d") for back in range(29, -1, -1)]
    assert strip["name"] == "NAS"
    assert strip["days"] == [expected[day][1] for day in window]
    assert strip["days"].count("down") == 3  # the flapping day and the outage over midnight
    # Its figure is uptime.json's 30-day one (checked against the series in test_ninety_days_of_uptime).
    nas = next(s for s in json.loads((out / "uptime.json").read_text())["series"] if s["name"] == "NAS")
    assert abs(strip["percent"] - nas["uptime"]["30d"]) <= 0.0005 and strip["percent"] < 100
    png = (out / "tiles" / "trmnl-light.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[16:24] == (800).to_bytes(4, "big") + (480).to_bytes(4, "big")
