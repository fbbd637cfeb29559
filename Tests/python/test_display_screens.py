"""Several screens per display, colour e-paper by display, and pictures that outlive a restart,
against the real binary over loopback with the headers TRMNL firmware sends
(usetrmnl/trmnl-firmware: request_headers.cpp; Update-Source from logging_parsers.cpp, where a
wake by the button — GPIO, EXT0 or EXT1 in bl.cpp — is `button`, `EXT0` or `EXT1`)."""
import hashlib
import io
import json
import subprocess

import pytest
from PIL import Image

from conftest import NETSNAP, free_port, run_netsnap, wait_listening
from test_display_formats import INKS
from test_qr_code import decode as read_qr_codes
from test_serve_cli import fetch, state_environment
from test_trmnl_protocol import DISPLAY_HEADERS

URL = "https://netsnap.example/dashboard/"
SCREENS = "AA:BB:CC:DD:EE:10"
SPECTRA = "AA:BB:CC:DD:EE:11"
RED = "AA:BB:CC:DD:EE:12"
X = "AA:BB:CC:DD:EE:13"
# A display may be named by the friendly id netsnap shows for it (displays.json's `id`).
SPECTRA_ID = hashlib.sha256(SPECTRA.lower().encode()).hexdigest()[:6].upper()
CONFIG = f"""
publicURL: {URL}
state: {{state}}
serve:
  trmnl:
    panels:
      - {{device: "{SCREENS}", screens: [overview, targets, devices, qr]}}
      - {{device: "{SPECTRA_ID}", colors: spectra6, rotate: 90}}
      - {{device: "{RED}", colors: bwr}}
"""


