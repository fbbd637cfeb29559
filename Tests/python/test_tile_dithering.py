"""Dithering of grey display tiles, chosen on the command line, read back with Pillow."""
import io

from PIL import Image

from conftest import run_netsnap

NOW = "2026-11-21T10:43:00Z"


def tile(*args):
    return run_netsnap("tile", "--display", "trmnl-gray", "--theme", "dark", "--now", NOW, "-o", "-", *args).stdout


def test_each_dithering_gives_its_own_2_bit_picture():
    pictures = {method: tile("--dithering", method) for method in ["ordered", "floyd-steinberg", "none"]}
    assert pictures["ordered"] == tile(), "ordered is the default"
    decoded = {method: Image.open(io.BytesIO(png)) for method, png in pictures.items()}
    for image in decoded.values():
        assert image.size == (800, 480)
        assert image.info.get("Software") == "netsnap"
    assert len({image.tobytes() for image in decoded.values()}) == 3


def test_render_writes_what_tile_draws(tmp_path):
    out = tmp_path / "Output"
    run_netsnap("render", "--output", out, "--now", NOW, "--displays", "trmnl-gray", "--dithering", "floyd-steinberg")
    assert (out / "tiles" / "trmnl-gray-light.png").read_bytes() == run_netsnap(
        "tile", "--display", "trmnl-gray", "--now", NOW, "-o", "-", "--dithering", "floyd-steinberg").stdout


def test_an_unknown_dithering_is_refused_naming_the_choices():
    result = run_netsnap("tile", "--display", "trmnl", "--dithering", "atkinson", "-o", "-", check=False)
    assert result.returncode == 2
    assert b"expected none, ordered, floyd-steinberg" in result.stderr
