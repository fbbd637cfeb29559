"""`netsnap serve` from the outside: the real binary on a free loopback port, real HTTP clients."""
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import NETSNAP, free_port, run_netsnap, wait_listening




@pytest.fixture
def serve(tmp_path, render):
    """Starts `netsnap serve` over a rendered folder; yields (base URL, process); stops it after."""
    processes = []

    def _serve(*args, config=None):
        out = render()
        snapshot = tmp_path / "snapshot.json"
        snapshot.write_bytes(run_netsnap("sample").stdout)
        port = free_port()
        command = [str(NETSNAP), "serve", "--output", str(out), "--port", str(port), "--input", str(snapshot), *args]
        if config is not None:
            path = tmp_path / "netsnap.yml"
            path.write_text(config)
            command += ["--config", str(path)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=state_environment(tmp_path))
        processes.append(process)
        base = f"http://127.0.0.1:{port}"
        wait_listening(process, port)
        return base, process

    yield _serve
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def state_environment(tmp_path):
    """The environment with the standard state folder moved into the test's own: a display
    that talks to `serve` leaves its record there, never in the real home."""
    environment = {key: value for key, value in os.environ.items() if key != "STATE_DIRECTORY"}
    environment["XDG_STATE_HOME"] = str(tmp_path / "xdg-state")
    return environment


