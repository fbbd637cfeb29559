"""`netsnap health`, the container image's HEALTHCHECK: 0 against a healthy server, 1 with one
line on stderr saying why otherwise (refused, no answer in time, a failing status)."""
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import NETSNAP, free_port, run_netsnap, wait_for


@pytest.fixture
def server(tmp_path):
    """Starts `netsnap serve` with args on a free loopback port; yields its port; stops it after."""
    processes = []

    def _start(*args):
        port = free_port()
        process = subprocess.Popen(
            [str(NETSNAP), "serve", "--port", str(port), *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        processes.append(process)

        def listening():
            if process.poll() is not None:
                pytest.fail(f"serve exited: {process.stderr.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return True
            except OSError:
                return False

        wait_for(listening, 30, "serve to listen")
        return port

    yield _start
    for process in processes:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def healthz_status(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def health(*args):
    return run_netsnap("health", *args, check=False)


def test_healthy_server_exits_0(server, tmp_path):
    port = server("--watch", "--sample", "--output", tmp_path / "out", "--state", tmp_path / "state")
    wait_for(lambda: healthz_status(port) == 200, 30, "the first cycle")
    result = health("--url", f"http://127.0.0.1:{port}/healthz")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == b"" and result.stderr == b""


def test_closed_port_exits_1_with_one_line():
    url = f"http://127.0.0.1:{free_port()}/healthz"
    result = health("--url", url)
    assert result.returncode == 1
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and url in lines[0] and "connection refused" in lines[0], lines


def test_failing_status_exits_1_with_the_reason(server, tmp_path):
    # Plain serve over a folder nothing was rendered into: /healthz is 503.
    (tmp_path / "empty").mkdir()
    port = server("--output", tmp_path / "empty")
    assert healthz_status(port) == 503
    result = health("--url", f"http://127.0.0.1:{port}/healthz")
    assert result.returncode == 1
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and "status 503" in lines[0], lines


def test_silent_server_times_out():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        started = time.monotonic()
        result = health("--url", f"http://127.0.0.1:{port}/healthz", "--timeout", "0.5")
        elapsed = time.monotonic() - started
    assert result.returncode == 1
    assert "no answer within 0.5 s" in result.stderr.decode()
    assert elapsed < 3


@pytest.mark.parametrize("url", ["https://127.0.0.1/healthz", "127.0.0.1:8080", "http://:80/", "http://host:99999/"])
def test_unusable_url_is_a_usage_error(url):
    result = health("--url", url)
    assert result.returncode == 2, result.stderr.decode()
