"""Arabic and Hebrew network names on tiles, read back by an outside reader: tesseract
with its Arabic and Hebrew data finds the name, which it can only when the letters are
joined (Arabic) and run right to left — shaped by HarfBuzz, ordered by FriBidi."""
import json
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops, ImageOps, ImageStat

from conftest import run_netsnap

NOW = "2026-11-21T10:43:00Z"

# ("Sara's office", "home server"; "Danny's network", "our home").
NAMES = [("مكتب سارة", "ara"), ("خادم المنزل", "ara"), ("הרשת של דני", "heb"), ("הבית שלנו", "heb")]
TARGETS = {
    "large@3x-light": ["--size", "large", "--scale", "3", "--theme", "light"],
    "large@3x-dark": ["--size", "large", "--scale", "3", "--theme", "dark"],
    "trmnl-1bit": ["--display", "trmnl"],
}


def tile_with_ssid(tmp_path, ssid, target):
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["status"]["ssid"] = ssid
    stem = tmp_path / f"tile-{len(list(tmp_path.iterdir()))}"
    source = stem.with_suffix(".json")
    source.write_text(json.dumps(snapshot, ensure_ascii=False), encoding="utf-8")
    out = stem.with_suffix(".png")
    run_netsnap("tile", "--input", source, *TARGETS[target], "--now", NOW, "-o", out)
    return Image.open(out).convert("L")


def name_line(tmp_path, ssid, target):
    """The line of the tile that holds the name, found where the tile differs from one with a
    Latin name (the layout may move it), as tesseract reads best: dark ink on white paper,
    the line about 30 px tall, with a border of paper."""
    named = tile_with_ssid(tmp_path, ssid, target)
    latin = tile_with_ssid(tmp_path, "Home Wi-Fi", target)
    box = ImageChops.difference(named, latin).getbbox()
    assert box, "the name changed nothing on the tile"
    left, top, right, bottom = box
    margin = (bottom - top) // 10 + 1
    line = named.crop((left - margin, top - margin, right + margin, bottom + margin))
    factor = 30 / (bottom - top)
    line = line.resize((round(line.width * factor), round(line.height * factor)), Image.LANCZOS)
    if ImageStat.Stat(line).mean[0] < 128:
        line = ImageOps.invert(line)
    line = line.point(lambda value: 255 if value > 160 else 0)
    return ImageOps.expand(line, border=15, fill=255)


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("ssid,language", NAMES)
def test_tesseract_reads_the_right_to_left_network_name(tmp_path, ssid, language, target):
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is missing: scripts/setup.sh installs tesseract-ocr")
    languages = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True).stdout.split()
    if language not in languages:
        pytest.fail(f"tesseract has no {language} data: scripts/setup.sh installs tesseract-ocr-{language}")
    path = tmp_path / f"line-{language}-{target}.png"
    name_line(tmp_path, ssid, target).save(path)
    text = subprocess.run(["tesseract", str(path), "-", "-l", language, "--psm", "7"], capture_output=True,
                          text=True).stdout
    assert " ".join(text.split()) == ssid, f"tesseract read {text!r} in {path}"
