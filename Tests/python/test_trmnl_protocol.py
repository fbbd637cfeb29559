"""The TRMNL device protocol against the real binary over loopback, with the requests the
firmware builds (usetrmnl/trmnl-firmware: request_headers.cpp, serialize_log.cpp,
serialize_request_api_log.cpp, and the values of their unit tests)."""
import json
import shutil
import socket
import subprocess
import time

import pytest

from conftest import NETSNAP, free_port, run_netsnap, wait_for, wait_listening
from test_serve_cli import fetch, state_environment

MAC = "AA:BB:CC:DD:EE:FF"
TOKEN = "test-token-0123456789"  # the firmware test says "test-token"; serve wants 16 characters or more

# buildDisplayHeaders, filled in as its unit test does (an OG on 1.8.5).
DISPLAY_HEADERS = {
    "ID": MAC, "Content-Type": "application/json", "Update-Source": "scheduled", "Access-Token": TOKEN,
    "Refresh-Rate": "900", "Battery-Voltage": "4.10", "FW-Version": "1.8.5", "Model": "og",
    "Image-Cached": "false", "Wake-Time": "42", "RSSI": "-55", "Temperature-Profile": "true",
    "Width": "800", "Height": "480",
}
# buildLogHeaders.
LOG_HEADERS = {"ID": MAC, "Accept": "application/json, */*", "Access-Token": TOKEN, "Content-Type": "application/json"}
# serializeApiLogRequest(serialize_log(...)) from 1.5.10 on; the 1.4.8–1.5.9 shape after it.
CURRENT_LOG = ('{"logs":[{"created_at":1609459200,"id":456,"message":"Test log message","source_line":123,'
               '"source_path":"test.cpp","wifi_signal":-50,"wifi_status":"Connected","refresh_rate":30000,'
               '"sleep_duration":120,"firmware_version":"1.2.3","special_function":"None","battery_voltage":4.2,'
               '"wake_reason":"Timer","free_heap_size":50000,"max_alloc_size":40000,"level":"info"}]}')
OLDER_LOG = ('{"log":{"logs_array":[{"creation_timestamp":1609459200,"device_status_stamp":{"wifi_rssi_level":-50,'
             '"wifi_status":"Connected","refresh_rate":30000,"time_since_last_sleep_start":120,'
             '"current_fw_version":"1.2.3","special_function":"None","battery_voltage":4.2,"wakeup_reason":"Timer",'
             '"free_heap_size":50000},"log_id":457,"log_message":"Wi-Fi connection failed","log_codeline":617,'
             '"log_sourcefile":"src/bl.cpp"}]}}')

CONFIG = f"""
state: {{state}}
serve:
  token: {TOKEN}
  trmnlDevices: ["{MAC}"]
"""


@pytest.fixture
def trmnl_server(tmp_path, render):
    """Starts `serve` with a token and the firmware's test device paired; restartable."""
    out = render()
    state = tmp_path / "state"
    config = tmp_path / "netsnap.yml"
    config.write_text(CONFIG.replace("{state}", str(state)))
    port = free_port()
    running = []

    def start():
        process = subprocess.Popen([str(NETSNAP), "serve", "--output", str(out), "--port", str(port), "--config", str(config)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=state_environment(tmp_path))
        running.append(process)
        wait_listening(process, port)
        return f"http://127.0.0.1:{port}", process

    def stop():
        process = running.pop()
        process.terminate()
        process.wait(timeout=10)

    yield start, stop, state, out
    for process in running:
        process.kill()
        process.wait(timeout=10)


def post(url, body, headers):
    return fetch_with_body(url, body.encode(), headers)


def fetch_with_body(url, body, headers):
    import urllib.error
    import urllib.request
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def raw_post(base, path, body, headers):
    """A POST written byte by byte as the firmware's HTTPClient sends it; the status code."""
    port = int(base.rsplit(":", 1)[1])
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {len(body)}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head.encode())
        try:
            connection.sendall(body)
        except OSError:
            pass  # the server may answer and close before the whole body is sent
        reply = b""
        try:
            while chunk := connection.recv(65536):
                reply += chunk
        except OSError:
            pass
    return int(reply.split(b" ", 2)[1])


def test_logs_and_headers_are_kept_across_a_restart(trmnl_server):
    start, stop, state, _ = trmnl_server
    base, _ = start()
    status, _, body = fetch(base + "/api/setup/", headers={"ID": MAC, "Content-Type": "application/json",
                                                           "FW-Version": "1.8.5", "Model": "og"})
    assert status == 200 and json.loads(body)["api_key"] == TOKEN
    assert fetch(base + "/api/display", headers=DISPLAY_HEADERS)[0] == 200
    assert post(base + "/api/log", CURRENT_LOG, LOG_HEADERS)[0] == 204
    assert raw_post(base, "/api/log/", OLDER_LOG.encode(), LOG_HEADERS) == 204
    stop()

    kept = json.loads((state / "displays.json").read_text())["displays"]
    assert len(kept) == 1
    display = kept[0]
    assert (display["batteryVolts"], display["rssi"], display["firmware"], display["model"]) == (4.1, -55, "1.8.5", "og")
    assert (display["width"], display["height"], display["refreshSeconds"]) == (800, 480, 900)
    assert [entry["message"] for entry in display["logs"]] == ["Test log message", "Wi-Fi connection failed"]

    base, _ = start()
    assert post(base + "/api/log", CURRENT_LOG, LOG_HEADERS)[0] == 204
    stop()
    logs = json.loads((state / "displays.json").read_text())["displays"][0]["logs"]
    assert [entry["message"] for entry in logs] == ["Test log message", "Wi-Fi connection failed", "Test log message"]


