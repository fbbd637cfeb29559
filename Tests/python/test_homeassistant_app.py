"""`netsnap homeassistant-app` run as Home Assistant's Supervisor runs the app: an options
file in a stand-in /data, SUPERVISOR_TOKEN, a stand-in services API naming a real Mosquitto
(with a password) on loopback, and the dashboard opened in headless Chromium through a
stand-in ingress proxy that serves it under /api/hassio_ingress/<token>/. Everything on
loopback; the app's ingress settings (port, allow-list, output folder) are moved there with
NETSNAP_* variables, which sit above the app's presets."""
import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import NETSNAP, free_port, run_netsnap, wait_for, wait_listening
from homeassistant_standins import IngressProxy, SupervisorAPI
from pages_harness import browser, console_errors

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_SUB = shutil.which("mosquitto_sub") or "/usr/bin/mosquitto_sub"
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
TOKEN = "supervisor-token-0123456789abcdef"
OPTIONS = {"source": "sample", "interval_seconds": 5, "gateway_latency": False, "targets": [], "sweep": False,
           "redact": False, "verbose": False}


class PasswordBroker:
    """Mosquitto on a free loopback port that lets in only addons/`password`, as the Mosquitto app's service user."""

    def __init__(self, folder, password="s3cret-broker"):
        self.port, self.password = free_port(), password
        subprocess.run([MOSQUITTO_PASSWD, "-b", "-c", str(folder / "passwd"), "addons", password], check=True, capture_output=True)
        config = folder / "mosquitto.conf"
        # Run as root, mosquitto would become the mosquitto user, who cannot read a pytest folder.
        config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {folder / 'passwd'}\n"
                          f"user {getpass.getuser()}\npersistence false\nlog_dest none\n")
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def listening():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return True
            except OSError:
                return False
        wait_for(listening, 10, "mosquitto to listen")

    def retained(self, topic):
        result = subprocess.run([MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(self.port), "-u", "addons", "-P", self.password,
                                 "-t", topic, "--retained-only", "-W", "1", "-F", "%t\t%p"], capture_output=True, timeout=10)
        return dict(line.partition("\t")[::2] for line in result.stdout.decode().splitlines())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    @property
    def service(self):
        """The mqtt service's data as the Supervisor hands it out."""
        return {"host": "127.0.0.1", "port": self.port, "ssl": False, "protocol": "3.1.1", "username": "addons",
                "password": self.password, "addon": "core_mosquitto"}


