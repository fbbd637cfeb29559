"""`netsnap mqtt forget` against a real Mosquitto on loopback: a retired netsnap's discovery
configs and retained states go, another node's stay, and a node that is still online is
refused unless --force."""
import shutil
import signal
import subprocess

from conftest import NETSNAP, run_netsnap, wait_for
from test_push_cli import Broker, Watch, broker, mqtt_config, watches  # noqa: F401 (fixtures)


def complete(broker, node):
    retained = broker.retained()
    return retained.get(f"netsnap/{node}/availability") == "online" and any(
        topic.startswith(f"homeassistant/") and f"/{node}/" in topic for topic in retained)


def node_topics(retained, node):
    return sorted(t for t in retained if t.startswith(f"netsnap/{node}/") or t.split("/")[2:3] == [node])


def test_forget_clears_only_the_retired_node(tmp_path, broker, watches):
    folders = {node: tmp_path / node for node in ("old-pi", "keep-pi")}
    for node, folder in folders.items():
        folder.mkdir()
        watches.append(Watch(folder, mqtt_config(broker, node), sample=True).start())
    wait_for(lambda: complete(broker, "old-pi") and complete(broker, "keep-pi"), 60, "both nodes on the broker")
    config = folders["old-pi"] / "netsnap.yml"

    refused = run_netsnap("mqtt", "forget", "--config", str(config), check=False)
    assert refused.returncode == 1 and b"online" in refused.stderr
    assert node_topics(broker.retained(), "old-pi"), "nothing cleared while refused"

    watches[0].stop(signal.SIGTERM)
    wait_for(lambda: broker.retained().get("netsnap/old-pi/availability") == "offline", 20, "old-pi offline")
    before = node_topics(broker.retained(), "old-pi")
    assert before
    assert "netsnap/old-pi/owner" in before and any(t.startswith("homeassistant/") for t in before)
    kept = node_topics(broker.retained(), "keep-pi")

    done = run_netsnap("mqtt", "forget", "--node", "old-pi", "--config", str(folders["keep-pi"] / "netsnap.yml"))
    assert f"cleared {len(before)} retained topics" in done.stdout.decode()
    after = broker.retained()
    assert node_topics(after, "old-pi") == []
    assert set(kept) <= set(after), "the other node keeps its topics"


def test_forget_force_clears_an_online_node_and_bad_input_is_refused(tmp_path, broker, watches):
    watches.append(Watch(tmp_path, mqtt_config(broker, "busy-pi"), sample=True).start())
    wait_for(lambda: complete(broker, "busy-pi"), 60, "the node on the broker")
    config = tmp_path / "netsnap.yml"
    watches[0].stop(signal.SIGKILL)
    wait_for(lambda: broker.retained().get("netsnap/busy-pi/availability") == "offline", 20, "the last will")
    # A big retained message (a site's snapshot of many devices) is cleared like any other.
    subprocess.run([shutil.which("mosquitto_pub") or "/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", str(broker.port), "-r",
                    "-q", "1", "-t", "netsnap/busy-pi/snapshot", "-s"], input=b"x" * 300_000, check=True, timeout=10)
    assert "netsnap/busy-pi/snapshot" in broker.retained()
    assert run_netsnap("mqtt", "forget", "--node", "../#", "--config", str(config), check=False).returncode == 2
    no_mqtt = tmp_path / "plain.yml"
    no_mqtt.write_text("output: out\n")
    assert run_netsnap("mqtt", "forget", "--config", str(no_mqtt), check=False).returncode == 2
    run_netsnap("mqtt", "forget", "--force", "--config", str(config))
    assert node_topics(broker.retained(), "busy-pi") == []
