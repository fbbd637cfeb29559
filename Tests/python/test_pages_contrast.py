"""WCAG AA contrast of the pages' text in both themes, computed from the stylesheet's colours:
every text colour against the page gradient's two ends, and against a glass card, a banner or
the transparent widget on top of them."""
import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "Templates" / "netsnap.css").read_text(encoding="utf-8")


def variables(block_start):
    block = CSS[CSS.index(block_start):]
    block = block[block.index("{") + 1:]
    if block_start.startswith("@media"):
        block = block[block.index("{") + 1:]
    block = block[:block.index("}")]
    return dict(re.findall(r"--([a-z-]+):\s*([^;]+);", block))


THEMES = {"light": variables(":root {"), "dark": variables(':root[data-theme="dark"] {')}


def rgba(text):
    text = text.strip()
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5)) + (1.0,)
    red, green, blue, alpha = re.match(r"rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)", text).groups()
    return int(red), int(green), int(blue), float(alpha)


def over(top, bottom):
    alpha = top[3]
    return tuple(top[i] * alpha + bottom[i] * (1 - alpha) for i in range(3)) + (1.0,)


def luminance(colour):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(value) for value in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first, second):
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_dark_theme_is_declared_twice_alike():
    assert THEMES["dark"] == variables("@media (prefers-color-scheme: dark)")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_meets_wcag_aa(theme):
    colours = {name: rgba(value) for name, value in THEMES[theme].items() if value.startswith(("#", "rgba"))}
    pages = [colours["bg-from"], colours["bg-to"]]
    # Page text and dimmed values sit on the gradient or on a glass card (or a transparent
    # widget, which is a card) over it.
    surfaces = pages + [over(colours["card"], page) for page in pages]
    for text in ["text", "muted", "dim", "link"]:
        for surface in surfaces:
            ratio = contrast(colours[text], surface)
            assert ratio >= 4.5, f"{theme}: --{text} on {surface} is {ratio:.2f}:1"
    # Banners and a stale widget's foot are written in the full text colour.
    for banner in ["banner-stale", "banner-unreachable"]:
        for surface in surfaces:
            ratio = contrast(colours["text"], over(colours[banner], surface))
            assert ratio >= 4.5, f"{theme}: --text on --{banner} is {ratio:.2f}:1"
    # Signal bars, icons and the "online" dot keep 3:1 against their surfaces. Every dot has
    # its word beside it, so the palette's red for "offline" (2.8:1 on the navy end) may stay.
    for graphic in ["accent", "online"]:
        for surface in surfaces:
            assert contrast(colours[graphic], surface) >= 3, f"{theme}: --{graphic} on {surface}"


def test_night_is_dim_but_readable():
    """Night trades contrast for darkness on purpose (a bright page lights a bedroom), but the
    words stay readable: text at least 4:1 against black and its cards, secondary text 3:1,
    and nothing but red (no green or blue above the red in any colour)."""
    night = variables(':root[data-theme="night"] {')
    colours = {name: rgba(value) for name, value in night.items() if value.startswith(("#", "rgba"))}
    surfaces = [colours["bg-from"], over(colours["card"], colours["bg-from"])]
    for text, least in [("text", 4.0), ("muted", 3.0), ("link", 4.5)]:
        for surface in surfaces:
            assert contrast(colours[text], surface) >= least, f"night: --{text} is {contrast(colours[text], surface):.2f}:1"
    for name, (red, green, blue, _) in colours.items():
        assert green <= red * 0.6 and blue <= red * 0.6, f"night: --{name} is not red"


def test_sizes_follow_the_font_size():
    assert not re.search(r"font-size:\s*[\d.]+px", CSS)
