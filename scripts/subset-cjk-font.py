#!/usr/bin/env python3
"""Writes the Japanese messages' font: Noto Sans CJK JP (Debian's fonts-noto-cjk), Regular and
Bold, cut down to the kana and ideographs the shipped catalogues use, into
Sources/NetsnapText/Fonts/. netsnap embeds these two 0.2 MB faces and draws its own Japanese
words with them; the full 19 MB face is opened only for other text (a device's name in
kanji). Run after a catalogue in a CJK language changes; EmbeddedCJKFontTests fails until then.

    apt-get install fonts-noto-cjk && pip install fonttools
    python3 scripts/subset-cjk-font.py            # rewrite both faces
    python3 scripts/subset-cjk-font.py --check    # exit 1 when a catalogue character is missing
"""
import pathlib
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = pathlib.Path("/usr/share/fonts/opentype/noto")
TARGET = ROOT / "Sources/NetsnapText/Fonts"
# Face 0 of Debian's collections is the JP one (the glyph forms Japanese readers expect).
FACES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
# The catalogues whose words need the CJK font (Wording.needsCJKFont).
CATALOGUES = ["ja"]
# FontFaces.isEastAsian: the characters looked up in the CJK family; the rest are Inter's.
EAST_ASIAN = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


# A space after Japanese words stays in their face (FontFaces.face(for:)), as wide as the full
# face draws it.
SPACES = " \u00a0"


def characters():
    text = "".join((ROOT / f"po/{name}.po").read_text(encoding="utf-8") for name in CATALOGUES)
    return "".join(sorted(set(EAST_ASIAN.findall(text)) | set(SPACES)))


def target(weight):
    return TARGET / f"NotoSansCJKjp-{weight}-netsnap.otf"


def write(weight, text):
    options = subset.Options()
    # As the full face shapes and hints: every layout feature, hints and names kept.
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    font = TTFont(SOURCE / FACES[weight], fontNumber=0, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(target(weight), reorderTables=True)


def main():
    text = characters()
    if "--check" in sys.argv:
        missing = [w for w in FACES if not set(text) <= set(chr(c) for c in TTFont(target(w)).getBestCmap())]
        if missing:
            print(f"{', '.join(missing)}: characters missing: run python3 scripts/subset-cjk-font.py", file=sys.stderr)
            sys.exit(1)
        return
    for weight in FACES:
        write(weight, text)
        print(f"{target(weight).relative_to(ROOT)}: {len(text)} characters, {target(weight).stat().st_size} bytes")


if __name__ == "__main__":
    main()
