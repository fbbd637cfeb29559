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
    # The same picture as the PNG the current firmware gets, pixel for pixel.
    modern = json.loads(fetch(base + "/api/display", headers=DISPLAY_HEADERS)[2])
    png = decode(fetch(modern["image_url"])[2])
    assert png.size == (800, 480)
    assert png.convert("1").tobytes() == image.tobytes()
    image.save(tmp_path / "trmnl-1.4.bmp.png")


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
