"""map.html in headless Chromium and the displays' `map` screen read back by tesseract: at
390 px and 1920 px the shown drawing has one node per device and no two texts overlap (their
boxes as the browser lays them out), with branches too — a branch's head and devices inside its
box, the wired/wireless marks clear of every text; the keyboard reaches a device and its details
show, how it is connected among them; an open page follows a new render in place and keeps the
focus; a 1-bit TRMNL panel's map reads."""
import shutil
import subprocess
from datetime import timedelta

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run_netsnap
from pages_harness import open_at_width, LoopbackServer, browser, console_errors, render, rfc3339, snapshot, utc_now
from test_tile_languages_ocr import found

KINDS = ["phone", "laptop", "tablet", "tv", "speaker", "gaming", "iot", "router", "printer", "unknown"]
NAMES = ["Anna's iPhone", "WWWWWWWWWWWWWWWWWWWW", "<b>bold</b> & \"quoted\"", "Küchen-Lautsprecher im Erdgeschoss", "客厅的电视机顶盒",
         "جهاز المطبخ الذكي", "x" * 64]


def network(now, count=60, renamed=None, branches=0):
    """A snapshot with `count` devices of every kind, cycling through new, active, idle and offline;
    with `branches`, that many routers head branches (the second hanging from the first), every
    third device connected through one of them, connections alternating wired and wireless."""
    document = snapshot(now)
    devices = []
    for index in range(count):
        state = ["new", "active", "idle", "offline"][index // len(KINDS) % 4]
        first = now - (timedelta(hours=2) if state == "new" else timedelta(days=40))
        name = NAMES[index] if index < len(NAMES) else f"{KINDS[index % len(KINDS)]}-{index}"
        devices.append({
            "id": f"00000000-0000-4000-8000-{index:012d}", "ipAddress": f"192.168.1.{index + 10}",
            "macAddress": f"02:00:00:00:{index // 256:02x}:{index % 256:02x}", "vendor": f"Vendor {index}",
            "deviceType": KINDS[index % len(KINDS)], "customName": (renamed or {}).get(index, name),
            "status": "active" if state in ("new", "active") else state,
            "firstSeen": rfc3339(first), "lastSeen": rfc3339(now - timedelta(minutes=1)),
        })
    heads = [device["id"] for device in devices if device["deviceType"] == "router"][:branches]
    for index, device in enumerate(devices):
        if branches:
            device["connection"] = "wired" if index % 2 == 0 else "wireless"
        if heads and index % 3 == 0 and device["id"] not in heads:
            device["connectedVia"] = heads[index // 3 % len(heads)]
    if len(heads) > 1:
        next(d for d in devices if d["id"] == heads[1])["connectedVia"] = heads[0]
    document["devices"] = devices
    return document


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


@pytest.fixture(scope="module")
def sixty(tmp_path_factory):
    now = utc_now()
    return render(tmp_path_factory.mktemp("map") / "Output", now, snapshot=network(now))




SHOWN = "return Array.from(document.querySelectorAll('svg[data-layout]')).find(s => s.getBoundingClientRect().width > 0)"


@pytest.mark.parametrize("width", [390, 1920])
def test_each_device_is_one_node_and_no_two_texts_overlap(driver, sixty, width):
    with LoopbackServer(sixty) as server:
        open_at_width(driver, f"{server.base}/map.html", width)
        layout = driver.execute_script(SHOWN + ".getAttribute('data-layout')")
        assert layout == ("narrow" if width == 390 else "wide")
        assert driver.execute_script(SHOWN + ".getBoundingClientRect().right") <= width, "the map fits the window"
        ids = driver.execute_script(SHOWN + ".querySelectorAll('[data-device-id]').length")
        assert ids == 60
        boxes = driver.execute_script("""
            const svg = arguments[0];
            return Array.from(svg.querySelectorAll('text')).map(t => {
              const r = t.getBoundingClientRect();
              return [t.textContent, r.left, r.top, r.right, r.bottom];
            });""", driver.execute_script(SHOWN))
        assert len(boxes) >= 60 + 6 + 1
        overlaps = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                    if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5]
        assert not overlaps, overlaps[:5]
        assert "<b>" not in driver.execute_script("return document.body.innerHTML.split('<b>bold').length > 1 ? '<b>' : ''")
        assert not console_errors(driver)


@pytest.fixture(scope="module")
def branched(tmp_path_factory):
    now = utc_now()
    return render(tmp_path_factory.mktemp("branched") / "Output", now, snapshot=network(now, branches=3))


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return render(tmp_path_factory.mktemp("sample") / "Output", utc_now())


DRAWN = """
    const svg = arguments[0];
    const box = r => [r.left, r.top, r.right, r.bottom];
    return {
      texts: Array.from(svg.querySelectorAll('text')).map(t => [t.textContent].concat(box(t.getBoundingClientRect()))),
      marks: Array.from(svg.querySelectorAll('.map-connection')).map(m => box(m.getBoundingClientRect())),
      heads: Array.from(svg.querySelectorAll('[data-group=branch]')).map(g => ({
        head: g.querySelector('.map-head').getAttribute('data-device-id'),
        branch: g.getAttribute('data-branch'),
        box: box(g.querySelector('.map-group-box').getBoundingClientRect()),
        inside: Array.from(g.querySelectorAll('[data-device-id]')).map(n => box(n.getBoundingClientRect())),
      })),
      nodes: svg.querySelectorAll('[data-device-id]').length,
    };"""


def apart(a, b):
    return not (a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5)


@pytest.mark.parametrize("width", [390, 1920])
@pytest.mark.parametrize("which", ["branched", "sample"])
def test_branches_hold_their_devices_and_marks_stay_clear_of_the_words(driver, branched, sample, which, width):
    out, devices, boxes = (branched, 60, 3) if which == "branched" else (sample, 15, 2)
    with LoopbackServer(out) as server:
        open_at_width(driver, f"{server.base}/map.html", width)
        assert driver.execute_script(SHOWN + ".getBoundingClientRect().right") <= width, "the map fits the window"
        drawn = driver.execute_script(DRAWN, driver.execute_script(SHOWN))
        assert drawn["nodes"] == devices
        assert len(drawn["heads"]) == boxes
        for branch in drawn["heads"]:
            assert branch["head"] == branch["branch"], "the box is headed by the switch or access point it is for"
            for node in branch["inside"]:
                assert branch["box"][0] <= node[0] and node[2] <= branch["box"][2], f"a node sticks out of its branch: {node}"
                assert branch["box"][1] <= node[1] and node[3] <= branch["box"][3], f"a node sticks out of its branch: {node}"
        texts = drawn["texts"]
        overlaps = [(a[0], b[0]) for i, a in enumerate(texts) for b in texts[i + 1:] if not apart(a[1:], b[1:])]
        assert not overlaps, overlaps[:5]
        assert drawn["marks"], "the wired and wireless marks are drawn"
        crossed = [(text[0], mark) for mark in drawn["marks"] for text in texts if not apart(mark, text[1:])]
        assert not crossed, crossed[:5]
        assert not console_errors(driver)


def test_the_details_say_how_a_device_is_connected(driver, sample):
    with LoopbackServer(sample) as server:
        open_at_width(driver, f"{server.base}/map.html", 1920)
        speaker = driver.execute_script("return document.querySelector('svg[data-layout=wide] [data-name=\"Kitchen Speaker\"]')")
        assert speaker.get_attribute("aria-label") == "Kitchen Speaker, Media, Active, Wireless"
        driver.execute_script("arguments[0].focus()", speaker)
        detail = "return document.querySelector('[data-detail=\"%s\"]').textContent"
        assert driver.execute_script(detail % "connection") == "Wireless"
        assert driver.execute_script(detail % "via") == "Hallway access point"
        router = driver.execute_script("return document.querySelector('svg[data-layout=wide] [data-name=\"Router\"]')")
        driver.execute_script("arguments[0].focus()", router)
        assert driver.execute_script(detail % "connection") == "Wired"
        assert driver.execute_script("return document.querySelector('[data-detail-row=\"via\"]').hidden"), "no via row off the gateway"


def test_the_keyboard_reaches_a_device_and_its_details_show(driver, sixty):
    with LoopbackServer(sixty) as server:
        open_at_width(driver, f"{server.base}/map.html", 1920)
        panel = "return document.querySelector('[data-detail-panel]')"
        assert driver.execute_script(panel + ".hidden")
        for _ in range(12):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            if driver.execute_script("return document.activeElement.hasAttribute('data-device-id')"):
                break
        focused = driver.execute_script("return document.activeElement")
        assert focused.get_attribute("data-device-id"), "Tab reaches a device"
        assert focused.get_attribute("role") == "button" and focused.get_attribute("aria-label")
        assert not driver.execute_script(panel + ".hidden")
        name = driver.execute_script("return document.querySelector('[data-detail=\"name\"]').textContent")
        assert name == focused.get_attribute("data-name")
        address = driver.execute_script("return document.querySelector('[data-detail=\"address\"]').textContent")
        assert address.startswith("192.168.1.")


def test_an_open_map_follows_a_new_render_in_place_and_keeps_the_focus(driver, tmp_path):
    now = utc_now()
    out = render(tmp_path / "Output", now, snapshot=network(now, count=20), refresh_seconds=1)
    with LoopbackServer(out) as server:
        open_at_width(driver, f"{server.base}/map.html", 1920)
        driver.execute_script("document.querySelector('svg[data-layout=wide] [data-device-id]').focus()")
        focused = driver.execute_script("return document.activeElement.getAttribute('data-device-id')")
        driver.execute_script("window.keptAcrossRefresh = 1")
        render(tmp_path / "Output", now + timedelta(seconds=30), snapshot=network(now + timedelta(seconds=30), count=20,
                                                                                  renamed={0: "Renamed phone"}),
               refresh_seconds=1)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return !!document.querySelector('svg[data-layout=wide] [data-name=\"Renamed phone\"]')"))
        assert driver.execute_script("return window.keptAcrossRefresh") == 1, "updated in place, not reloaded"
        assert driver.execute_script("return document.activeElement.getAttribute('data-device-id')") == focused
        assert not console_errors(driver)


def test_the_map_screen_reads_on_a_one_bit_trmnl_panel(tmp_path):
    """Every group's name and the gateway's address, read as sparse text (the cards stand
    apart, not in lines); tesseract reads the I of IoT as an l."""
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is missing: scripts/setup.sh installs tesseract-ocr")
    out = tmp_path / "map.png"
    run_netsnap("tile", "--display", "trmnl", "--screen", "map", "--now", "2026-11-21T10:43:00Z", "-o", str(out))
    image = Image.open(out)
    assert image.mode == "1" or len(image.convert("L").getcolors()) <= 2, "one bit"
    enlarged = image.convert("L").resize((image.width * 3, image.height * 3), Image.LANCZOS)
    enlarged.save(tmp_path / "map-3x.png")
    text = subprocess.run(["tesseract", str(tmp_path / "map-3x.png"), "-", "-l", "eng", "--psm", "11"], capture_output=True,
                          text=True, check=True).stdout
    text = " ".join(text.split()).replace("loT", "IoT")
    for word in ["Gateway", "192.168.1.1", "Phones", "Computers", "Media", "IoT", "Network gear", "Unknown", "11 of 15 active"]:
        assert found(word, text), f"tesseract did not read {word!r}: {text!r}"
