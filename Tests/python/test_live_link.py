"""The NetMonitor live link (`watch --connect`) against an agent of our own on loopback:
the real binary, the real TCP connection, the agent restarting, going silent, sending
garbage and sending an endless line."""
import json
import os
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from conftest import NETSNAP, wait_for
from netmon_agent import Agent, status_line

FRESHNESS = 3




def peak_rss_kb(pid):
    """The process's peak resident memory so far (kB)."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


class Watch:
    """`netsnap watch --connect` on the agent, with short windows."""

    def __init__(self, tmp_path, port, keepalive=0.5, freshness=FRESHNESS):
        self.output = tmp_path / "out"
        config = tmp_path / "netsnap.yml"
        config.write_text(
            f"freshnessSeconds: {freshness}\nwatch:\n  intervalSeconds: 1\nsource:\n  keepaliveSeconds: {keepalive}\n"
            "tiles:\n  enabled: false\n")
        self.stderr_path = tmp_path / "watch.log"
        self.stderr = open(self.stderr_path, "wb")
        self.process = subprocess.Popen(
            [str(NETSNAP), "watch", "--connect", f"127.0.0.1:{port}", "--config", str(config), "--output", str(self.output),
             "--state", str(tmp_path / "state")],
            stdout=subprocess.DEVNULL, stderr=self.stderr)

    def summary(self):
        try:
            return json.loads((self.output / "summary.json").read_text())
        except (OSError, ValueError):
            return None

    def event_titles(self):
        try:
            return [item["title"] for item in json.loads((self.output / "feed.json").read_text())["items"]]
        except (OSError, ValueError, KeyError):
            return []

    def log(self):
        return self.stderr_path.read_text(errors="replace")

    def peak_rss_kb(self):
        return peak_rss_kb(self.process.pid)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.close()


@pytest.fixture
def agent():
    agent = Agent()
    yield agent
    agent.stop()


@pytest.fixture
def watch(tmp_path, agent):
    if not NETSNAP.exists():
        pytest.fail(f"{NETSNAP} is missing: run `swift build` first")
    watch = Watch(tmp_path, agent.port)
    yield watch
    watch.stop()


@pytest.fixture
def patient_watch(tmp_path, agent):
    """A watch whose silence window (30 s) outlasts any send on a busy machine, so only the line bound can drop."""
    if not NETSNAP.exists():
        pytest.fail(f"{NETSNAP} is missing: run `swift build` first")
    watch = Watch(tmp_path, agent.port, freshness=30)
    yield watch
    watch.stop()


def ssid_is(watch, ssid):
    summary = watch.summary()
    return summary is not None and summary.get("networkName") == ssid and summary.get("stale") is False


def test_first_connect_asks_for_the_status_and_folds_it(agent, watch):
    wait_for(lambda: agent.count() >= 1 and agent.latest().lines, 15, "netsnap to connect and speak")
    assert agent.latest().lines[0] == {"type": "requestStatus"}
    wait_for(lambda: ssid_is(watch, "Link Lab"), 15, "the agent's status in summary.json")
    summary = watch.summary()
    assert summary["targetsTotal"] == 1 and summary["targetsOnline"] == 1
    widgets = json.loads((watch.output / "widgets.json").read_text())
    assert "NAS" in json.dumps(widgets)


def test_keepalive_pings_arrive_every_keepalive(agent, watch):
    wait_for(lambda: agent.count() >= 1 and agent.latest().lines, 15, "netsnap to connect")
    connection = agent.latest()
    start = time.monotonic()
    wait_for(lambda: sum(1 for m in connection.lines if m == {"type": "ping"}) >= 4, 10, "four pings")
    elapsed = time.monotonic() - start
    # Four pings at 0.5 s take about 2 s (after the connection's first half second).
    assert 1.0 <= elapsed + 0.5 <= 6, elapsed
    assert all(m in ({"type": "requestStatus"}, {"type": "ping"}) for m in connection.lines)
    assert agent.count() == 1


def test_agent_restarting_is_reconnected_and_reported_lost_then_back(tmp_path, agent, watch):
    wait_for(lambda: ssid_is(watch, "Link Lab"), 20, "the first status")
    port = agent.port
    agent.stop()
    # Down past the freshness window: the source is lost.
    wait_for(lambda: "Source lost" in watch.event_titles(), FRESHNESS + 10, "a Source lost event")
    assert watch.summary()["stale"] is True
    assert "live link down" in watch.log()
    restarted = Agent(port=port, ssid="After Restart")
    try:
        wait_for(lambda: ssid_is(watch, "After Restart"), 20, "the restarted agent's status")
        assert restarted.latest().lines[0] == {"type": "requestStatus"}
        wait_for(lambda: "Source back" in watch.event_titles(), 10, "a Source back event")
        titles = watch.event_titles()
        assert titles.count("Source lost") == 1 and titles.count("Source back") == 1
    finally:
        restarted.stop()


def test_silent_agent_is_lost_after_the_freshness_window_and_the_connection_renewed(agent, watch):
    wait_for(lambda: ssid_is(watch, "Link Lab"), 20, "the first status")
    agent.answer_pings = False
    agent.answer_requests = False
    first = agent.latest()
    wait_for(lambda: "Source lost" in watch.event_titles(), FRESHNESS + 10, "a Source lost event")
    # The connection is still up but silent; netsnap pings on and, past the window, drops it.
    assert any(m == {"type": "ping"} for m in first.lines)
    wait_for(lambda: first.closed.is_set(), FRESHNESS + 10, "netsnap to drop the silent connection")
    assert "nothing received for 3 s" in watch.log()
    agent.answer_pings = True
    agent.answer_requests = True
    wait_for(lambda: "Source back" in watch.event_titles(), 20, "a Source back event")
    assert agent.count() >= 2


def test_garbage_lines_are_skipped_and_the_connection_kept(agent, watch):
    wait_for(lambda: ssid_is(watch, "Link Lab"), 20, "the first status")
    connection = agent.latest()
    connection.send(b"this is not json\n{\"type\":\"statusUpdate\",\"payload\":{\"connectionType\":\"warp\"}}\n\xff\xfe\x00\n")
    agent.ssid = "After Garbage"
    connection.send(status_line("After Garbage"))
    wait_for(lambda: ssid_is(watch, "After Garbage"), 15, "the status sent after the garbage")
    assert agent.count() == 1 and not connection.closed.is_set()
    log = watch.log()
    assert log.count("skipped malformed message") >= 3
    assert "connectionType" in log


def test_an_endless_line_drops_the_connection_memory_stays_bounded_and_it_reconnects(agent, patient_watch):
    watch = patient_watch
    wait_for(lambda: ssid_is(watch, "Link Lab"), 20, "the first status")
    # No answers to pings from now on: they would end the endless line.
    agent.answer_pings = False
    time.sleep(2)
    before = watch.peak_rss_kb()
    connection = agent.latest()
    chunk = b"x" * (1 << 20)
    sent = 0
    while sent < 256 << 20 and connection.send(chunk):
        sent += len(chunk)
    # netsnap closed the connection near the 16 MiB bound (kernel buffers hold a few MB more).
    assert sent < 64 << 20, f"sent {sent >> 20} MiB before the connection dropped"
    wait_for(lambda: agent.count() >= 2, 15, "a new connection")
    wait_for(lambda: agent.latest().lines and agent.latest().lines[0] == {"type": "requestStatus"}, 10, "the status request")
    # The log line may follow the reconnection on a busy machine; it must come.
    wait_for(lambda: "a line longer than 16 MiB" in watch.log(), 10, "the dropped line said in the log")
    assert "skipped malformed message" not in watch.log()
    grown_mb = (watch.peak_rss_kb() - before) / 1024
    assert grown_mb < 80, f"peak memory grew by {grown_mb:.0f} MB"
    print(f"endless line: dropped after {sent >> 20} MiB sent; peak RSS {before // 1024} MB before, grew {grown_mb:.1f} MB")
    agent.answer_pings = True
    wait_for(lambda: ssid_is(watch, "Link Lab"), 15, "data flowing again")


def test_discover_without_avahi_daemon_says_so_and_exits_6(tmp_path):
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={tmp_path / 'no-bus'}"}
    result = subprocess.run(
        [str(NETSNAP), "watch", "--discover", "--cycles", "1", "--output", str(tmp_path / "out"), "--state", str(tmp_path / "state")],
        capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 6
    assert "no avahi-daemon is running" in result.stderr and "--connect HOST:PORT" in result.stderr
    assert not (tmp_path / "out").exists()


def test_connect_refuses_a_malformed_address(tmp_path):
    result = subprocess.run([str(NETSNAP), "watch", "--connect", "mac.lan"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--connect expects HOST:PORT" in result.stderr


def test_standard_input_skips_a_line_longer_than_the_bound_and_memory_stays_bounded(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("watch:\n  intervalSeconds: 1\ntiles:\n  enabled: false\n")
    output = tmp_path / "out"
    log = tmp_path / "watch.log"
    process = subprocess.Popen(
        [str(NETSNAP), "watch", "--messages", "-", "--config", str(config), "--output", str(output), "--state", str(tmp_path / "state")],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=open(log, "wb"))
    try:
        process.stdin.write(status_line("Before").encode())
        process.stdin.flush()
        wait_for(lambda: (output / "summary.json").exists() and "Before" in (output / "summary.json").read_text(), 20, "the first status")
        time.sleep(1)
        before = peak_rss_kb(process.pid)
        chunk = b"x" * (1 << 20)
        for _ in range(64):
            process.stdin.write(chunk)
        process.stdin.write(b"\n" + status_line("After").encode())
        process.stdin.flush()
        wait_for(lambda: "After" in (output / "summary.json").read_text(), 30, "the status after the long line")
        grown_mb = (peak_rss_kb(process.pid) - before) / 1024
        assert grown_mb < 48, f"peak memory grew by {grown_mb:.0f} MB for a 64 MB line"
        text = log.read_text()
        assert text.count("skipped a line longer than the bound") == 1
        assert "skipped malformed message" not in text
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(timeout=15)


def test_serve_watch_connect_serves_what_the_agent_sends(tmp_path, agent):
    """`serve --watch --connect`: the loop follows the agent and the server (on loopback)
    answers with its data."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "netsnap.yml"
    config.write_text("watch:\n  intervalSeconds: 1\nsource:\n  keepaliveSeconds: 0.5\ntiles:\n  enabled: false\n")
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [str(NETSNAP), "serve", "--watch", "--connect", f"127.0.0.1:{agent.port}", "--port", str(port), "--config", str(config),
         "--output", str(tmp_path / "out"), "--state", str(tmp_path / "state")],
        stdout=subprocess.DEVNULL, stderr=open(log, "wb"))

    def served_ssid():
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/summary.json", timeout=2) as response:
                return json.loads(response.read()).get("networkName")
        except (OSError, ValueError):
            return None

    try:
        wait_for(lambda: served_ssid() == "Link Lab", 30, f"the agent's network from the server; log:\n{log.read_text()}")
        assert agent.latest().lines[0] == {"type": "requestStatus"}
    finally:
        process.terminate()
        process.wait(timeout=15)
    assert process.returncode == 0, log.read_text()
