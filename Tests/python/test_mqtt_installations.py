"""Two netsnaps that share a host name (two Pis both called `raspberrypi`) on one broker:
each keeps its own MQTT connection, because the client id carries an id made once per
installation and kept in its state folder."""
import re
import subprocess
import time

from conftest import NETSNAP, free_port, wait_for
from test_push_cli import MOSQUITTO


def test_two_installations_with_one_node_id_both_stay_connected(tmp_path):
    port = free_port()
    log = tmp_path / "mosquitto.log"
    config = tmp_path / "mosquitto.conf"
    config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                      "log_dest stderr\nlog_type all\nconnection_messages true\n")
    # stderr, not a log file: mosquitto started as root drops to its own user, who cannot write here.
    broker = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=open(log, "wb"))
    watches = []
    try:
        wait_for(lambda: log.exists() and "running" in log.read_text(), 10, "mosquitto to start")
        for name in ("pi-a", "pi-b"):
            folder = tmp_path / name
            folder.mkdir()
            (folder / "netsnap.yml").write_text(
                f"mqtt:\n  host: 127.0.0.1\n  port: {port}\n  nodeId: raspberrypi\n  keepAliveSeconds: 5\n")
            watches.append(subprocess.Popen(
                [str(NETSNAP), "watch", "--sample", "--config", str(folder / "netsnap.yml"), "--output", str(folder / "out"),
                 "--state", str(folder / "state"), "--interval", "1"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        connected = lambda: set(re.findall(r"New client connected from \S+ as (netsnap-raspberrypi-[0-9a-f]{8})", log.read_text()))
        ids = wait_for(lambda: (lambda found: found if len(found) == 2 else None)(connected()), 30, "both clients")
        time.sleep(6)
        text = log.read_text()
        assert "already connected" not in text, "the broker closed one to admit the other"
        assert len(re.findall(r"New client connected", text)) == 2, "each connected once and stayed"
        assert all(watch.poll() is None for watch in watches)
        # The id is the installation's: the same after a restart.
        kept = {(tmp_path / name / "state" / "installation-id").read_text().strip() for name in ("pi-a", "pi-b")}
        assert {"netsnap-raspberrypi-" + part for part in kept} == ids
    finally:
        for watch in watches:
            watch.kill()
            watch.wait(timeout=30)
        broker.terminate()
        broker.wait(timeout=10)