@pytest.fixture
def server(tmp_path):
    """`serve` drawing from the sample snapshot, with its state folder; start() and stop()
    may be called again: a restart over the same state."""
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_bytes(run_netsnap("sample").stdout)
    out = tmp_path / "Output"
    out.mkdir()
    config = tmp_path / "netsnap.yml"
    config.write_text(CONFIG.replace("{state}", str(tmp_path / "state")))
    port = free_port()
    running = []

    def start():
        process = subprocess.Popen(
            [str(NETSNAP), "serve", "--output", str(out), "--port", str(port), "--input", str(snapshot), "--config", str(config)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=state_environment(tmp_path))
        running.append(process)
        wait_listening(process, port)
        return f"http://127.0.0.1:{port}"

    def stop():
        process = running.pop()
        process.terminate()
        process.wait(timeout=10)

    yield start, stop, tmp_path
    for process in running:
        process.kill()
        process.wait(timeout=10)


def wake(base, device, source="timer", **changes):
    """/api/display as the firmware asks it; the answer's filename and image_url."""
    headers = {**DISPLAY_HEADERS, "ID": device, "Update-Source": source, **changes}
    status, _, body = fetch(base + "/api/display", headers=headers)
    assert status == 200, body
    answer = json.loads(body)
    return answer["filename"], answer["image_url"]


def picture(url):
    status, headers, body = fetch(url)
    assert status == 200, (url, status)
    image = Image.open(io.BytesIO(body))
    image.load()
    return image, headers["Content-Type"], body


def test_each_wake_shows_the_next_screen_and_the_button_skips_ahead(server):
    start, stop, tmp_path = server
    base = start()
    first, first_url = wake(base, SCREENS)
    # Asking again early (a retry, not a press): the same picture, the panel is not redrawn.
    assert wake(base, SCREENS)[0] == first
    seen = {"overview": picture(first_url)[2]}
    for screen in ["targets", "devices", "qr"]:
        filename, url = wake(base, SCREENS, source="button")
        image, content_type, body = picture(url)
        assert content_type == "image/png" and image.size == (800, 480) and body[24] == 2, "4 greys on 1.8.5"
        # The very picture the tile URL draws for that screen on the same canvas.
        assert body == fetch(base + f"/tiles/800x480.png?format=gray2&screen={screen}")[2], screen
        assert body not in seen.values(), f"{screen} is a layout of its own"
        seen[screen] = body
        image.save(tmp_path / f"screen-{screen}.png")
    assert read_qr_codes(tmp_path / "screen-qr.png") == [URL]
    assert read_qr_codes(tmp_path / "screen-targets.png") == []
    # The EXT0 wake of other boards is a press too: round to the overview.
    again, again_url = wake(base, SCREENS, source="EXT0")
    assert again == first

    # After a restart the early ask still gets the same name, and the next press goes on.
    stop()
    base = start()
    assert picture(again_url.replace(again_url.split("/display/")[0], base))[2] == seen["overview"]
    assert wake(base, SCREENS)[0] == first
    filename, url = wake(base, SCREENS, source="button")
    assert picture(url)[2] == seen["targets"]
    assert fetch(base + "/tiles/trmnl.png?screen=weather")[0] == 400
    assert fetch(base + "/tiles/medium.png?screen=qr")[0] == 400


def test_colour_turned_and_16_grey_pictures_outlive_a_restart(server):
    """What a display was handed before a restart is still there after it, byte for byte:
    Spectra 6 turned for a portrait mount, black/white/red, and the TRMNL X's 16 greys."""
    start, stop, tmp_path = server
    base = start()
    urls = {
        "spectra6": wake(base, SPECTRA)[1],
        "bwr": wake(base, RED)[1],
        "x": wake(base, X, Model="x", Width="1872", Height="1404")[1],
    }
    before = {name: picture(url)[2] for name, url in urls.items()}
    stop()
    base = start()
    for name, url in urls.items():
        image, content_type, body = picture(url.replace(url.split("/display/")[0], base))
        assert content_type == "image/png" and body == before[name], name
        if name == "x":
            assert image.size == (1872, 1404) and body[24:26] == bytes([4, 0]) and len(body) <= 750_000
            assert len(set(image.tobytes())) <= 16
            continue
        assert image.mode == "P" and body[25] == 3 and image.size == (800, 480) and len(body) <= 90_000
        palette = image.getpalette()[: 3 * len(INKS[name])]
        assert [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)] == INKS[name]
        assert set(image.tobytes()) <= set(range(len(INKS[name])))
        upright = image.rotate(90, expand=True) if name == "spectra6" else image
        upright.convert("RGB").save(tmp_path / f"panel-{name}.png")
    # The portrait mount: a portrait layout in the panel's rows, the same as the tile URL draws.
    turned = fetch(base + "/tiles/800x480.png?format=spectra6&rotate=90")[2]
    assert before["spectra6"] == turned
    # Pairing already hands out the picture /api/display would (buildSetupHeaders: ID, FW-Version, Model).
    setup = {"ID": RED, "Content-Type": "application/json", "FW-Version": "1.8.5", "Model": "og"}
    image = picture(json.loads(fetch(base + "/api/setup", headers=setup)[2])["image_url"])[0]
    assert image.mode == "P" and image.getpalette()[:9] == [value for ink in INKS["bwr"] for value in ink]
    setup = {**setup, "ID": "AA:BB:CC:DD:EE:14", "FW-Version": "1.4.8"}
    assert picture(json.loads(fetch(base + "/api/setup", headers=setup)[2])["image_url"])[1] == "image/bmp"
    # A name the server never gave is still a 404.
    assert fetch(base + "/display/" + "0" * 32 + ".png")[0] == 404


def test_the_tile_command_draws_each_screen(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text(f"publicURL: {URL}\n")
    pictures = {}
    for screen in ["overview", "targets", "devices", "qr"]:
        path = tmp_path / f"{screen}.png"
        run_netsnap("tile", "--config", config, "--display", "trmnl", "--screen", screen, "--now", "2026-11-21T10:43:00Z",
                    "-o", path)
        pictures[screen] = path.read_bytes()
    assert len(set(pictures.values())) == 4
    assert read_qr_codes(tmp_path / "qr.png") == [URL]
    refused = run_netsnap("tile", "--size", "medium", "--screen", "qr", "-o", tmp_path / "x.png", check=False)
    assert refused.returncode == 2 and b"--screen" in refused.stderr
