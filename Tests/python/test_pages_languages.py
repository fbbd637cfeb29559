"""The pages in other languages in headless Chromium: `netsnap render --locale X` for German,
Arabic (right to left), Japanese and the en-XA pseudo-locale (every message about 40 % longer),
at a phone's 390 px and a wall screen's 1920 px. Each page says its language and direction,
never scrolls sideways, cuts no text outside the places made to cut it (an ellipsis), and its
script writes every value, age and word exactly as the renderer did."""
import html
import json
import re
import time
from datetime import timedelta

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from pages_harness import PAGES, LoopbackServer, browser, console_errors, render, snapshot, utc_now

# Locale → what <html> must say.
LOCALES = {"de-DE": ("de-DE", "ltr"), "ar-EG": ("ar-EG", "rtl"), "ja-JP": ("ja-JP", "ltr"), "en-XA": ("en-XA", "ltr")}
WIDTHS = [390, 1920]

# Elements showing text of their own whose content is wider than their box, unless the box is
# made to cut with an ellipsis (a long network or device name), hidden, or scrolls (code).
OVERFLOWING_TEXT = """
return Array.from(document.querySelectorAll('body *')).filter(function (element) {
  var ownText = Array.from(element.childNodes).some(function (node) {
    return node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '';
  });
  if (!ownText || element.getClientRects().length === 0 || element.closest('pre, .visually-hidden, [hidden]')) {
    return false;
  }
  var style = getComputedStyle(element);
  if (style.display === 'inline' || style.display === 'contents' || style.textOverflow === 'ellipsis') {
    return false;
  }
  return element.scrollWidth > element.clientWidth + 1;
}).map(function (element) {
  return element.tagName.toLowerCase() + '.' + element.className + ': ' + element.textContent.trim().slice(0, 60)
    + ' (' + element.scrollWidth + ' > ' + element.clientWidth + ')';
});
"""

# What the script writes into the page, and what the renderer wrote there, fetched afresh.
BOUND = """
function values(root) {
  return Array.from(root.querySelectorAll('[data-bind], [data-stale-text]')).map(function (element) {
    return [element.getAttribute('data-bind'), element.textContent, element.getAttribute('aria-label')];
  });
}
"""


@pytest.fixture(scope="module")
def driver():
    chromium = browser()
    yield chromium
    chromium.quit()


def config(folder, refresh_seconds=30):
    """A config telling every time in UTC, as the browser (TZ=UTC) does."""
    path = folder / f"netsnap-{refresh_seconds}.yml"
    path.write_text(f"timeZone: UTC\npages:\n  refreshSeconds: {refresh_seconds}\n", encoding="utf-8")
    return path


def render_in(folder, locale, now=None, data=None, refresh_seconds=30):
    now = now or utc_now()
    return render(folder / locale, now, snapshot=data,
                  extra=("--locale", locale, "--config", str(config(folder, refresh_seconds))))


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("languages")
    return {locale: render_in(folder, locale) for locale in LOCALES}


def open_page(driver, url):
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_speaks_its_language_and_fits(driver, outputs, locale, width):
    driver.set_window_size(width, 900)
    try:
        for page in PAGES:
            open_page(driver, f"file://{outputs[locale]}/{page}.html")
            root = driver.execute_script("return [document.documentElement.lang, document.documentElement.dir]")
            assert tuple(root) == LOCALES[locale], page
            wide = driver.execute_script("return [document.scrollingElement.scrollWidth, window.innerWidth]")
            assert wide[0] <= wide[1], f"{page} scrolls sideways at {width} px in {locale}: {wide}"
            assert driver.execute_script(OVERFLOWING_TEXT) == [], f"{page} at {width} px in {locale}"
            assert console_errors(driver) == [], page
    finally:
        driver.set_window_size(1280, 900)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_script_writes_what_the_renderer_wrote(driver, tmp_path, locale):
    """Numbers, units, clock times and words: the page as served and as the script keeps it,
    after a refresh from widgets.json, are the same text (Intl in the browser, Foundation on
    the server)."""
    output = render_in(tmp_path, locale, refresh_seconds=1)
    with LoopbackServer(output) as server:
        for page in ["index", "small", "medium", "large"]:
            open_page(driver, f"{server.base}/{page}.html")
            fetched = server.requests.get("/widgets.json", 0)
            WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched)
            time.sleep(0.3)
            served = driver.execute_async_script(BOUND + """
                var done = arguments[arguments.length - 1];
                fetch(location.href).then(function (r) { return r.text(); }).then(function (text) {
                  done(values(new DOMParser().parseFromString(text, 'text/html')));
                });""")
            live = driver.execute_script(BOUND + "return values(document);")
            assert live == served, f"{page} in {locale}"
            assert console_errors(driver) == [], page