def fetch(url, method="GET", headers=None):
    """(status, headers, body) — errors included, as a client sees them."""
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def raw(base, request_line):
    """Sends a request line exactly as written and returns the status code."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(f"{request_line}\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    assert b"root:" not in reply
    return int(reply.split(b" ", 2)[1])


def test_files_conditional_requests_and_refusals(serve):
    base, _ = serve()
    status, headers, body = fetch(base + "/widgets.json")
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert json.loads(body)["schemaVersion"] == 1
    tag = headers["ETag"]
    assert fetch(base + "/widgets.json", headers={"If-None-Match": tag})[0] == 304
    status, headers, body = fetch(base + "/", method="HEAD")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8" and body == b""
    status, headers, _ = fetch(base + "/widgets.json", method="DELETE")
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    for line in ["GET /../etc/passwd HTTP/1.1", "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1", "GET /%252e%252e/etc/passwd HTTP/1.1",
                 "GET /tiles HTTP/1.1"]:
        assert raw(base, line) == 404


def test_tiles_display_health_and_metrics(serve, tmp_path):
    base, _ = serve("--interval", "15")
    status, headers, body = fetch(base + "/tiles/medium.png?scale=1&theme=light")
    assert status == 200 and headers["Content-Type"] == "image/png" and body.startswith(b"\x89PNG\r\n\x1a\n")
    assert fetch(base + "/tiles/medium.png?scale=5")[0] == 400
    status, _, body = fetch(base + "/api/display")
    display = json.loads(body)
    # The display's own rate (serve.trmnl.refreshSeconds, TRMNL's default 900), not the --interval.
    # The sample network has a target down: the alert rate (serve.trmnl.alertRefreshSeconds), not the calm 900.
    assert status == 200 and display["status"] == 0 and display["refresh_rate"] == 120
    assert display["image_url"] == f"{base}/display/{display['filename']}.png"
    status, _, image = fetch(display["image_url"])
    assert status == 200 and image[16:24] == (800).to_bytes(4, "big") + (480).to_bytes(4, "big")
    assert json.loads(fetch(base + "/api/display")[2])["filename"] == display["filename"]
    # The folder was rendered as if on 2026-11-21: its data is days old, and health says so.
    status, _, body = fetch(base + "/healthz")
    report = json.loads(body)
    assert status == 503 and report["status"] == "failing" and report["freshness"] == "stale"
    assert report["ageSeconds"] > 86400 and report["snapshotAt"] == "2026-11-21T10:43:00Z"
    status, headers, body = fetch(base + "/metrics")
    assert status == 200 and b'netsnap_http_requests_total{handler="tiles",method="GET",status="200"} 1' in body
    assert b"netsnap_data_age_seconds " in body and b"netsnap_healthy 0.0" in body
    # A fresh render (the sample, dated now) makes it healthy again.
    run_netsnap("render", "--output", tmp_path / "Output", "--no-tiles")
    status, _, body = fetch(base + "/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"


def test_plain_serve_answers_trmnl_after_a_plain_render(tmp_path):
    """A fresh install: `netsnap render`, then `netsnap serve` without a snapshot of its own.
    The display picture is drawn on demand from the last render (the firmware's older slashed
    paths too), and it carries no time: the same picture, the same bytes and name."""
    out = tmp_path / "Output"
    started = time.time()
    run_netsnap("render", "--output", out)
    assert not (out / "tiles" / "trmnl-light.png").exists()
    port = free_port()
    process = subprocess.Popen([str(NETSNAP), "serve", "--output", str(out), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=state_environment(tmp_path))
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while fetch_or_none(base + "/healthz") is None and time.monotonic() < deadline:
            time.sleep(0.1)
        for path in ["/api/setup/", "/api/display", "/api/display/"]:
            status, _, body = fetch(base + path, headers={"ID": "AA:BB:CC:DD:EE:FF"})
            assert status == 200, (path, body)
        display = json.loads(fetch(base + "/api/display")[2])
        status, headers, image = fetch(display["image_url"])
        assert status == 200 and image.startswith(b"\x89PNG") and b"Creation Time" not in image
        assert headers["Last-Modified"]
        assert fetch(display["image_url"], headers={"If-Modified-Since": headers["Last-Modified"]})[0] == 304
        assert fetch(base + "/widgets.json", headers={"If-Modified-Since": fetch(base + "/widgets.json")[1]["Last-Modified"]})[0] == 304
        # The next render (a new snapshot time, the same minute's picture) keeps the name.
        run_netsnap("render", "--output", out, "--no-tiles")
        again = json.loads(fetch(base + "/api/display")[2])
        if int(started // 60) == int(time.time() // 60):
            assert again["filename"] == display["filename"], "a new snapshot with the same picture"
    finally:
        process.kill()
        process.wait(timeout=10)


def fetch_or_none(url):
    try:
        return fetch(url)
    except OSError:
        return None


def test_token_guard_and_clean_shutdown(serve):
    base, process = serve(config="redact: true\nserve:\n  token: correct-horse-battery-staple\n")
    assert fetch(base + "/widgets.json")[0] == 401
    assert fetch(base + "/widgets.json", headers={"Authorization": "Bearer correct-horse-battery-staple"})[0] == 200
    assert fetch(base + "/badge.json")[0] == 200
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=15) == 0


def test_serve_with_watch_in_one_process(tmp_path):
    """`serve --watch`: the loop writes the folder, the server serves it and draws tiles from each cycle."""
    port = free_port()
    out, state = tmp_path / "out", tmp_path / "state"
    process = subprocess.Popen(
        [str(NETSNAP), "serve", "--watch", "--sample", "--output", str(out), "--state", str(state),
         "--port", str(port), "--interval", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline:
            try:
                status, _, _ = fetch(base + "/healthz")
            except OSError:
                status = None
            if status == 200:
                break
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.2)
        assert status == 200, "health turns green once a cycle has run"
        status, headers, body = fetch(base + "/widgets.json")
        assert status == 200 and json.loads(body)["overall"] == "degraded"
        status, headers, body = fetch(base + "/tiles/small.png?scale=1&theme=night")
        assert status == 200 and headers["Content-Type"] == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"
        # Cycles every second re-date the sample; within a minute the picture, and so the
        # TRMNL file name and the tile's validators, stay put (ESPHome's online_image sends both).
        def minute_shown():
            return json.loads(fetch(base + "/widgets.json")[2])["snapshotAt"][:16]

        names, first_minute = set(), minute_shown()
        for _ in range(3):
            names.add(json.loads(fetch(base + "/api/display")[2])["filename"])
            time.sleep(1.1)
        status, headers, _ = fetch(base + "/tiles/trmnl.png")
        revalidated = fetch(base + "/tiles/trmnl.png",
                            headers={"If-None-Match": headers["ETag"], "If-Modified-Since": headers["Last-Modified"]})
        if minute_shown() == first_minute:
            assert len(names) == 1, names
            assert revalidated[0] == 304
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
