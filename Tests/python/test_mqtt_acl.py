"""The Mosquitto ACL that docs/push.md documents for sites and the aggregator, on a real
Mosquitto on loopback: a site writes only below its own node id, the aggregator only reads."""
import json
import shutil
import socket
import subprocess
import time

from conftest import free_port, wait_for
from conftest import run_netsnap
from test_push_cli import MOSQUITTO, MOSQUITTO_SUB, Watch, watches, write_snapshot  # noqa: F401 (fixture)

MOSQUITTO_PUB = shutil.which("mosquitto_pub") or "/usr/bin/mosquitto_pub"
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
# As docs/push.md has it.
ACL = """\
user site-a
topic readwrite netsnap/site-a/#
user wall
topic read netsnap/+/snapshot
topic read netsnap/+/availability
topic read netsnap/+/site
"""


def read_as_wall(port, topic="netsnap/+/snapshot"):
    result = subprocess.run(
        [MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(port), "-u", "wall", "-P", "wall-secret", "-t", topic,
         "--retained-only", "-W", "1", "-F", "%t\t%p"], capture_output=True, timeout=10, text=True)
    return dict(line.partition("\t")[::2] for line in result.stdout.splitlines())


def test_sites_write_only_their_own_topics_and_the_wall_only_reads(tmp_path, watches):
    port = free_port()
    passwords = tmp_path / "passwords"
    passwords.write_text("")
    for user, secret in (("site-a", "site-secret"), ("wall", "wall-secret")):
        subprocess.run([MOSQUITTO_PASSWD, "-b", str(passwords), user, secret], check=True, capture_output=True)
    (tmp_path / "acl").write_text(ACL)
    config = tmp_path / "mosquitto.conf"
    # user root: the files stay readable in the test's private folder (mosquitto would drop to its own user).
    config.write_text(f"user root\nlistener {port} 127.0.0.1\nallow_anonymous false\npersistence false\nlog_dest none\n"
                      f"password_file {passwords}\nacl_file {tmp_path / 'acl'}\n")
    broker = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, 10, "mosquitto")
        for node in ("site-a", "site-b"):  # site-b logs in as site-a: the ACL keeps it out
            folder = tmp_path / node
            folder.mkdir()
            watch = Watch(folder, (
                f"mqtt:\n  host: 127.0.0.1\n  port: {port}\n  username: site-a\n  password: site-secret\n  nodeId: {node}\n"
                "  discovery: false\n  publishSnapshot: true\n  keepAliveSeconds: 5\n"))
            # A snapshot that stays the same: published once, so nothing of the site's hides a write that got through.
            write_snapshot(watch.snapshot_file, json.loads(run_netsnap("sample").stdout))
            watches.append(watch.start())
        seen = wait_for(lambda: read_as_wall(port) or None, 60, "site-a's snapshot, read by the wall")
        assert read_as_wall(port, "netsnap/site-a/availability") == {"netsnap/site-a/availability": "online"}
        # The site's name for the walls (`{"name": null}` without site.name): readable by the wall too.
        assert read_as_wall(port, "netsnap/+/site") == {"netsnap/site-a/site": '{"name":null}'}
        time.sleep(3)
        seen = read_as_wall(port)
        assert list(seen) == ["netsnap/site-a/snapshot"], "site-b may not write outside netsnap/site-a/"
        assert json.loads(seen["netsnap/site-a/snapshot"])["schemaVersion"] == 1
        # The wall cannot write: its retained garbage never replaces the site's snapshot.
        subprocess.run([MOSQUITTO_PUB, "-h", "127.0.0.1", "-p", str(port), "-u", "wall", "-P", "wall-secret", "-r", "-q", "1",
                        "-t", "netsnap/site-a/snapshot", "-m", "garbage"], capture_output=True, timeout=10)
        time.sleep(1)
        assert json.loads(read_as_wall(port)["netsnap/site-a/snapshot"])["schemaVersion"] == 1
    finally:
        broker.terminate()
        broker.wait(timeout=10)
