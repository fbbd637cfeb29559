"""A site publishes its snapshot (`mqtt.publishSnapshot`), against a real Mosquitto on
loopback: retained, QoS 1, on `<topicPrefix>/<nodeId>/snapshot`, a schema-1 document, redacted
unless `redactSnapshot: false`, and sent again only when it changed."""
import json
import subprocess
import time
from datetime import datetime, timezone

import jsonschema

from conftest import ROOT, run_netsnap, wait_for
from test_push_cli import MOSQUITTO_SUB, Watch, broker, watches, write_snapshot  # noqa: F401 (fixtures)

SCHEMA = json.loads((ROOT / "docs" / "snapshot.schema.json").read_text())


def site(tmp_path, broker, node, redact):
    folder = tmp_path / node
    folder.mkdir()
    config = (f"mqtt:\n  host: 127.0.0.1\n  port: {broker.port}\n  nodeId: {node}\n  keepAliveSeconds: 5\n"
              f"  discovery: false\n  publishSnapshot: true\n  redactSnapshot: {'true' if redact else 'false'}\n")
    watch = Watch(folder, config)
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    write_snapshot(watch.snapshot_file, snapshot)
    return watch.start(), snapshot


def test_a_site_publishes_its_snapshot_retained_once_per_change(tmp_path, broker, watches):
    watch, snapshot = site(tmp_path, broker, "site-a", redact=True)
    plain, _ = site(tmp_path, broker, "site-b", redact=False)
    watches.extend([watch, plain])
    topic = "netsnap/site-a/snapshot"
    published = wait_for(lambda: broker.retained("netsnap/+/snapshot") if len(broker.retained("netsnap/+/snapshot")) == 2 else None,
                         60, "both snapshots retained")
    document = json.loads(published[topic])
    # Both are schema 1 as published: the redacted one says so, which lets its devices go
    # without addresses (see docs/push.md); without the mark it would not pass.
    unredacted = json.loads(published["netsnap/site-b/snapshot"])
    jsonschema.Draft202012Validator(SCHEMA).validate(unredacted)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["redacted"] is True and "redacted" not in unredacted
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid({key: value for key, value in document.items() if key != "redacted"})
    assert document["schemaVersion"] == 1 and document["generatedAt"].startswith(snapshot["generatedAt"][:19])
    assert "publicIP" not in document["status"] and snapshot["status"]["publicIP"] not in published[topic]
    assert all("macAddress" not in device and "ipAddress" not in device for device in document["devices"])
    assert len(document["targets"]) == len(snapshot["targets"])
    assert unredacted["status"]["publicIP"] == snapshot["status"]["publicIP"]

    # Listen: the retained copy first, then nothing while the snapshot stays the same, then one
    # new message when it changes. QoS 1 both ways.
    listener = subprocess.Popen(
        [MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(broker.port), "-q", "1", "-t", topic, "-F", "%r %q %p"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        time.sleep(5)  # five cycles of an unchanged snapshot
        snapshot["targets"][0]["isOnline"] = not snapshot["targets"][0]["isOnline"]
        write_snapshot(watch.snapshot_file, snapshot)
        wait_for(lambda: json.loads(broker.retained(topic)[topic])["targets"][0]["isOnline"] == snapshot["targets"][0]["isOnline"],
                 30, "the changed snapshot")
        time.sleep(3)
    finally:
        listener.terminate()
    lines = listener.communicate(timeout=10)[0].splitlines()
    flags = [line.split(" ", 2)[:2] for line in lines]
    assert flags == [["1", "1"], ["0", "1"]], flags
    assert json.loads(lines[1].split(" ", 2)[2])["targets"][0]["isOnline"] == snapshot["targets"][0]["isOnline"]