def test_refusals(trmnl_server):
    start, _, state, _ = trmnl_server
    base, _ = start()
    assert post(base + "/api/log", CURRENT_LOG, {**LOG_HEADERS, "Access-Token": "guess"})[0] == 401
    assert post(base + "/api/log", CURRENT_LOG, {**LOG_HEADERS, "ID": "11:22:33:44:55:66"})[0] == 401
    assert post(base + "/api/log", "Test log message", LOG_HEADERS)[0] == 400
    too_large = b'{"logs":[{"message":"' + b"x" * 70_000 + b'"}]}'
    assert raw_post(base, "/api/log", too_large, LOG_HEADERS) == 413
    # Nothing else became writable.
    assert post(base + "/api/display", CURRENT_LOG, DISPLAY_HEADERS)[0] == 405
    assert post(base + "/index.html", "x", LOG_HEADERS)[0] == 405
    assert fetch(base + "/api/log", headers=LOG_HEADERS)[0] == 405
    # The server still answers after the refusals.
    assert fetch(base + "/api/display", headers=DISPLAY_HEADERS)[0] == 200
    assert not any("message" in json.dumps(d["logs"]) for d in
                   json.loads((state / "displays.json").read_text())["displays"])


def test_displays_json_and_metrics(trmnl_server):
    """The serving process writes displays.json beside its outputs and exports each display's gauges."""
    start, _, _, out = trmnl_server
    base, _ = start()
    headers = {**DISPLAY_HEADERS, "Battery-Voltage": "3.20", "RSSI": "-71", "FW-Version": "1.8.5<b>"}
    assert fetch(base + "/api/display", headers=headers)[0] == 200
    assert post(base + "/api/log", CURRENT_LOG, LOG_HEADERS)[0] == 204

    def written():
        path = out / "displays.json"
        if not path.exists():
            return None
        document = json.loads(path.read_text())
        return document if document["displays"] and document["displays"][0]["lastLog"] else None

    document = wait_for(written, 15, "displays.json")
    display = document["displays"][0]
    assert set(display) == {"id", "mac", "model", "firmware", "batteryVolts", "batteryPercent", "rssi", "lastSeen",
                            "expectedBy", "state", "lastLog"}
    assert (display["mac"], display["model"], display["firmware"]) == (MAC.lower(), "og", "1.8.5<b>")
    assert (display["batteryVolts"], display["batteryPercent"], display["rssi"]) == (3.2, 17, -71)
    assert display["state"] == "low-battery" and display["lastLog"] == "Test log message"
    assert document["expiresAt"] > document["generatedAt"]

    status, _, body = fetch(base + "/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert status == 200
    text = body.decode()
    identifier = display["id"]
    assert f'netsnap_display_battery_volts{{display="{identifier}"}} 3.2' in text
    assert f'netsnap_display_rssi_dbm{{display="{identifier}"}} -71' in text
    assert f'netsnap_display_last_seen_timestamp_seconds{{display="{identifier}"}}' in text
    promtool = shutil.which("promtool")
    if promtool:
        check = subprocess.run([promtool, "check", "metrics"], input=body, capture_output=True, timeout=30)
        assert check.returncode == 0, check.stderr.decode() + check.stdout.decode()


def test_a_display_running_low_is_an_event_of_the_watch_loop(tmp_path):
    """serve --watch: the server notices the battery run low; the next cycle puts the event
    in the history and feed.json, as it does its own."""
    port = free_port()
    out, state = tmp_path / "out", tmp_path / "state"
    process = subprocess.Popen(
        [str(NETSNAP), "serve", "--watch", "--sample", "--output", str(out), "--state", str(state),
         "--port", str(port), "--interval", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=state_environment(tmp_path))
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: fetch_quietly(base + "/healthz") == 200, 60, "a healthy serve --watch")
        headers = {**DISPLAY_HEADERS, "Access-Token": "netsnap"}
        assert fetch(base + "/api/display", headers=headers)[0] == 200
        time.sleep(2.5)  # the watcher has seen it fine
        assert fetch(base + "/api/display", headers={**headers, "Battery-Voltage": "3.20", "Update-Source": "button"})[0] == 200

        def battery_event():
            feed = out / "feed.json"
            return feed.exists() and "displayBatteryLow" in feed.read_text()

        wait_for(battery_event, 30, "the battery-low event in feed.json")
        items = [item for item in json.loads((out / "feed.json").read_text())["items"]
                 if "displayBatteryLow" in item["tags"]]
        assert len(items) == 1 and items[0]["title"].endswith("battery low")
        assert "17 %" in items[0]["content_text"]
    finally:
        process.terminate()
        process.wait(timeout=20)


def fetch_quietly(url):
    try:
        return fetch(url)[0]
    except OSError:
        return None