class App:
    """netsnap homeassistant-app with `options` in tmp/data/options.json."""

    def __init__(self, tmp_path, options, api=None, token=TOKEN):
        data = tmp_path / "data"
        data.mkdir()
        (data / "options.json").write_text(json.dumps(options))
        self.port, self.data, self.output = free_port(), data, tmp_path / "output"
        environment = {name: value for name, value in os.environ.items() if not name.startswith(("NETSNAP_", "SUPERVISOR_"))}
        environment.update({"NETSNAP_SERVE_HOST": "127.0.0.1", "NETSNAP_SERVE_PORT": str(self.port),
                            "NETSNAP_SERVE_ALLOW_FROM": "127.0.0.1", "NETSNAP_OUTPUT": str(self.output),
                            "NETSNAP_PAGES_REFRESH_SECONDS": "2"})
        if token:
            environment["SUPERVISOR_TOKEN"] = token
        if api:
            environment["SUPERVISOR_API"] = api.base
        self.process = subprocess.Popen([str(NETSNAP), "homeassistant-app", "--options", str(data / "options.json")],
                                        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def __enter__(self):
        wait_listening(self.process, self.port)
        wait_for(lambda: (self.output / "index.html").exists(), 30, "the first cycle's outputs")
        return self

    def __exit__(self, *exception):
        self.stop()

    def stop(self):
        """Ends the app (SIGTERM, as the Supervisor stops it) and returns its exit status and log."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        if not hasattr(self, "log"):
            self.process.wait(timeout=15)
            self.log = self.process.stderr.read().decode()
        return self.process.returncode, self.log


@pytest.fixture
def broker(tmp_path):
    folder = tmp_path / "broker"
    folder.mkdir()
    running = PasswordBroker(folder)
    yield running
    running.stop()


def test_dashboard_through_ingress_and_state_to_the_supervisors_broker(tmp_path, broker):
    # A node id without mqtt_host goes with the Supervisor's broker.
    options = {**OPTIONS, "mqtt_node_id": "ha-node"}
    with SupervisorAPI(TOKEN, mqtt=broker.service) as api, App(tmp_path, options, api=api) as app, \
            IngressProxy(app.port) as proxy:
        driver = browser()
        try:
            driver.get(proxy.entry)
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
            assert "Home Wi-Fi" in driver.execute_script("return document.body.innerText")
            driver.execute_script("window.__samePage = true")
            fetched = len([seen for seen in proxy.requests() if seen["path"].endswith("/widgets.json")])
            wait_for(lambda: len([seen for seen in proxy.requests() if seen["path"].endswith("/widgets.json")]) >= fetched + 2,
                     15, "two refreshes of widgets.json through the proxy")
            assert driver.execute_script("return window.__samePage") is True, "the page reloaded instead of refreshing in place"
            assert not driver.execute_script("return document.documentElement.hasAttribute('data-unreachable')")
            assert console_errors(driver) == []
        finally:
            driver.quit()
        seen = proxy.requests()
        paths = {entry["path"][len(proxy.prefix):] for entry in seen}
        assert {"/", "/netsnap.css", "/live.js", "/netsnap.js", "/widgets.json"} <= paths, paths
        assert [entry for entry in seen if entry["status"] != 200] == [], "requests outside the prefix or failing"
        assert all(entry["location"] is None for entry in seen), "a redirect"
        wait_for(lambda: broker.retained("netsnap/ha-node/availability"), 20, "netsnap's retained availability")
    status, log = app.stop()
    assert status == 0, log
    assert broker.retained("netsnap/+/availability") == {"netsnap/ha-node/availability": "offline"}
    assert broker.retained("netsnap/ha-node/status")["netsnap/ha-node/status"] in ("online", "degraded", "offline")
    assert any(topic.startswith("homeassistant/") for topic in broker.retained("homeassistant/#"))
    assert api.requests == [{"path": "/services/mqtt", "authorization": f"Bearer {TOKEN}"}]
    assert f"MQTT: the Supervisor's broker 127.0.0.1:{broker.port} as addons" in log


def connect_from(source, port):
    """GET / from the loopback address `source`; returns the status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return connection.makefile("rb").readline().decode().strip()


def test_only_the_allowed_address_gets_in(tmp_path):
    with SupervisorAPI(TOKEN, status=400) as api, App(tmp_path, OPTIONS, api=api) as app:
        assert connect_from("127.0.0.1", app.port) == "HTTP/1.1 200 OK"
        assert connect_from("127.0.0.2", app.port) == "HTTP/1.1 403 Forbidden"
        with urllib.request.urlopen(f"http://127.0.0.1:{app.port}/healthz", timeout=5) as response:
            assert response.status == 200


@pytest.mark.parametrize("status", [400, 404])
def test_without_an_mqtt_service_it_runs_without_mqtt_and_says_so_once(tmp_path, status):
    with SupervisorAPI(TOKEN, status=status) as api, App(tmp_path, OPTIONS, api=api) as app:
        time.sleep(6)  # a second cycle: nothing asks again
        status_code, log = app.stop()
    assert status_code == 0, log
    assert len(api.requests) == 1
    assert log.count("homeassistant-app: no MQTT: the Supervisor has no mqtt service (Service") == 1, log


def test_an_mqtt_host_option_is_used_and_the_supervisor_not_asked(tmp_path, broker):
    options = {**OPTIONS, "mqtt_host": "127.0.0.1", "mqtt_port": broker.port, "mqtt_username": "addons",
               "mqtt_password": broker.password, "mqtt_node_id": "ha-test", "mqtt_topic_prefix": "lan/netsnap"}
    with SupervisorAPI(TOKEN, status=400) as api, App(tmp_path, options, api=api):
        wait_for(lambda: broker.retained("lan/netsnap/ha-test/availability") == {"lan/netsnap/ha-test/availability": "online"},
                 20, "the node's availability under the options' prefix and node id")
    assert api.requests == []


def test_without_a_token_it_runs_without_mqtt(tmp_path):
    with App(tmp_path, OPTIONS, token=None) as app:
        pass
    assert "no MQTT: no mqtt_host option and no SUPERVISOR_TOKEN" in app.log


@pytest.mark.parametrize("options, message", [
    ({**OPTIONS, "interval_seconds": "fast"}, 'interval_seconds: expected a number, found "fast"'),
    ({**OPTIONS, "interval_seconds": 0}, 'error: option interval_seconds: watch.intervalSeconds: expected a number from 1 to 86400, found "0"'),
    ({**OPTIONS, "source": "mac"}, 'source: expected gather or sample, found "mac"'),
    ({**OPTIONS, "mqtt_host": "127.0.0.1", "mqtt_port": 70000}, 'error: option mqtt_port: mqtt.port: expected an integer from 1 to 65535, found "70000"'),
    ({**OPTIONS, "targets": [{"name": "NAS", "kind": "ftp", "host": "nas.lan"}]}, "option targets: gather.targets"),
    ([1, 2], "expected a JSON object of options, found a list"),
])
def test_bad_options_exit_2_naming_the_option(tmp_path, options, message):
    (tmp_path / "options.json").write_text(json.dumps(options))
    result = run_netsnap("homeassistant-app", "--options", tmp_path / "options.json", check=False,
                         env={"NETSNAP_SERVE_PORT": str(free_port()), "SUPERVISOR_TOKEN": ""})
    assert result.returncode == 2, result.stderr
    assert message in result.stderr.decode()


def test_a_missing_options_file_exits_2(tmp_path):
    result = run_netsnap("homeassistant-app", "--options", tmp_path / "none.json", check=False)
    assert result.returncode == 2
    assert "none.json: cannot be read (the Supervisor writes the app's options there)" in result.stderr.decode()
