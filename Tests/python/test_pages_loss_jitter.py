"""Loss and jitter on the pages: a target measured with several echoes shows "20 % loss ·
4.5 ms jitter" beside its host and an amber dot once it is past a threshold; the page's
script writes exactly what the renderer wrote, and follows widgets.json when it changes."""
import json
import time

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from pages_harness import LoopbackServer, browser, console_errors, render, snapshot, utc_now

ROW = "[...document.querySelectorAll('#targets-title ~ ul [data-row]')]"
QUALITY = f"{ROW}.map(r => [r.querySelector('.row-quality').textContent, getComputedStyle(r.querySelector('.row-quality')).display])"
DOTS = f"{ROW}.map(r => r.querySelector('.dot').getAttribute('data-state'))"


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


def measured(now):
    document = snapshot(now)
    nas = document["targets"][0]
    nas.update(lossPercent=6.667, jitterMs=4.25, currentLatency=12.5)
    return document


def open_page(driver, url):
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def test_rendered_and_refreshed_rows_agree(driver, tmp_path):
    now = utc_now()
    output = render(tmp_path / "Output", now, snapshot=measured(now), refresh_seconds=1)
    html = (output / "index.html").read_text(encoding="utf-8")
    assert ">6.7 % loss · 4.3 ms jitter<" in html
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        rendered = driver.execute_script(f"return [{QUALITY}, {DOTS}]")
        # NAS loses more than 5 %: degraded; the VPN is down; no figures, no text, hidden.
        assert rendered == [[["6.7 % loss · 4.3 ms jitter", "inline"], ["", "none"]], ["degraded", "offline"]]
        fetched = server.requests.get("/widgets.json", 0)
        WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched + 1)
        time.sleep(0.3)
        assert driver.execute_script(f"return [{QUALITY}, {DOTS}]") == rendered
        assert console_errors(driver) == []


def test_a_live_refresh_follows_the_figures_and_the_state(driver, tmp_path):
    now = utc_now()
    output = render(tmp_path / "Output", now, snapshot=measured(now), refresh_seconds=1)
    widgets_path = output / "widgets.json"
    document = json.loads(widgets_path.read_text())
    nas = document["dashboard"]["targets"][0]
    assert (nas["lossPercent"], nas["jitterMs"], nas["state"]) == (6.667, 4.25, "degraded")
    nas.update(lossPercent=0, jitterMs=None, state="online")
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        widgets_path.write_text(json.dumps(document))
        WebDriverWait(driver, 5).until(lambda d: d.execute_script(f"return {DOTS}")[0] == "online")
        assert driver.execute_script(f"return {QUALITY}")[0] == ["0 % loss", "inline"]
        assert console_errors(driver) == []
