"""Tiles in the household's language, read back by an outside reader: tesseract with each
language's data finds the translated card titles on a 1-bit TRMNL panel and a large phone
tile — German, French, Japanese (Noto Sans CJK), Arabic and Hebrew (shaped, mirrored) —
and a down target's reason wrapped onto two lines under its row."""
import difflib
import json
import re
import shutil
import subprocess

import pytest
from PIL import Image, ImageOps, ImageStat

from conftest import ROOT, run_netsnap

NOW = "2026-11-21T10:43:00Z"
LANGUAGES = {"de-DE": ("de", "deu"), "fr-FR": ("fr", "fra"), "ja-JP": ("ja", "jpn"), "ar-EG": ("ar", "ara"), "he-IL": ("he", "heb")}
TARGETS = {
    "trmnl-1bit": ["--display", "trmnl"],
    "large@3x-light": ["--size", "large", "--scale", "3", "--theme", "light"],
}
# Card titles every one of these tiles shows, by their English message.
TITLES = ["Targets", "Devices"]


def translation(catalogue, english):
    """The msgstr of `english` (no context) in po/`catalogue`.po."""
    text = (ROOT / "po" / f"{catalogue}.po").read_text(encoding="utf-8")
    match = re.search(r'^msgid "' + re.escape(english) + r'"\nmsgstr "(.*)"$', text, re.M)
    assert match, f"po/{catalogue}.po has no {english!r}"
    return match.group(1)


def normalised(text, tesseract_language):
    """Bidi marks dropped; whitespace dropped for Japanese (tesseract spaces out CJK letters),
    squeezed elsewhere."""
    text = re.sub("[\u200e\u200f\u2066-\u2069]", "", text)
    return re.sub(r"\s+", "" if tesseract_language == "jpn" else " ", text).strip()


def found(word, text):
    """`word` in `text`, allowing one letter misread in a word of five or more (1-bit Hebrew
    letters differ by a pixel or two: tesseract reads מכשירים as מכשוירים)."""
    if word in text:
        return True
    if len(word) < 5:
        return False
    windows = (text[start:start + size] for size in (len(word) - 1, len(word), len(word) + 1) for start in range(len(text)))
    return any(difflib.SequenceMatcher(None, word, window).ratio() >= 1 - 1.5 / len(word) for window in windows)


def read(path, tesseract_language):
    """The tile as tesseract reads best: dark ink on white, scaled up three times, the page
    segmented as a page (the tiles mix the language with Latin names and digits)."""
    image = Image.open(path).convert("L")
    if ImageStat.Stat(image).mean[0] < 128:
        image = ImageOps.invert(image)
    image = image.resize((image.width * 3, image.height * 3), Image.LANCZOS)
    prepared = path.with_name(path.stem + "-ocr.png")
    image.save(prepared)
    languages = tesseract_language if tesseract_language == "eng" else tesseract_language + "+eng"
    result = subprocess.run(["tesseract", str(prepared), "-", "-l", languages, "--psm", "3"], capture_output=True, text=True,
                            check=True)
    return result.stdout


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("locale", sorted(LANGUAGES))
def test_tesseract_reads_the_translated_titles(tmp_path, locale, target):
    catalogue, tesseract_language = LANGUAGES[locale]
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is missing: scripts/setup.sh installs tesseract-ocr")
    if tesseract_language not in subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True).stdout.split():
        pytest.fail(f"tesseract has no {tesseract_language} data: scripts/setup.sh installs it")
    out = tmp_path / f"{locale}-{target}.png"
    run_netsnap("tile", *TARGETS[target], "--locale", locale, "--now", NOW, "-o", out)
    text = normalised(read(out, tesseract_language), tesseract_language)
    for english in TITLES:
        word = normalised(translation(catalogue, english), tesseract_language)
        assert found(word, text), f"tesseract did not read {word!r} ({english}) in {out}: {text!r}"


def test_the_posix_locale_keeps_english(tmp_path):
    out = tmp_path / "c.png"
    run_netsnap("tile", "--display", "trmnl", "--locale", "C", "--now", NOW, "-o", out)
    text = read(out, "eng")
    assert "Targets" in text and "Devices" in text, text


# A certificate reason too long for its row on the targets screen: written in full under it,
# on two lines broken where the language allows (ICU), in the caption size, 1-bit.
ISSUER = "Example Internal Certification Authority of the Home Network"
# The first and the last words of each translation: the two lines read back.
REASON_ENDS = {"de-DE": ("Zertifikat", "Wurzel"), "ja-JP": ("証明書", "不明なルート")}


@pytest.mark.parametrize("locale", sorted(REASON_ENDS))
def test_tesseract_reads_a_wrapped_reason_on_the_targets_screen(tmp_path, locale):
    catalogue, tesseract_language = LANGUAGES[locale]
    snapshot = json.loads((ROOT / "Sources/NetsnapResources/sample-snapshot.json").read_text())
    target = snapshot["targets"][1]
    target.update(isOnline=False, lastError=f"certificate not trusted: issued by {ISSUER}, an unknown root")
    target.pop("currentLatency", None)
    source = tmp_path / "snapshot.json"
    source.write_text(json.dumps(snapshot))
    out = tmp_path / f"{locale}-targets.png"
    run_netsnap("tile", "--input", source, "--display", "trmnl", "--screen", "targets", "--locale", locale, "--now", NOW,
                "-o", out)
    text = normalised(read(out, tesseract_language), tesseract_language)
    for word in REASON_ENDS[locale]:
        assert found(word, text), f"tesseract did not read {word!r} of the reason in {out}: {text!r}"
    assert found(ISSUER.split()[-1], text), text
