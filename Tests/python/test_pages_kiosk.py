"""Pages for kiosks and nights, in headless Chromium: the dashboard fits a 1920×1080 wall
screen without scrolling and a phone without sideways scrolling, the night theme is dim red
on black (by the address, by the config, and by the clock while a page stays open), targets
show their 24 h uptime, the small widget's foot stays one line, and a wired host shows its
link instead of Wi-Fi dashes."""
import base64
import io
import json
import os
import re
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.support.ui import WebDriverWait

from pages_harness import REPO, LoopbackServer, browser, console_errors, render, rfc3339, snapshot, utc_now

WIRED = REPO / "Tests" / "NetsnapModelTests" / "Fixtures" / "wired-host.json"
# Screenshots land here when NETSNAP_SHOTS names a folder, to look at by eye.
SHOTS = os.environ.get("NETSNAP_SHOTS")


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


def open_page(driver, url, width=1920, height=1080):
    """Opens `url` in a viewport of exactly `width` × `height` CSS pixels."""
    driver.get("about:blank")
    driver.get_log("browser")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def page_size(driver):
    return driver.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.scrollHeight, window.innerWidth, window.innerHeight]")


def screenshot(driver, name):
    png = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        (Path(SHOTS) / f"{name}.png").write_bytes(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def replace_file(source, target):
    temporary = f"{target}.tmp"
    shutil.copyfile(source, temporary)
    os.replace(temporary, target)


def publish_history(output, now, uptimes):
    """Writes widgets.json again with a gateway latency series and `uptimes` (one per
    dashboard target, in order) as the history store would give them."""
    data = json.loads((output / "widgets.json").read_text(encoding="utf-8"))
    points = [4.0 + (i % 7) * 0.8 for i in range(96)]
    data["history"] = {"gatewayLatency": {"bucketSeconds": 900, "endsAt": rfc3339(now), "points": points}, "targets": []}
    for target, uptime in zip(data["dashboard"]["targets"], uptimes):
        target["uptime24h"] = uptime
    fresh = output.parent / "widgets-with-history.json"
    fresh.write_text(json.dumps(data), encoding="utf-8")
    replace_file(fresh, output / "widgets.json")


def uptime_text(value):
    """UptimeText.swift's rule, written again: one decimal rounded down, never 100% unless 100."""
    if value >= 100:
        return "100%"
    tenths = min(999, int(value * 10))
    return f"{tenths // 10}.{tenths % 10}%"


def test_the_dashboard_fits_a_wall_screen_with_history_and_uptime(driver, tmp_path):
    now = utc_now()
    output = render(tmp_path / "Output", now, refresh_seconds=1)
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        width, height, inner_width, inner_height = page_size(driver)
        assert (inner_width, inner_height) == (1920, 1080)
        assert width <= 1920 and height <= 1080, f"the sample dashboard is {width}×{height}"
        # Every card is on screen, and the targets and devices lists show every row.
        assert driver.execute_script(
            "return Array.from(document.querySelectorAll('.card')).every(c => c.getBoundingClientRect().bottom <= 1080)")
        assert driver.execute_script("return document.querySelectorAll('.rows-devices .row').length") == 15
        screenshot(driver, "index-1920x1080")

        uptimes = [100, 99.86, 100, 97.0, 12.5, 99.99]
        publish_history(output, now, uptimes)
        WebDriverWait(driver, 4, poll_frequency=0.1).until(
            lambda d: not d.execute_script("return document.querySelector('figure.sparkline').hidden"))
        shown = driver.execute_script(
            "return Array.from(document.querySelectorAll('#targets-title ~ ul .row-uptime')).map(e => e.textContent)")
        assert shown == [uptime_text(value) for value in uptimes]
        assert shown[1] == "99.8%" and shown[5] == "99.9%"
        assert driver.execute_script(
            "return Array.from(document.querySelectorAll('.row-uptime')).every(e => getComputedStyle(e).display !== 'none')")
        width, height, _, _ = page_size(driver)
        assert width <= 1920 and height <= 1080, f"with history the dashboard is {width}×{height}"
        screenshot(driver, "index-1920x1080-history")
        assert console_errors(driver) == []


def test_on_a_phone_target_names_keep_the_room_the_uptime_column_took(driver, tmp_path):
    now = utc_now()
    output = render(tmp_path / "Output", now, refresh_seconds=1)
    publish_history(output, now, [100, 99.86, 100, 97.0, 12.5, 99.99])
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html", width=390, height=844)
        WebDriverWait(driver, 4, poll_frequency=0.1).until(
            lambda d: d.execute_script("return document.querySelector('#targets-title ~ ul .row-uptime').textContent") == "100%")
        assert driver.execute_script(
            "return Array.from(document.querySelectorAll('.row-uptime')).every(e => getComputedStyle(e).display === 'none')")
        cut = driver.execute_script(
            "return Array.from(document.querySelectorAll('#targets-title ~ ul .row-name'))"
            ".filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)")
        assert cut == []
        screenshot(driver, "index-390-history")


def test_without_history_the_uptime_column_is_hidden(driver, tmp_path):
    output = render(tmp_path / "Output", utc_now())
    open_page(driver, f"file://{output}/index.html")
    assert driver.execute_script(
        "return Array.from(document.querySelectorAll('.row-uptime')).map(e => getComputedStyle(e).display)") == ["none"] * 6


@pytest.mark.parametrize("page", ["index", "embed", "small", "large"])
@pytest.mark.parametrize("width", [360, 390])
def test_a_phone_never_scrolls_sideways(driver, tmp_path_factory, page, width):
    output = render(tmp_path_factory.mktemp("phone") / "Output", utc_now())
    open_page(driver, f"file://{output}/{page}.html", width=width, height=800)
    scroll_width, _, inner_width, _ = page_size(driver)
    assert scroll_width <= inner_width == width
    overflowing = driver.execute_script(
        f"return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > {width} + 0.5"
        " && getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length).map(e => e.className || e.tagName)")
    assert overflowing == []
    if page == "index" and width == 390:
        screenshot(driver, "index-phone")


def is_red_or_dark(rgb, tolerance=3):
    r, g, b = rgb
    return g <= r + tolerance and b <= r + tolerance and (g <= 0.6 * r + tolerance and b <= 0.6 * r + tolerance or r <= 12)


@pytest.mark.parametrize("page", ["index", "small", "medium", "large", "embed"])
def test_night_by_the_address_is_dim_red_on_black(driver, tmp_path_factory, page):
    output = render(tmp_path_factory.mktemp("night") / "Output", utc_now())
    open_page(driver, f"file://{output}/{page}.html?theme=night", width=1280, height=900)
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "night"
    # Computed style: black behind, red text, and no colour anywhere that is not red.
    colours = driver.execute_script(
        "var out = [];"
        "document.querySelectorAll('html, body, body *').forEach(function (e) {"
        "  var s = getComputedStyle(e); if (s.display === 'none' || s.visibility === 'hidden') return;"
        "  out.push(['color', s.color], ['background', s.backgroundColor], ['fill', s.fill], ['stroke', s.stroke]);"
        "}); return out;")
    for kind, value in colours:
        numbers = [float(n) for n in re.findall(r"[\d.]+", value)]
        if len(numbers) < 3 or (len(numbers) == 4 and numbers[3] == 0):
            continue
        assert is_red_or_dark(numbers[:3]), f"{page}: {kind} {value} is not red"
    text = driver.execute_script(
        "return getComputedStyle(document.querySelector('h1, .widget-name')).color")
    r, g, b = [int(n) for n in re.findall(r"\d+", text)[:3]]
    assert r >= 150 and g < 80 and b < 80, text
    # The pixels: every lit one red (anti-aliased edges included), none bright.
    image = screenshot(driver, f"{page}-night")
    colours = [colour for _, colour in image.getcolors(maxcolors=1 << 24)]
    for (r, g, b) in colours:
        assert is_red_or_dark((r, g, b), tolerance=6), f"{page}: pixel {(r, g, b)} is not red"
        assert max(r, g, b) <= 0xFF
    assert max(colour[0] for colour in colours) > 150, "nothing lit at all"
    assert console_errors(driver) == []


def night_config(tmp_path, start, end, zone="UTC", theme=None):
    config = tmp_path / "netsnap.yml"
    text = f'timeZone: {zone}\nnightFrom: "{start:%H:%M}"\nnightUntil: "{end:%H:%M}"\n'
    if theme:
        text += f"pages:\n  theme: {theme}\n"
    config.write_text(text, encoding="utf-8")
    return ("--config", str(config))


def test_the_night_hours_choose_the_theme_by_the_browsers_clock(driver, tmp_path):
    now = utc_now()
    window = (now - timedelta(hours=1), now + timedelta(hours=1))
    # Rendered three hours earlier, outside the hours: the page arrives in its day theme and
    # its script, judging by this browser's clock, turns it to night at once.
    earlier = render(tmp_path / "Earlier", now - timedelta(hours=3), extra=night_config(tmp_path, *window, theme="light"))
    html = (earlier / "index.html").read_text(encoding="utf-8")
    # Foundation names UTC "GMT", which browsers know too.
    assert 'data-theme="light"' in html and re.search(r'data-night-zone="(UTC|GMT)" data-day-theme="light"', html)
    open_page(driver, f"file://{earlier}/index.html", width=1280, height=900)
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "night"
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0)")
    # Rendered inside the hours but read outside them: back to the day theme.
    later_window = (now + timedelta(hours=2), now + timedelta(hours=4))
    inside = render(tmp_path / "Inside", now + timedelta(hours=3), extra=night_config(tmp_path, *later_window, theme="light"))
    assert 'data-theme="night"' in (inside / "index.html").read_text(encoding="utf-8")
    open_page(driver, f"file://{inside}/index.html", width=1280, height=900)
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "light"
    # ?theme= wins over the hours.
    open_page(driver, f"file://{earlier}/index.html?theme=dark", width=1280, height=900)
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark"


