"""What each panel gets, decoded back with Pillow from the real server: the 1-bit BMP of
TRMNL firmware 1.4.x (exactly what its bmp.cpp checks), `format=bmp`, `rotate` and `invert`."""
import io
import json
import struct

from PIL import Image

from test_serve_cli import fetch, serve  # noqa: F401  (the fixture)
from test_trmnl_protocol import DISPLAY_HEADERS


def decode(body):
    image = Image.open(io.BytesIO(body))
    image.load()
    return image


def test_firmware_1_4_gets_the_bmp_its_decoder_reads(serve, tmp_path):
    base, _ = serve()
    status, _, body = fetch(base + "/api/display", headers={**DISPLAY_HEADERS, "FW-Version": "1.4.8"})
    display = json.loads(body)
    assert status == 200 and display["image_url"].endswith(".bmp")
    status, headers, bmp = fetch(display["image_url"])
    assert status == 200 and headers["Content-Type"] == "image/bmp"
    # parseBMPHeader: BM, 800 x 480, 1 bpp, 48,000 bytes of pixels, two colours, black then white.
    assert len(bmp) == 48_062 and bmp[:2] == b"BM"
    width, height = struct.unpack_from("<ii", bmp, 18)
    bits, compression, size = struct.unpack_from("<HII", bmp, 28)
    assert (width, height, bits, compression, size) == (800, 480, 1, 0, 48_000)
    assert struct.unpack_from("<I", bmp, 10)[0] == 62 and struct.unpack_from("<I", bmp, 46)[0] == 2
    assert bmp[54:62] == bytes([0, 0, 0, 0, 255, 255, 255, 0])
    image = decode(bmp)
    assert image.mode == "1" and image.size == (800, 480)
    # The same picture as the 1-bit trmnl tile, pixel for pixel.
    png = decode(fetch(base + "/tiles/trmnl.png")[2])
    assert png.size == (800, 480)
    assert png.convert("1").tobytes() == image.tobytes()
    image.save(tmp_path / "trmnl-1.4.bmp.png")


def test_each_model_gets_its_depth_within_its_download_limit(serve, tmp_path):
    """An OG on 1.6.0 or later: 800 x 480 in 4 greys, at most 90,000 bytes; a TRMNL X:
    1872 x 1404 in 16 greys, at most 750,000 (MAX_IMAGE_SIZE in the firmware's config.h)."""
    base, _ = serve()
    cases = [({}, (800, 480), 2, 90_000),
             ({"Model": "x", "Width": "1872", "Height": "1404"}, (1872, 1404), 4, 750_000),
             ({"FW-Version": "1.5.12"}, (800, 480), 1, 90_000)]
    for number, (changes, size, depth, limit) in enumerate(cases):
        # A device of its own each: one that asks again early gets its last picture back.
        device = {"ID": f"AA:BB:CC:DD:EE:0{number}"}
        display = json.loads(fetch(base + "/api/display", headers={**DISPLAY_HEADERS, **changes, **device})[2])
        body = fetch(display["image_url"])[2]
        assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[24] == depth and body[25] == 0, (changes, body[24:26])
        assert len(body) <= limit, (changes, len(body))
        image = decode(body)
        assert image.size == size
        assert len(set(image.convert("L").tobytes())) <= 2 ** depth
        image.save(tmp_path / f"{size[0]}x{size[1]}-gray{depth}.png")
        print(f"{changes or 'og 1.8.5'}: {len(body)} bytes")


def test_tiles_rotate_invert_and_bmp(serve, tmp_path):
    base, _ = serve()
    upright = decode(fetch(base + "/tiles/trmnl.png")[2])
    assert upright.size == (800, 480) and upright.mode == "1"

    status, headers, body = fetch(base + "/tiles/trmnl.png?format=bmp")
    assert status == 200 and headers["Content-Type"] == "image/bmp" and len(body) == 48_062
    assert decode(body).tobytes() == upright.tobytes()

    # A portrait-mounted panel: the layout is drawn for 480 x 800, then turned to the panel's rows.
    turned = decode(fetch(base + "/tiles/trmnl.png?rotate=90")[2])
    assert turned.size == (800, 480) and turned.mode == "1"
    portrait = turned.rotate(90, expand=True)  # Pillow turns anticlockwise: back to upright
    assert portrait.size == (480, 800)
    assert portrait.tobytes() != upright.rotate(90, expand=True).tobytes(), "a portrait layout, not the landscape one turned"
    portrait.save(tmp_path / "trmnl-portrait.png")

    inverted = decode(fetch(base + "/tiles/trmnl.png?invert=1")[2])
    assert bytes(255 - value for value in upright.convert("L").tobytes()) == inverted.convert("L").tobytes()

    half = decode(fetch(base + "/tiles/trmnl.png?rotate=180")[2])
    assert half.rotate(180).tobytes() == upright.tobytes()

    body = fetch(base + "/tiles/800x480.png?format=gray4&rotate=270")[2]
    assert body[24:26] == bytes([4, 0]), "IHDR: still 4-bit grey"
    grey = decode(body)
    assert grey.size == (800, 480) and grey.mode == "L"
    assert len(set(grey.tobytes())) <= 16
    grey.rotate(270, expand=True).save(tmp_path / "gray4-portrait.png")
    assert fetch(base + "/tiles/trmnl.png?rotate=45")[0] == 400


INKS = {
    "bwr": [(0, 0, 0), (255, 255, 255), (255, 0, 0)],
    "bwry": [(0, 0, 0), (255, 255, 255), (255, 255, 0), (255, 0, 0)],
    "spectra6": [(0, 0, 0), (255, 255, 255), (255, 255, 0), (255, 0, 0), (0, 0, 255), (0, 255, 0)],
}


