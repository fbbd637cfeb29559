#!/usr/bin/env python3
"""Screenshots of every rendered page in each theme at phone, tablet and 1080p widths.

    python3 scripts/page-screenshots.py Output /tmp/shots

Opens the pages from file:// in headless Chromium (Debian's chromium and chromium-driver)
and writes one full-height PNG per page, theme and width, named page-theme-width.png.
"""
import base64
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PAGES = ["index", "small", "medium", "large", "embed"]
WIDTHS = {"phone": 390, "tablet": 820, "desktop": 1920}
THEMES = ["dark", "light", "night"]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--allow-file-access-from-files", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def capture(driver, url, width, path):
    driver.set_window_size(width, 900)
    driver.get(url)
    height = driver.execute_script("return Math.max(document.documentElement.scrollHeight, window.innerHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": min(height, 6000), "deviceScaleFactor": 1, "mobile": False})
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    source, target = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(target, exist_ok=True)
    driver = browser()
    try:
        for page in PAGES:
            for theme in THEMES:
                for name, width in WIDTHS.items():
                    url = f"file://{source}/{page}.html?theme={theme}"
                    capture(driver, url, width, os.path.join(target, f"{page}-{theme}-{name}.png"))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