def test_the_night_hours_are_told_in_the_configured_zone(driver, tmp_path):
    """The browser runs in UTC; the hours are Kiritimati's (UTC+14), so only a script that
    judges in the configured zone finds it night."""
    now = utc_now()
    there = now + timedelta(hours=14)
    output = render(tmp_path / "Output", now - timedelta(hours=3),
                    extra=night_config(tmp_path, there - timedelta(minutes=30), there + timedelta(minutes=30), zone="Pacific/Kiritimati"))
    open_page(driver, f"file://{output}/index.html", width=1280, height=900)
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "night"


def test_an_open_page_switches_at_its_next_refresh(driver, tmp_path):
    now = utc_now()
    away = (now + timedelta(hours=5), now + timedelta(hours=6))
    output = render(tmp_path / "Output", now, refresh_seconds=1, extra=night_config(tmp_path, *away))
    assert "pages:\n" not in (tmp_path / "netsnap.yml").read_text()
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html", width=1280, height=900)
        root = "document.documentElement"
        assert driver.execute_script(f"return {root}.hasAttribute('data-theme')") is False
        # The clock cannot be moved: the hours are, to now, as the clock reaching them would.
        start, end = (now - timedelta(minutes=5)), (now + timedelta(hours=1))
        driver.execute_script(f"{root}.setAttribute('data-night-from', '{start:%H:%M}');"
                              f"{root}.setAttribute('data-night-until', '{end:%H:%M}')")
        WebDriverWait(driver, 4, poll_frequency=0.1).until(
            lambda d: d.execute_script(f"return {root}.getAttribute('data-theme')") == "night")
        driver.execute_script(f"{root}.setAttribute('data-night-from', '{away[0]:%H:%M}');"
                              f"{root}.setAttribute('data-night-until', '{away[1]:%H:%M}')")
        WebDriverWait(driver, 4, poll_frequency=0.1).until(
            lambda d: d.execute_script(f"return {root}.hasAttribute('data-theme')") is False)
        assert console_errors(driver) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_idle_devices_are_grey(driver, tmp_path_factory, theme):
    output = render(tmp_path_factory.mktemp("idle") / "Output", utc_now())
    open_page(driver, f"file://{output}/index.html?theme={theme}", width=1280, height=900)
    colours = driver.execute_script(
        "return Array.from(document.querySelectorAll('.dot[data-state=\"idle\"]')).map(e => getComputedStyle(e).backgroundColor)")
    assert len(colours) == 3
    for colour in colours:
        r, g, b = [int(n) for n in re.findall(r"\d+", colour)[:3]]
        assert max(r, g, b) - min(r, g, b) <= 40, f"{colour} is not grey"
    active = driver.execute_script("return getComputedStyle(document.querySelector('.dot[data-state=\"active\"]')).backgroundColor")
    assert active not in colours