@pytest.mark.parametrize("age", [timedelta(hours=3, seconds=20), timedelta(days=2, seconds=20), -timedelta(minutes=10, seconds=20)])
@pytest.mark.parametrize("locale", ["de-DE", "ar-EG", "ja-JP", "pl-PL", "en-XA"])
def test_the_script_tells_an_age_as_the_renderer(driver, tmp_path, locale, age):
    """Stale and clock-ahead labels — ages in the language's plural forms, a date from a day
    on — as rendered and as the script retells them a moment later in the browser."""
    now = utc_now()
    output = render_in(tmp_path, locale, now=now, data=snapshot(now - age))
    static = re.search(r"<span data-stale-text>([^<]*)</span>", (output / "index.html").read_text(encoding="utf-8")).group(1)
    assert static, "the rendered page says nothing of the age"
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/index.html")
        assert driver.execute_script("return document.querySelector('[data-stale-text]').textContent") == static


def test_the_scripts_english_is_the_catalogues_source(driver, tmp_path):
    """A page without the scripts' words (the POSIX locale, a user's own template) speaks their
    built-in English: the same words and forms the en-US page carries from the messages."""
    page = (render_in(tmp_path, "en-US") / "index.html").read_text(encoding="utf-8")
    english = json.loads(html.unescape(re.search(r'<meta name="netsnap-words" content="([^"]*)">', page).group(1)))
    posix = render(tmp_path / "posix", utc_now())
    open_page(driver, f"file://{posix}/index.html")
    assert not driver.execute_script("return document.querySelector('meta[name=\"netsnap-words\"]')")
    for key, text in english["say"].items():
        assert driver.execute_script("return window.netsnapLive.say(arguments[0])", key) == text, key
    for key, forms in english["count"].items():
        for count, form in [(1, forms[0]), (5, forms[1])]:
            said = driver.execute_script("return window.netsnapLive.count(arguments[0], arguments[1])", key, count)
            assert said == form.replace("{count}", str(count)), key


@pytest.mark.parametrize("locale, reason, worded", [
    ("de-DE", "timed out after 0.5 s", "Zeitüberschreitung nach 0,5 s"),
    ("ar-EG", "HTTP 503 (expected 200)", "HTTP 503 (المتوقع 200)"),
    ("ja-JP", "connection refused", "接続が拒否されました"),
    ("de-DE", "refused by the office firewall", "refused by the office firewall"),
])
def test_a_down_targets_reason_is_worded_by_the_server_and_kept_by_the_script(driver, tmp_path, locale, reason, worded):
    """The snapshot says why in the probe's English; the page says it in its language, and the
    script, refreshing from widgets.json (which keeps the English), writes the same words."""
    now = utc_now()
    data = snapshot(now)
    data["targets"][1]["lastError"] = reason
    output = render_in(tmp_path, locale, now=now, data=data, refresh_seconds=1)
    rows = json.loads((output / "widgets.json").read_text(encoding="utf-8"))["large"]["topTargets"]
    assert reason in [row.get("lastError") for row in rows], "widgets.json keeps the snapshot's words"
    with LoopbackServer(output) as server:
        open_page(driver, f"{server.base}/large.html")
        shown = "return Array.from(document.querySelectorAll('[data-bind=\"lastError\"]')).map(e => e.textContent)"
        assert worded in driver.execute_script(shown)
        fetched = server.requests.get("/widgets.json", 0)
        WebDriverWait(driver, 5).until(lambda _: server.requests.get("/widgets.json", 0) > fetched)
        time.sleep(0.3)
        assert worded in driver.execute_script(shown), "the script rewrote the reason"
        assert console_errors(driver) == []
