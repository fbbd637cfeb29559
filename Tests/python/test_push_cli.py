"""Push from the outside: the real binary against a real Mosquitto broker and local HTTP sinks,
all on loopback. MQTT is read back with mosquitto_sub; webhook signatures are checked with
Python's own hmac."""
import hashlib
import hmac
import http.server
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest

from conftest import NETSNAP, free_port, run_netsnap, wait_for

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_SUB = shutil.which("mosquitto_sub") or "/usr/bin/mosquitto_sub"
PROMTOOL = shutil.which("promtool")






class Broker:
    """Mosquitto on a free loopback port, without persistence."""

    def __init__(self, folder):
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n")
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def listening():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return True
            except OSError:
                return False
        wait_for(listening, 10, "mosquitto to listen")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def retained(self, topic="#"):
        """Every retained message under `topic`, by topic."""
        result = subprocess.run(
            [MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "--retained-only", "-W", "1", "-F", "%t\t%p"],
            capture_output=True, timeout=10)
        messages = {}
        for line in result.stdout.decode().splitlines():
            topic_name, _, payload = line.partition("\t")
            messages[topic_name] = payload
        return messages


@pytest.fixture
def broker(tmp_path):
    broker = Broker(tmp_path)
    yield broker
    broker.stop()


class Sink(http.server.ThreadingHTTPServer):
    """A local ntfy / webhook endpoint: records every POST, answers `status`."""

    def __init__(self):
        self.requests = []
        self.status = 200
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(handler):
                body = handler.rfile.read(int(handler.headers.get("Content-Length", 0)))
                with self.lock:
                    self.requests.append({"path": handler.path, "headers": dict(handler.headers), "body": body, "status": self.status})
                    status = self.status
                handler.send_response(status)
                handler.send_header("Content-Length", "0")
                handler.end_headers()

            def log_message(handler, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def delivered(self, path=None):
        with self.lock:
            return [r for r in self.requests if r["status"] == 200 and (path is None or r["path"] == path)]


@pytest.fixture
def sink():
    server = Sink()
    yield server
    server.shutdown()
    server.server_close()


class Watch:
    """`netsnap watch` in the background over a snapshot file the test rewrites."""

    def __init__(self, tmp_path, config, sample=False):
        self.tmp_path = tmp_path
        self.snapshot_file = tmp_path / "snapshot.json"
        self.state = tmp_path / "state"
        self.config = tmp_path / "netsnap.yml"
        self.config.write_text(config)
        self.source = ["--sample"] if sample else ["--input", str(self.snapshot_file)]
        self.process = None
        self.log = tmp_path / "watch.log"

    def start(self):
        self.process = subprocess.Popen(
            [str(NETSNAP), "watch", *self.source, "--config", str(self.config), "--output", str(self.tmp_path / "out"),
             "--state", str(self.state), "--interval", "1"],
            stdout=subprocess.DEVNULL, stderr=open(self.log, "ab"))
        return self

    def stop(self, sig=signal.SIGTERM):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)

    def alive(self):
        return self.process.poll() is None


@pytest.fixture
def watches():
    started = []
    yield started
    for watch in started:
        watch.stop(signal.SIGKILL)


def snapshot_with_nas(online, at):
    """The sample with every target up but the NAS as given, taken at `at`."""
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = at.strftime("%Y-%m-%dT%H:%M:%SZ")
    for target in snapshot["targets"]:
        target["isOnline"] = online if target["name"] == "NAS" else True
        target.setdefault("currentLatency", 5)
    return snapshot


def write_snapshot(path, snapshot):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot))
    os.replace(tmp, path)


def mqtt_config(broker, node="cli-test"):
    return f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: {node}\n  keepAliveSeconds: 5\n"