def test_the_small_widgets_foot_stays_one_line_days_after(driver, tmp_path):
    now = utc_now()
    taken = now - timedelta(days=2, minutes=1)
    output = render(tmp_path / "Output", now, snapshot=snapshot(taken))
    static = (output / "small.html").read_text(encoding="utf-8")
    assert "Stale · 2 days — since" in static
    open_page(driver, f"file://{output}/small.html", width=160, height=160)
    foot = "document.querySelector('.widget-foot')"
    text, scroll, client, height, line = driver.execute_script(
        f"var f = {foot}; return [f.innerText, f.scrollWidth, f.clientWidth, f.getBoundingClientRect().height,"
        " parseFloat(getComputedStyle(f).lineHeight) || parseFloat(getComputedStyle(f).fontSize) * 1.4]")
    assert scroll <= client, f"{text!r} overflows"
    assert height <= 2 * line + 1, f"{text!r} wraps: {height} px"
    day = f"{taken.day} {taken:%b}"
    assert text.startswith("Stale") and day in text, text
    screenshot(driver, "small-stale-2-days")
    # What the small tile shows: status, signal, name, signal and gateway latency, targets.
    body = driver.execute_script("return document.body.innerText")
    for expected in ["Degraded", "Home Wi-Fi", "−52 dBm", "3.5 ms", "Targets", "1/2"]:
        assert expected in body, expected