def test_colour_e_paper_gets_an_indexed_png_of_its_inks(serve, tmp_path):
    base, _ = serve()
    for name, inks in INKS.items():
        status, headers, body = fetch(base + f"/tiles/800x480.png?format={name}")
        assert status == 200 and headers["Content-Type"] == "image/png"
        assert body[25] == 3, "colour type 3: indexed"
        assert body[24] == (2 if len(inks) <= 4 else 4)
        image = decode(body)
        assert image.mode == "P" and image.size == (800, 480)
        palette = image.getpalette()[: 3 * len(inks)]
        assert [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)] == inks
        used = set(image.tobytes())
        assert used <= set(range(len(inks))) and {0, 1} <= used
        # The sample's stale line is amber: yellow ink where the panel has it, red where not.
        assert (2 in used), name
        image.convert("RGB").save(tmp_path / f"{name}.png")
    turned = decode(fetch(base + "/tiles/trmnl.png?format=spectra6&rotate=90")[2])
    assert turned.mode == "P" and turned.size == (800, 480)
    assert fetch(base + "/tiles/medium.png?format=bwr")[0] == 400


def test_tronbyt_gets_the_led_tile_as_webp_with_its_headers(serve):
    """GET /tronbyt/<device>/next as Tronbyt firmware reads it (remote.c): lossless WebP, the
    dwell following the news (the sample has a target down: the alert rate) and the brightness."""
    base, process = serve()
    maps = f"/proc/{process.pid}/maps"
    assert "libwebp.so.7" not in open(maps).read()
    status, headers, body = fetch(base + "/tronbyt/hall-matrix/next")
    assert status == 200 and headers["Content-Type"] == "image/webp"
    assert body[:4] == b"RIFF" and body[8:12] == b"WEBP" and len(body) < 460_000
    assert headers["Tronbyt-Dwell-Secs"] == "120" and headers["Tronbyt-Brightness"] == "100"
    assert "libwebp.so.7" in open(maps).read()
    picture = decode(body)
    assert picture.format == "WEBP" and picture.size == (64, 32)
    png = decode(fetch(base + "/tiles/led-64x32.png")[2])
    assert picture.convert("RGB").tobytes() == png.convert("RGB").tobytes(), "lossless: the same pixels"
    status, headers, body = fetch(base + "/tiles/led-64x32.webp")
    assert status == 200 and headers["Content-Type"] == "image/webp"
    assert decode(body).convert("RGB").tobytes() == png.convert("RGB").tobytes()
    for bad in ["/tronbyt/../next", "/tronbyt/a%20b/next", "/tronbyt/" + "x" * 65 + "/next"]:
        assert fetch(base + bad)[0] == 404, bad
    assert fetch(base + "/tiles/led-64x32.webp?format=bmp")[0] == 400


PANELS = """
serve:
  trmnl:
    panels:
      - {device: "AA:BB:CC:DD:EE:01", rotate: 90}
      - {device: "AA:BB:CC:DD:EE:02", colors: bwry}
"""


def test_configured_panels_get_their_turned_or_colour_picture(serve, tmp_path):
    base, _ = serve(config=PANELS)

    def picture(device):
        display = json.loads(fetch(base + "/api/display", headers={**DISPLAY_HEADERS, "ID": device})[2])
        return decode(fetch(display["image_url"])[2]), fetch(display["image_url"])[2]

    portrait, body = picture("AA:BB:CC:DD:EE:01")
    assert portrait.size == (800, 480) and body[24] == 2, "4 greys on firmware 1.8.5, in the panel's rows"
    upright = portrait.rotate(90, expand=True)
    assert upright.size == (480, 800)
    upright.save(tmp_path / "panel-portrait.png")
    colour, body = picture("AA:BB:CC:DD:EE:02")
    assert colour.mode == "P" and colour.size == (800, 480) and body[25] == 3
    assert len(body) <= 90_000
    palette = colour.getpalette()[:12]
    assert [tuple(palette[i:i + 3]) for i in range(0, 12, 3)] == INKS["bwry"]


def test_tronbyt_brightness_and_dwell_follow_the_config(serve):
    """serve.tronbyt: the day and night brightness and the calm dwell, for all devices and
    by name, in the headers remote.c reads; the request as the firmware sends it."""
    from datetime import datetime, timedelta, timezone
    now = datetime.now(timezone.utc)
    night = f"nightFrom: \"{(now - timedelta(hours=1)):%H:%M}\"\nnightUntil: \"{(now + timedelta(hours=1)):%H:%M}\"\n"
    config = """timeZone: UTC
{night}serve:
  tronbyt:
    brightness: 70
    nightBrightness: 5
    dwellSeconds: 600
    devices:
      - {{device: hall, nightBrightness: 20, dwellSeconds: 60}}
"""
    firmware = {"X-Firmware-Version": "v1.4.0"}
    base, _ = serve(config=config.format(night=""))
    headers = fetch(base + "/tronbyt/kitchen/next", headers=firmware)[1]
    # The sample has a target down: the alert rate (120 s) where the calm dwell is longer.
    assert (headers["Tronbyt-Brightness"], headers["Tronbyt-Dwell-Secs"]) == ("70", "120")
    headers = fetch(base + "/tronbyt/hall/next", headers=firmware)[1]
    assert (headers["Tronbyt-Brightness"], headers["Tronbyt-Dwell-Secs"]) == ("70", "60")
    base, _ = serve(config=config.format(night=night))
    assert fetch(base + "/tronbyt/kitchen/next", headers=firmware)[1]["Tronbyt-Brightness"] == "5"
    assert fetch(base + "/tronbyt/hall/next", headers=firmware)[1]["Tronbyt-Brightness"] == "20"