def test_discovery_state_and_last_will_after_kill_9(tmp_path, broker, watches):
    watch = Watch(tmp_path, mqtt_config(broker), sample=True).start()
    watches.append(watch)
    retained = wait_for(
        lambda: (lambda m: m if m.get("netsnap/cli-test/availability") == "online" and "netsnap/cli-test/status" in m else None)(
            broker.retained()), 60, "online and a status")
    assert retained["netsnap/cli-test/status"] == "degraded"
    configs = {topic: json.loads(payload) for topic, payload in retained.items() if topic.startswith("homeassistant/")}
    status = configs["homeassistant/sensor/cli-test/status/config"]
    assert status["device_class"] == "enum" and status["options"] == ["online", "degraded", "offline"]
    assert status["availability"][0] == {"topic": "netsnap/cli-test/availability"}
    connectivity = [c for t, c in configs.items() if t.startswith("homeassistant/binary_sensor/") and c.get("device_class") == "connectivity"]
    targets = json.loads(run_netsnap("sample").stdout)["targets"]
    assert sorted(c["name"] for c in connectivity) == sorted("Target " + t["name"] for t in targets)
    for config in configs.values():
        assert config["unique_id"].startswith("netsnap_cli-test_")
        assert config["device"]["identifiers"] == ["netsnap_cli-test"]
        assert retained.get(config["state_topic"]) not in (None, ""), config["state_topic"]

    # kill -9: no chance to say goodbye; the broker publishes the last will.
    watch.stop(signal.SIGKILL)
    wait_for(lambda: broker.retained().get("netsnap/cli-test/availability") == "offline", 20, "the last will")


def test_sigterm_says_offline_and_a_restarted_broker_is_filled_again(tmp_path, broker, watches):
    watch = Watch(tmp_path, mqtt_config(broker), sample=True).start()
    watches.append(watch)
    first = wait_for(
        lambda: (lambda m: m if m.get("netsnap/cli-test/availability") == "online" and len(m) > 20 else None)(broker.retained()),
        60, "a complete broker")
    broker.stop()
    time.sleep(2)
    assert watch.alive(), "the watch loop goes on while the broker is down"
    out = tmp_path / "out" / "widgets.json"
    written = out.stat().st_mtime
    wait_for(lambda: out.stat().st_mtime > written, 20, "outputs written while the broker is down")
    broker.start()
    # Without persistence the broker starts empty; netsnap re-publishes everything.
    again = wait_for(
        lambda: (lambda m: m if m.get("netsnap/cli-test/availability") == "online" and set(first) <= set(m) else None)(broker.retained()),
        90, "the broker to be complete again")
    assert {t for t in again if t.startswith("homeassistant/")} == {t for t in first if t.startswith("homeassistant/")}
    watch.stop(signal.SIGTERM)
    assert watch.process.returncode == 0
    wait_for(lambda: broker.retained().get("netsnap/cli-test/availability") == "offline", 10, "offline after SIGTERM")


def test_flapping_target_notifies_once_then_a_summary(tmp_path, sink, watches):
    config = (
        "events:\n  failuresBeforeEvent: 1\n"
        f"notify:\n  cooldownSeconds: 8\n  ntfy:\n    - url: {sink.url}/netsnap-test\n      token: tk_test\n"
        f"  webhooks:\n    - url: {sink.url}/hook\n      secret: s3cret\n      kinds: [targetDown, targetRecovered]\n")
    watch = Watch(tmp_path, config)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    write_snapshot(watch.snapshot_file, snapshot_with_nas(True, now))
    watches.append(watch.start())
    wait_for(lambda: (tmp_path / "out" / "widgets.json").exists(), 60, "a first cycle")
    # down, up, down, up — each held for a little over a cycle.
    for step, online in enumerate([False, True, False, True], start=1):
        write_snapshot(watch.snapshot_file, snapshot_with_nas(online, now + timedelta(seconds=step)))
        time.sleep(1.6)
        if step == 1:
            wait_for(lambda: sink.delivered("/"), 10, "the first ntfy notification")
    assert [json.loads(r["body"])["title"] for r in sink.delivered("/")] == ["NAS is down"], "nothing more within the cooldown"
    summary = wait_for(lambda: sink.delivered("/")[1:], 20, "the flapping summary")[0]
    body = json.loads(summary["body"])
    assert body["topic"] == "netsnap-test"
    assert body["title"] == "NAS is flapping"
    assert body["message"].startswith("4 changes in ") and body["message"].endswith("now: NAS recovered.")
    assert "repeat" in body["tags"] and isinstance(body["priority"], int)
    assert summary["headers"]["Authorization"] == "Bearer tk_test"
    assert summary["headers"]["Content-Type"] == "application/json"
    time.sleep(2)
    assert len(sink.delivered("/")) == 2

    # The webhook got the same story, each body signed: checked with Python's own HMAC.
    hooks = sink.delivered("/hook")
    assert [json.loads(r["body"])["kind"] for r in hooks] == ["targetDown", "flapping"]
    for request in hooks:
        expected = "sha256=" + hmac.new(b"s3cret", request["body"], hashlib.sha256).hexdigest()
        assert hmac.compare_digest(request["headers"]["X-Netsnap-Signature"], expected)
    first = json.loads(hooks[0]["body"])
    assert first["title"] == "NAS is down" and first["target"]["name"] == "NAS"
    assert first["snapshotAt"].endswith("Z") and first["time"].endswith("Z")


