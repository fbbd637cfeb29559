"""Several netsnaps on one broker. Two that share a host name (two Pis both called
`raspberrypi`) each keep their own MQTT connection, because the client id carries an id made
once per installation and kept in its state folder; each logs the other as a clash, naming
its host, every time it is heard. And a netsnap that cannot start (its HTTP port taken) never
connects, so it cannot kick the running one or say `offline` for it."""
import json
import re
import subprocess
import time

from conftest import NETSNAP, free_port, wait_for
from test_push_cli import MOSQUITTO, MOSQUITTO_SUB


class LoggingBroker:
    """Mosquitto on a free loopback port that logs every connection to a file read by the test."""

    def __init__(self, folder):
        self.port = free_port()
        self.log = folder / "mosquitto.log"
        config = folder / "mosquitto.conf"
        config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                          "log_dest stderr\nlog_type all\nconnection_messages true\n")
        # stderr, not a log file: mosquitto started as root drops to its own user, who cannot write here.
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=open(self.log, "wb"))
        wait_for(lambda: self.log.exists() and "running" in self.log.read_text(), 10, "mosquitto to start")

    def text(self):
        return self.log.read_text(errors="replace")

    def retained(self, topic):
        result = subprocess.run(
            [MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "--retained-only", "-W", "1", "-F", "%t\t%p"],
            capture_output=True, timeout=10)
        return dict(line.partition("\t")[::2] for line in result.stdout.decode().splitlines())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def start_netsnap(folder, port, command=("watch",), extra=()):
    folder.mkdir(exist_ok=True)
    (folder / "netsnap.yml").write_text(
        f"mqtt:\n  host: 127.0.0.1\n  port: {port}\n  nodeId: raspberrypi\n  keepAliveSeconds: 5\n")
    return subprocess.Popen(
        [str(NETSNAP), *command, "--sample", "--config", str(folder / "netsnap.yml"), "--output", str(folder / "out"),
         "--state", str(folder / "state"), "--interval", "1", *extra],
        stdout=subprocess.DEVNULL, stderr=open(folder / "netsnap.log", "wb"))


def stop_all(processes, broker):
    for process in processes:
        process.kill()
        process.wait(timeout=30)
    broker.stop()


def test_two_installations_with_one_node_id_both_stay_connected_and_log_the_clash(tmp_path):
    broker = LoggingBroker(tmp_path)
    watches = []
    try:
        for name in ("pi-a", "pi-b"):
            watches.append(start_netsnap(tmp_path / name, broker.port))
        connected = lambda: set(re.findall(r"New client connected from \S+ as (netsnap-raspberrypi-[0-9a-f]{8})", broker.text()))
        ids = wait_for(lambda: (lambda found: found if len(found) == 2 else None)(connected()), 30, "both clients")
        logs = [tmp_path / name / "netsnap.log" for name in ("pi-a", "pi-b")]
        clash = "another netsnap publishes with the same node id"
        # Every time, not once: with a cycle a second, each logs the other again and again.
        wait_for(lambda: all(log.read_text(errors="replace").count(clash) >= 3 for log in logs), 30, "repeated clash errors in both logs")
        time.sleep(3)
        text = broker.text()
        assert "already connected" not in text, "the broker closed one to admit the other"
        assert len(re.findall(r"New client connected", text)) == 2, "each connected once and stayed"
        assert all(watch.poll() is None for watch in watches)
        for log in logs:
            lines = [line for line in log.read_text(errors="replace").splitlines() if clash in line]
            assert all("otherHost=" in line and "otherInstallation=" in line for line in lines), lines[0]
        installations = {name: (tmp_path / name / "state" / "installation-id").read_text().strip() for name in ("pi-a", "pi-b")}
        assert f"otherInstallation={installations['pi-b']}" in logs[0].read_text()
        assert f"otherInstallation={installations['pi-a']}" in logs[1].read_text()
        # The id is the installation's: the same after a restart.
        assert {"netsnap-raspberrypi-" + part for part in installations.values()} == ids
        owner = json.loads(broker.retained("netsnap/raspberrypi/owner")["netsnap/raspberrypi/owner"])
        assert owner["installationId"] in installations.values() and owner["pid"] > 0
    finally:
        stop_all(watches, broker)


def test_a_lone_netsnap_logs_no_clash_and_a_retired_owner_is_no_clash(tmp_path):
    broker = LoggingBroker(tmp_path)
    first = start_netsnap(tmp_path / "old", broker.port)
    processes = [first]
    try:
        wait_for(lambda: "netsnap/raspberrypi/owner" in broker.retained("netsnap/raspberrypi/owner"), 30, "the first owner")
        first.terminate()
        first.wait(timeout=30)
        # Its successor (a new installation) finds the old announcement kept: a note, not an error.
        successor = start_netsnap(tmp_path / "new", broker.port)
        processes.append(successor)
        log = tmp_path / "new" / "netsnap.log"
        wait_for(lambda: "last announced by another netsnap" in log.read_text(errors="replace"), 30, "the note")
        time.sleep(4)
        assert "same node id" not in log.read_text(errors="replace")
        # Its own restart finds its own earlier announcement: not even a note.
        successor.terminate()
        successor.wait(timeout=30)
        again = start_netsnap(tmp_path / "new", broker.port)
        processes.append(again)
        wait_for(lambda: "mqtt connected" in log.read_text(errors="replace"), 30, "the restart connected")
        time.sleep(3)
        assert "another netsnap" not in log.read_text(errors="replace")
    finally:
        stop_all(processes, broker)


