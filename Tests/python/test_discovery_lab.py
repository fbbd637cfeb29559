"""`watch --discover` and `serve.advertise` over real mDNS, inside network namespaces this
test builds (avahi_lab.sh): two hosts on a veth pair, each with its own avahi-daemon and
D-Bus, never the host's interfaces. Needs root and `ip netns`; elsewhere it skips."""
import json
import os
import pathlib
import random
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest

from conftest import NETSNAP

LAB = pathlib.Path(__file__).with_name("avahi_lab.sh")
AGENT = pathlib.Path(__file__).with_name("netmon_agent.py")
A_ADDRESS, B_ADDRESS = "10.78.0.1", "10.78.0.2"


def lab_permitted():
    if os.geteuid() != 0:
        return "needs root for network namespaces"
    missing = [tool for tool in ("ip", "unshare", "dbus-daemon", "avahi-daemon", "avahi-publish", "avahi-browse") if not shutil.which(tool)]
    return f"missing {', '.join(missing)} (scripts/setup.sh installs them)" if missing else None


pytestmark = pytest.mark.skipif(lab_permitted() is not None, reason=lab_permitted() or "")


class Lab:
    def __init__(self):
        self.prefix = "av%04x" % random.randrange(0x10000)
        self.work = pathlib.Path(tempfile.mkdtemp(prefix=f"netsnap-{self.prefix}-"))
        self.processes = []
        result = subprocess.run(["bash", str(LAB), "up", self.prefix, str(self.work)], capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            self.down()
            pytest.fail(f"avahi_lab.sh up failed: {result.stderr}")

    def env(self, side):
        return {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={self.work / side / 'bus'}"}

    def command(self, side, *args):
        return ["ip", "netns", "exec", f"{self.prefix}-{side}", *map(str, args)]

    def start(self, side, *args, log=None):
        """A background process in the namespace, ended at teardown."""
        out = open(log, "wb") if log else subprocess.DEVNULL
        process = subprocess.Popen(self.command(side, *args), env=self.env(side), stdout=out, stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process

    def run(self, side, *args, timeout=60):
        return subprocess.run(self.command(side, *args), env=self.env(side), capture_output=True, text=True, timeout=timeout)

    def publish_agent(self, name, port, ssid):
        """An agent on host a, announced as `name`; returns once the name is established."""
        self.start("a", "python3", AGENT, A_ADDRESS, port, ssid)
        log = self.work / f"publish-{port}.log"
        self.start("a", "avahi-publish", "-s", name, "_netmon._tcp", port, log=log)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if "Established" in log.read_text(errors="replace"):
                return
            time.sleep(0.1)
        pytest.fail(f"avahi-publish did not establish {name}: {log.read_text()}")

    def stop_processes(self):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes = []

    def down(self):
        self.stop_processes()
        subprocess.run(["bash", str(LAB), "down", self.prefix, str(self.work)], capture_output=True, timeout=60)
        shutil.rmtree(self.work, ignore_errors=True)


@pytest.fixture(scope="module")
def lab():
    lab = Lab()
    print(f"avahi lab {lab.prefix} is up: these tests ran in network namespaces")
    yield lab
    lab.down()


@pytest.fixture
def agents(lab):
    yield lab
    # Each test announces its own agents; withdraw them so the next one starts clean.
    lab.stop_processes()
    time.sleep(1.5)


def watch_discover(lab, tmp_path, *discover):
    config = tmp_path / "netsnap.yml"
    config.write_text("watch:\n  intervalSeconds: 1\ntiles:\n  enabled: false\n")
    output = tmp_path / "out"
    result = lab.run("b", NETSNAP, "watch", "--discover", *discover, "--cycles", 3, "--config", config, "--output", output,
                     "--state", tmp_path / "state")
    summary = json.loads((output / "summary.json").read_text()) if (output / "summary.json").exists() else None
    return result, summary


def test_discover_connects_to_the_only_agent(agents, tmp_path):
    agents.publish_agent("Lab Mac", 9000, "Lab Wi-Fi")
    result, summary = watch_discover(agents, tmp_path)
    assert result.returncode == 0, result.stderr
    assert summary["networkName"] == "Lab Wi-Fi" and summary["stale"] is False
    assert "“Lab Mac”" in result.stderr and f"{A_ADDRESS}:9000" in result.stderr


def test_discover_names_every_agent_when_several_answer_and_none_is_named(agents, tmp_path):
    agents.publish_agent("Lab Mac", 9000, "Lab Wi-Fi")
    agents.publish_agent("Studio Mac", 9001, "Studio Wi-Fi")
    result, summary = watch_discover(agents, tmp_path)
    assert result.returncode == 6, result.stderr
    assert "several NetMonitor agents" in result.stderr
    assert "“Lab Mac”" in result.stderr and "“Studio Mac”" in result.stderr and "--discover NAME" in result.stderr
    assert summary is None


def test_discover_by_name_picks_that_agent_in_any_case(agents, tmp_path):
    agents.publish_agent("Lab Mac", 9000, "Lab Wi-Fi")
    agents.publish_agent("Studio Mac", 9001, "Studio Wi-Fi")
    result, summary = watch_discover(agents, tmp_path, "studio mac")
    assert result.returncode == 0, result.stderr
    assert summary["networkName"] == "Studio Wi-Fi"


def test_discover_an_unknown_name_exits_6_and_says_what_answered(agents, tmp_path):
    agents.publish_agent("Lab Mac", 9000, "Lab Wi-Fi")
    result, _ = watch_discover(agents, tmp_path, "Kitchen Mac")
    assert result.returncode == 6
    assert "no NetMonitor agent named “Kitchen Mac”" in result.stderr and "“Lab Mac”" in result.stderr


def test_discover_without_any_agent_exits_6(agents, tmp_path):
    result, _ = watch_discover(agents, tmp_path)
    assert result.returncode == 6
    assert "no NetMonitor agent (_netmon._tcp) answered" in result.stderr


def serve_in_b(lab, tmp_path, env_side="b"):
    config = tmp_path / "serve.yml"
    config.write_text(f"serve:\n  host: {B_ADDRESS}\n  port: 8080\n  advertise: true\n  advertiseName: Lab Dashboard\n")
    output = tmp_path / "out"
    output.mkdir()
    (output / "index.html").write_text("<!doctype html><title>lab dashboard</title>")
    log = tmp_path / "serve.log"
    command = lab.command("b", NETSNAP, "serve", "--config", config, "--output", output)
    env = lab.env(env_side) if env_side else {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={tmp_path / 'no-bus'}"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=open(log, "wb"))
    lab.processes.append(process)
    return log


def fetch_from_a(lab, url):
    script = f"import urllib.request; print(urllib.request.urlopen({url!r}, timeout=5).read().decode())"
    return lab.run("a", "python3", "-c", script, timeout=20)


def test_serve_advertises_the_dashboard_and_a_tablet_finds_and_opens_it(agents, tmp_path):
    log = serve_in_b(agents, tmp_path)
    deadline = time.monotonic() + 20
    found = []
    while time.monotonic() < deadline and not found:
        browse = agents.run("a", "avahi-browse", "-rpt", "_http._tcp", timeout=20)
        found = [line.split(";") for line in browse.stdout.splitlines() if line.startswith("=") and "Lab\\032Dashboard" in line]
        time.sleep(0.5)
    assert found, f"not advertised; serve log:\n{log.read_text()}"
    fields = found[0]
    address, port, txt = fields[7], fields[8], fields[9]
    assert (address, port) == (B_ADDRESS, "8080")
    assert '"path=/"' in txt
    page = fetch_from_a(agents, f"http://{address}:{port}/")
    assert page.returncode == 0 and "lab dashboard" in page.stdout, page.stderr
    assert "advertised on the LAN" in log.read_text()


def test_serve_without_avahi_daemon_warns_and_serves_on(agents, tmp_path):
    log = serve_in_b(agents, tmp_path, env_side=None)
    deadline = time.monotonic() + 20
    page = None
    while time.monotonic() < deadline:
        page = fetch_from_a(agents, f"http://{B_ADDRESS}:8080/")
        if page.returncode == 0:
            break
        time.sleep(0.5)
    assert page.returncode == 0 and "lab dashboard" in page.stdout
    text = log.read_text()
    assert "serve.advertise: not advertised; serving goes on" in text and "no avahi-daemon is running" in text
