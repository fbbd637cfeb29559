"""Libraries only some commands need are opened on first use (LazyLibrary), not linked: a
command that draws nothing loads none of them, one that draws loads what it draws with, and
the Debian package still depends on every one (docs/performance.md)."""
import os
import re
import subprocess

from conftest import NETSNAP, ROOT

TEXT_AND_PNG = {"libfreetype.so.6", "libharfbuzz.so.0", "libfontconfig.so.1", "libfribidi.so.0", "libpng16.so.16", "libdeflate.so.0"}
LAZY = TEXT_AND_PNG | {"libqrencode.so.4", "libmosquitto.so.1", "libavahi-client.so.3", "libwebp.so.7"}


def loaded(*args):
    """The shared libraries the dynamic loader mapped while netsnap ran with args."""
    result = subprocess.run(
        [str(NETSNAP), *map(str, args)], capture_output=True, timeout=120, env={**os.environ, "LD_DEBUG": "files"}, check=True)
    return set(re.findall(r"\bfile=(\S+) \[", result.stderr.decode()))


def test_none_of_them_is_linked():
    dynamic = subprocess.run(["objdump", "-p", str(NETSNAP)], capture_output=True, check=True).stdout.decode()
    needed = set(re.findall(r"NEEDED\s+(\S+)", dynamic))
    assert needed and not needed & LAZY, needed & LAZY


def test_commands_that_draw_nothing_load_none_of_them(tmp_path):
    sample = tmp_path / "sample.json"
    sample.write_bytes(subprocess.run([str(NETSNAP), "sample"], capture_output=True, check=True).stdout)
    for args in (("--version",), ("sample",), ("validate", sample)):
        assert not loaded(*args) & LAZY, args


def test_a_tile_loads_the_text_and_png_libraries_and_no_more(tmp_path):
    libraries = loaded("tile", "--size", "medium", "-o", tmp_path / "medium.png")
    assert TEXT_AND_PNG <= libraries
    assert not libraries & (LAZY - TEXT_AND_PNG)


def test_a_public_address_loads_the_qr_encoder(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("publicURL: https://example.org/netsnap/\n")
    libraries = loaded("tile", "--size", "large", "-c", config, "-o", tmp_path / "large.png")
    assert "libqrencode.so.4" in libraries


def test_the_package_depends_on_every_library_the_sources_open():
    sources = "\n".join(path.read_text() for path in (ROOT / "Sources").rglob("*.swift"))
    opened = set(re.findall(r'"(lib[\w+-]+\.so\.\d+)"', sources))
    assert opened == LAZY, opened ^ LAZY
    script = (ROOT / "scripts" / "package-deb.sh").read_text()
    listed = set(re.search(r'lazily_opened="([^"]*)"', script).group(1).split())
    # Avahi's client is recommended (with avahi-daemon), the others are dependencies.
    assert listed == LAZY - {"libavahi-client.so.3"}
    assert "libavahi-client3" in re.search(r'recommends_line="([^"]*)"', script).group(1)


def test_an_led_matrix_png_does_not_load_libwebp(tmp_path):
    """libwebp is opened only when a WebP is made (Tronbyt, /tiles/led-64x32.webp: test_display_formats)."""
    libraries = loaded("tile", "--display", "led-64x32", "-o", tmp_path / "led.png")
    assert "libwebp.so.7" not in libraries
