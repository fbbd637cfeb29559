"""Every display class reads well to an outside reader: tesseract finds the status word and
the network name on each class's picture of the sample network, and TRMNL shows the sample's
target and device names whole. Small panels are enlarged pixel for pixel first, as a person
steps closer; LED matrices are also softened a little, as a camera sees lit dots."""
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageOps

from conftest import ROOT, run_netsnap

NOW = "2026-11-21T10:43:00Z"

# (profile, theme, layout class): one or more per class, 1-bit, 2-bit, grey and colour.
PANELS = [
    ("led-64x32", "dark", "micro"),
    ("led-128x64", "night", "micro"),
    ("waveshare-2in9", "light", "strip"),
    ("waveshare-2in13", "light", "strip"),
    ("waveshare-2in13-b", "dark", "strip"),
    ("waveshare-1in54", "light", "square"),
    ("waveshare-4in2", "light", "landscape"),
    ("trmnl", "light", "landscape"),
    ("trmnl-gray", "light", "landscape"),
    ("1024x600", "dark", "landscape"),
    ("kindle", "light", "portrait"),
]


def ocr(path):
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is missing: scripts/setup.sh installs tesseract-ocr")
    result = subprocess.run(["tesseract", str(path), "-", "--psm", "11"], capture_output=True, text=True, check=True)
    return " ".join(result.stdout.split())


def brightest(image):
    """The brightest channel of each pixel: red night text is as lit as white."""
    red, green, blue = image.convert("RGB").split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def readable(tmp_path, tile, micro):
    """The tile as black text on white, about 1000 px wide."""
    # LED colours by their brightest channel (red night text is as lit as white); screens by luminance.
    # LED panels are also stretched to full contrast: stale text is lit dimly on purpose.
    grey = ImageOps.autocontrast(brightest(Image.open(tile))) if micro else Image.open(tile).convert("L")
    factor = max(1, 1000 // grey.width)
    grey = grey.resize((grey.width * factor, grey.height * factor), Image.NEAREST)
    if grey.getpixel((0, 0)) < 128:
        grey = ImageOps.invert(grey)
    grey = ImageOps.expand(grey, border=40, fill=255)
    if micro:
        grey = grey.filter(ImageFilter.GaussianBlur(factor / 4)).point(lambda v: 255 if v > 180 else 0)
    out = tmp_path / f"ocr-{tile.name}"
    grey.save(out)
    return out


def render(tmp_path, profile, theme, *extra):
    tile = tmp_path / f"{profile}-{theme}.png"
    run_netsnap("tile", "--display", profile, "--theme", theme, "--now", NOW, "-o", tile, *extra)
    return tile


@pytest.mark.parametrize("profile,theme,layout", PANELS)
def test_status_word_and_network_name_read_back(tmp_path, profile, theme, layout):
    text = ocr(readable(tmp_path, render(tmp_path, profile, theme), layout == "micro"))
    assert "Degraded" in text, f"{profile} ({layout}): {text}"
    assert "Home Wi-Fi" in text, f"{profile} ({layout}): {text}"


@pytest.mark.parametrize("profile", ["trmnl", "trmnl-gray"])
def test_trmnl_shows_the_sample_names_whole(tmp_path, profile):
    text = ocr(readable(tmp_path, render(tmp_path, profile, "light"), False))
    # The sample measures the line: its speed takes the provider's row on an 800 × 480 panel.
    for name in ["Home Assistant", "Cloudflare DNS", "11 of 15 active", "19 Mb/s", "Espressif 33:44:55"]:
        assert name in text, f"{profile}: {name!r} not in {text}"
    assert "…" not in text and "..." not in text, text


def test_led_matrix_says_stale_when_old(tmp_path):
    # The sample as a file keeps its time (10:42:07 on 21 Nov); two days later it is stale.
    sample = ROOT / "Sources" / "NetsnapResources" / "sample-snapshot.json"
    tile = tmp_path / "old.png"
    run_netsnap("tile", "--display", "led-64x32", "--input", sample, "--now", "2026-11-23T12:00:00Z", "-o", tile)
    text = ocr(readable(tmp_path, tile, True))
    assert "Stale" in text and "Degraded" not in text, text
