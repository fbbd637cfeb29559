"""speed.html in headless Chromium, from a real history: `netsnap watch` makes the state
folder, 86 days of speed results join its database (as the watch loop records them, one row
per measurement), and `netsnap render --at` draws the page. At 390 px and 1920 px the shown
drawing is the one made for that width, every word of the charts stays inside its picture at
a readable size and no two overlap, and the page never scrolls sideways."""
import math
import sqlite3
from datetime import timedelta

import pytest

from conftest import run_netsnap
from pages_harness import open_at_width, LoopbackServer, browser, console_errors, rfc3339, utc_now

MISSING_DAYS = {20, 21, 22, 40}


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    work = tmp_path_factory.mktemp("speed")
    state = work / "state"
    run_netsnap("watch", "--sample", "--state", state, "--output", work / "watched", "--cycles", 1, "--interval", 5)
    now = utc_now() + timedelta(seconds=2)  # after the watched snapshot, whose time has fractions
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    rows = []
    for day in range(90):
        if day in MISSING_DAYS:
            continue
        for run in range(4):
            # Four runs inside the day's UTC hours (the history's days), none after now.
            at = min(midnight - timedelta(days=89 - day) + timedelta(hours=1 + 5 * run), now - timedelta(minutes=1))
            slow = 0.45 if 50 <= day <= 53 else 1
            rows.append((at.timestamp(), (88 + 8 * math.sin(day / 9)) * slow, 18 + 2 * math.sin(day / 7), 12.0, 1.4,
                         "Example Fiber", "ookla", None))
    with sqlite3.connect(state / "history.sqlite") as database:
        database.executemany("INSERT OR REPLACE INTO speedResult VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    output = work / "Output"
    run_netsnap("render", "--at", rfc3339(now), "--state", state, "--output", output, "--no-tiles")
    days = {int(row[0] // 86_400) for row in rows}
    return output, len(days)




SHOWN_PLOTS = """
return Array.from(document.querySelectorAll('svg.speed-plot')).filter(s => s.getBoundingClientRect().width > 0).map(svg => {
  const box = svg.getBoundingClientRect();
  const texts = Array.from(svg.querySelectorAll('text')).map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height};
  });
  return {shape: svg.classList.contains('speed-plot-narrow') ? 'narrow' : 'wide', label: svg.getAttribute('aria-label'),
          box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          lines: svg.querySelectorAll('.speed-line polyline').length, texts: texts};
});
"""


@pytest.mark.parametrize("width", [390, 1920])
def test_the_drawing_for_the_width_is_shown_and_its_words_fit(driver, rendered, width):
    output, days = rendered
    with LoopbackServer(output) as server:
        open_at_width(driver, f"{server.base}/speed.html", width)
        plots = driver.execute_script(SHOWN_PLOTS)
        assert [plot["shape"] for plot in plots] == ["narrow" if width < 640 else "wide"] * 2
        assert plots[0]["label"].startswith("Last 30 days: download")
        assert plots[1]["label"].startswith("Last 90 days: download")
        # 90 days with gaps at days 20–22 and 40: three runs per direction.
        assert plots[1]["lines"] == 6
        for plot in plots:
            box = plot["box"]
            for text in plot["texts"]:
                assert text["height"] >= 9, f"{text['text']} is {text['height']:.1f} px tall at {width} px"
                assert box["left"] - 0.5 <= text["left"] and text["right"] <= box["right"] + 0.5, f"{text['text']} leaves the chart"
            for index, first in enumerate(plot["texts"]):
                for second in plot["texts"][index + 1:]:
                    apart = (first["right"] <= second["left"] or second["right"] <= first["left"]
                             or first["bottom"] <= second["top"] or second["bottom"] <= first["top"])
                    assert apart, f"{first['text']} overlaps {second['text']}"
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
        assert driver.execute_script("return document.querySelectorAll('.speed-days-table tbody tr').length") == days
        assert console_errors(driver) == []


def test_the_dashboard_links_the_speed_page(driver, rendered):
    with LoopbackServer(rendered[0]) as server:
        open_at_width(driver, f"{server.base}/index.html", 1280)
        links = driver.execute_script("return Array.from(document.querySelectorAll('a[href=\"speed.html\"]')).map(a => a.textContent)")
        assert links == ["Download", "Upload"]