def wired(tmp_path, page):
    document = json.loads(WIRED.read_text(encoding="utf-8"))
    taken = datetime.fromisoformat(document["generatedAt"].replace("Z", "+00:00"))
    output = tmp_path / "Output"
    if not output.exists():
        render(output, taken + timedelta(seconds=60), snapshot=document)
    return output


def test_a_wired_host_shows_its_link_not_wifi_dashes(driver, tmp_path):
    output = wired(tmp_path, "index")
    open_page(driver, f"file://{output}/index.html")
    card = driver.execute_script("return document.querySelector('#link-title').parentElement.innerText")
    for expected in ["ETHERNET", "Speed", "1 Gb/s", "Interface", "eth0", "Local IP", "192.168.1.5"]:
        assert expected in card, f"{expected!r} not in {card!r}"
    assert "—" not in card and "SSID" not in card and "Signal" not in card
    assert driver.execute_script("return document.querySelectorAll('.bars').length") == 0
    assert "dBm" not in driver.execute_script("return document.body.innerText")
    width, height, _, _ = page_size(driver)
    assert width <= 1920 and height <= 1080
    screenshot(driver, "index-wired")
    for page, text in [("small", "Ethernet · 1 Gb/s · 0.6 ms"), ("medium", "Ethernet · 1 Gb/s"), ("large", "eth0")]:
        open_page(driver, f"file://{output}/{page}.html", width=400, height=400)
        body = driver.execute_script("return document.body.textContent.replace(/\\s+/g, ' ')")
        assert text in body and "dBm" not in body, f"{page}: {body!r}"
        assert driver.execute_script("return document.querySelectorAll('.bars').length") == 0
    screenshot(driver, "large-wired")
    widgets = json.loads((output / "widgets.json").read_text(encoding="utf-8"))
    assert widgets["small"]["linkLabel"] == "Ethernet · 1 Gb/s" and widgets["small"]["signalBars"] is None
    assert widgets["dashboard"]["localIP"] == "192.168.1.5"
    summary = json.loads((output / "summary.json").read_text(encoding="utf-8"))
    assert summary["linkLabel"] == "Ethernet · 1 Gb/s" and summary["signalDBm"] is None


def test_a_wired_pages_script_writes_what_the_renderer_wrote(driver, tmp_path):
    document = json.loads(WIRED.read_text(encoding="utf-8"))
    document["generatedAt"] = rfc3339(utc_now())
    output = render(tmp_path / "Output", utc_now(), snapshot=document, refresh_seconds=1)
    bound = ("return Array.from(document.querySelectorAll('[data-bind]')).map(e => [e.getAttribute('data-bind'),"
             " e.textContent, e.hidden])")
    with LoopbackServer(output) as server:
        for page in ["index", "small", "medium", "large"]:
            open_page(driver, f"{server.base}/{page}.html", width=1280, height=900)
            before = driver.execute_script(bound)
            fetched = server.requests.get("/widgets.json", 0)
            WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched)
            WebDriverWait(driver, 2).until(lambda d: d.execute_script(bound) == before)
            assert any(path == "small.linkSpeedMbps" and text == "1 Gb/s" for path, text, _ in before) or page != "index"
        assert console_errors(driver) == []