def outbox_rows(state):
    with sqlite3.connect(state / "history.sqlite") as db:
        return db.execute("SELECT sinkKey, attempts FROM notificationOutbox").fetchall()


def test_outbox_keeps_notifications_across_a_restart(tmp_path, sink, watches):
    config = f"events:\n  failuresBeforeEvent: 1\nnotify:\n  webhooks:\n    - url: {sink.url}/hook\n"
    sink.status = 503
    watch = Watch(tmp_path, config)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    write_snapshot(watch.snapshot_file, snapshot_with_nas(True, now))
    watches.append(watch.start())
    wait_for(lambda: (tmp_path / "out" / "widgets.json").exists(), 60, "a first cycle")
    write_snapshot(watch.snapshot_file, snapshot_with_nas(False, now + timedelta(seconds=1)))
    wait_for(lambda: len(sink.requests) >= 1, 20, "a first (refused) attempt")
    watch.stop(signal.SIGTERM)
    rows = outbox_rows(watch.state)
    assert len(rows) == 1 and rows[0][0] == f"webhook {sink.url}/hook" and rows[0][1] >= 1

    sink.status = 200
    watches.append(watch.start())
    delivered = wait_for(lambda: sink.delivered("/hook"), 30, "delivery after the restart")
    assert json.loads(delivered[0]["body"])["title"] == "NAS is down"
    wait_for(lambda: outbox_rows(watch.state) == [], 10, "an empty outbox")
    time.sleep(2)
    assert len(sink.delivered("/hook")) == 1, "delivered once, not again"


def test_serve_watch_exposes_target_metrics_and_badges(tmp_path, broker):
    port = free_port()
    config = tmp_path / "netsnap.yml"
    config.write_text(mqtt_config(broker, node="serve-test"))
    out = tmp_path / "out"
    process = subprocess.Popen(
        [str(NETSNAP), "serve", "--watch", "--sample", "--config", str(config), "--output", str(out), "--state", str(tmp_path / "state"),
         "--port", str(port), "--interval", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        def metrics():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as response:
                    text = response.read().decode()
                return text if "netsnap_mqtt_connected 1.0" in text and "netsnap_target_up{" in text else None
            except OSError:
                return None
        text = wait_for(metrics, 60, "metrics with targets and a connected broker")
        targets = json.loads(run_netsnap("sample").stdout)["targets"]
        for target in targets:
            assert f'netsnap_target_up{{target_id="{target["id"].lower()}"}} {"1.0" if target["isOnline"] else "0.0"}' in text
            assert f'netsnap_target_info{{target_id="{target["id"].lower()}",target="{target["name"]}"}} 1.0' in text
        assert "netsnap_gateway_latency_seconds " in text
        assert 'netsnap_devices{state="active"}' in text
        version = run_netsnap("--version").stdout.decode().strip()
        assert f'netsnap_build_info{{version="{version}"}} 1.0' in text
        if PROMTOOL:
            check = subprocess.run([PROMTOOL, "check", "metrics"], input=text.encode(), capture_output=True, timeout=30)
            assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
        badges = sorted(p.name for p in (out / "badges").iterdir() if not p.name.endswith("-uptime.json"))
        assert len(badges) == len(targets)
        assert len(list((out / "badges").glob("*-uptime.json"))) == len(targets), "and each target's 30-day uptime"
        nas = json.loads((out / "badges" / "nas.json").read_text())
        assert nas["schemaVersion"] == 1 and nas["label"] == "NAS" and nas["message"].startswith("up · ")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        wait_for(lambda: broker.retained().get("netsnap/serve-test/availability") == "offline", 10, "offline after SIGTERM")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
