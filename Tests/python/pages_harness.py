"""What the page tests share: running netsnap, snapshots made to order, a loopback HTTP
server and headless Chromium driven through chromedriver (Debian's chromium and
chromium-driver, installed by scripts/setup.sh)."""
import http.server
import io
import json
import os
import subprocess
import threading
from datetime import datetime, timedelta, timezone
from functools import partial
from pathlib import Path

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
# The Makefile builds .build/debug/netsnap before running pytest; NETSNAP_BIN points elsewhere.
NETSNAP = os.environ.get("NETSNAP_BIN", str(REPO / ".build" / "debug" / "netsnap"))
PAGES = ["index", "small", "medium", "large", "embed"]


def utc_now():
    return datetime.now(timezone.utc).replace(microsecond=0)


def rfc3339(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def render(output, now, snapshot=None, refresh_seconds=None, extra=()):
    """Runs `netsnap render` into `output` as if at `now`; the sample network without a snapshot."""
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    arguments = [NETSNAP, "render", "--output", str(output), "--now", rfc3339(now), *extra]
    work = output.parent
    if snapshot is not None:
        path = work / f"{output.name}-snapshot.json"
        path.write_text(json.dumps(snapshot), encoding="utf-8")
        arguments += ["--input", str(path)]
    if refresh_seconds is not None:
        config = work / f"{output.name}-netsnap.yml"
        config.write_text(f"pages:\n  refreshSeconds: {refresh_seconds}\n", encoding="utf-8")
        arguments += ["--config", str(config)]
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return output


def snapshot(generated_at, ssid="Home Wi-Fi", strings=None):
    """A small valid snapshot taken at `generated_at`; `strings` replaces free-text fields
    (keys: sourceName, ssid, securityType, frequency, gatewayVendor, ispName, asn, city,
    country, targetName, targetHost, customName, hostname, vendor)."""
    strings = strings or {}
    at = rfc3339(generated_at)
    earlier = rfc3339(generated_at - timedelta(hours=3))
    return {
        "schemaVersion": 1,
        "generatedAt": at,
        "source": {"kind": "local", "name": strings.get("sourceName", "Test Host")},
        "session": {"startedAt": earlier},
        "status": {
            "connectionType": "wifi",
            "ssid": strings.get("ssid", ssid),
            "signalStrength": 80,
            "signalDBm": -52,
            "channel": 44,
            "frequency": strings.get("frequency", "5 GHz"),
            "bssid": "a4:2b:b0:11:22:33",
            "securityType": strings.get("securityType", "WPA3 Personal"),
            "gatewayIP": "192.168.1.1",
            "gatewayMAC": "a4:2b:b0:11:22:30",
            "gatewayVendor": strings.get("gatewayVendor", "TP-Link"),
            "gatewayLatency": 3.5,
            "publicIP": "203.0.113.9",
            "ispName": strings.get("ispName", "Example Fiber"),
            "asn": strings.get("asn", "AS64500"),
            "location": {"city": strings.get("city", "Bern"), "country": strings.get("country", "CH")},
            "updatedAt": at,
        },
        "targets": [
            {"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B0001", "name": strings.get("targetName", "NAS"),
             "host": strings.get("targetHost", "192.168.1.10"), "protocol": "icmp", "currentLatency": 1.5,
             "isOnline": True, "lastChecked": at},
            {"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B0002", "name": "Office VPN", "host": "vpn.example.net",
             "protocol": "tcp", "isOnline": False, "lastChecked": at},
        ],
        "devices": [
            {"id": "0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D8E01", "ipAddress": "192.168.1.23",
             "macAddress": "3c:22:fb:aa:bb:01", "customName": strings.get("customName", "Anna's iPhone"),
             "deviceType": "phone", "status": "active", "firstSeen": earlier, "lastSeen": at},
            {"id": "0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D8E02", "ipAddress": "192.168.1.24",
             "macAddress": "3c:22:fb:aa:bb:02", "hostname": strings.get("hostname", "bens-laptop.lan"),
             "deviceType": "laptop", "status": "idle", "firstSeen": earlier, "lastSeen": at},
            {"id": "0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D8E03", "ipAddress": "192.168.1.25",
             "macAddress": "3c:22:fb:aa:bb:03", "vendor": strings.get("vendor", "Espressif"),
             "deviceType": "iot", "status": "offline", "firstSeen": earlier, "lastSeen": at},
        ],
    }


class LoopbackServer:
    """Serves a folder on 127.0.0.1 at a free port and counts the requests per path."""

    def __init__(self, directory):
        self.requests = {}
        counts = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                path = self.path.split("?")[0]
                counts[path] = counts.get(path, 0) + 1
                super().do_GET()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(directory)))
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exception):
        self.server.shutdown()
        self.server.server_close()


def browser():
    """Headless Chromium in UTC (so shown times are predictable) that keeps its console log."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TZ": "UTC"})
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_window_size(1280, 900)
    return driver


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def is_blank(png):
    """True when a screenshot is one flat colour (or nearly)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    return len(colours) < 20


def open_at_width(driver, url, width):
    """Opens `url` fresh in a window `width` px wide and waits until the page has loaded."""
    driver.get("about:blank")
    driver.set_window_size(width, 1000)
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