def test_serve_whose_port_is_taken_never_connects(tmp_path):
    broker = LoggingBroker(tmp_path)
    http_port = free_port()
    running = start_netsnap(tmp_path / "running", broker.port, command=("serve", "--watch"), extra=("--port", str(http_port)))
    processes = [running]
    try:
        wait_for(lambda: broker.retained("netsnap/raspberrypi/availability").get("netsnap/raspberrypi/availability") == "online",
                 30, "the running instance online")
        wait_for(lambda: " as netsnap-" in broker.text(), 10, "its connection in the broker's log")
        second = start_netsnap(tmp_path / "second", broker.port, command=("serve", "--watch"), extra=("--port", str(http_port)))
        processes.append(second)
        assert second.wait(timeout=60) == 5, "a taken port ends the second instance (exit 5)"
        said = (tmp_path / "second" / "netsnap.log").read_text(errors="replace")
        assert f"cannot listen on 127.0.0.1:{http_port}" in said and "in use" in said, said
        assert not (tmp_path / "second" / "out" / "widgets.json").exists(), "it failed before running a watch cycle"
        time.sleep(2)
        assert len(re.findall(r"New client connected from \S+ as netsnap-", broker.text())) == 1, "the second one never connected"
        assert broker.retained("netsnap/raspberrypi/availability") == {"netsnap/raspberrypi/availability": "online"}
        assert running.poll() is None
        assert "same node id" not in (tmp_path / "running" / "netsnap.log").read_text(errors="replace")
    finally:
        stop_all(processes, broker)


def test_a_watch_whose_state_folder_is_locked_never_connects(tmp_path):
    broker = LoggingBroker(tmp_path)
    running = start_netsnap(tmp_path / "site", broker.port)
    processes = [running]
    try:
        wait_for(lambda: broker.retained("netsnap/raspberrypi/availability").get("netsnap/raspberrypi/availability") == "online",
                 30, "the running instance online")
        # The same state folder (and so the same installation and client id), a second time.
        second = subprocess.Popen(
            [str(NETSNAP), "watch", "--sample", "--config", str(tmp_path / "site" / "netsnap.yml"), "--output",
             str(tmp_path / "other-out"), "--state", str(tmp_path / "site" / "state"), "--interval", "1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        processes.append(second)
        assert second.wait(timeout=60) != 0
        assert b"state" in second.stderr.read()
        time.sleep(2)
        assert len(re.findall(r"New client connected from \S+ as netsnap-", broker.text())) == 1
        assert "already connected" not in broker.text()
        assert broker.retained("netsnap/raspberrypi/availability") == {"netsnap/raspberrypi/availability": "online"}
    finally:
        stop_all(processes, broker)


def test_the_survivor_of_a_clash_says_online_again_and_forget_refuses_while_it_runs(tmp_path):
    """Two installations with one node id; the user stops one (SIGTERM: it says `offline`),
    then one is killed (its last will says `offline`): the one still running says `online`
    again at once, and `mqtt forget` refuses while it runs, naming its host."""
    broker = LoggingBroker(tmp_path)
    processes = [start_netsnap(tmp_path / name, broker.port) for name in ("pi-a", "pi-b", "pi-c")]
    availability = "netsnap/raspberrypi/availability"
    online = lambda: broker.retained(availability).get(availability) == "online"
    try:
        wait_for(lambda: all("mqtt connected" in (tmp_path / n / "netsnap.log").read_text(errors="replace")
                             for n in ("pi-a", "pi-b", "pi-c")), 30, "all three connected")
        wait_for(online, 30, "the node online")
        processes[0].terminate()
        assert processes[0].wait(timeout=30) == 0
        # Within a cycle (1 s here): the retained state is online again, said by a survivor. The
        # wait allows a few cycles: on a CI machine busy with other tests 2 s once fell short.
        wait_for(online, 6, "a survivor said online again")
        # The survivor logs right after it published: on a busy machine the line may lag the message.
        survivors_log = lambda: "".join((tmp_path / n / "netsnap.log").read_text(errors="replace") for n in ("pi-b", "pi-c"))
        wait_for(lambda: "said online again" in survivors_log(), 10, "the survivor saying it said online again")
        processes[1].kill()
        processes[1].wait(timeout=30)
        time.sleep(12)  # keep-alive 5 s: the broker sends the killed one's will within 7.5 s
        assert online(), "the will of the killed one did not darken the survivor"
        refused = subprocess.run([str(NETSNAP), "mqtt", "forget", "--config", str(tmp_path / "pi-a" / "netsnap.yml")],
                                 capture_output=True, text=True, timeout=60)
        assert refused.returncode == 1 and "is online" in refused.stderr, refused.stderr
        assert broker.retained("netsnap/raspberrypi/owner"), "nothing cleared while refused"
        processes[2].terminate()
        processes[2].wait(timeout=30)
        done = subprocess.run([str(NETSNAP), "mqtt", "forget", "--config", str(tmp_path / "pi-a" / "netsnap.yml")],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert broker.retained("netsnap/raspberrypi/#") == {}
    finally:
        stop_all([p for p in processes if p.poll() is None], broker)
