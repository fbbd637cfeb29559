"""A gather's probe failures carry their reason into the snapshot (`targets[].lastError`) and
from there onto widgets.json and the dashboard. Every probe goes to loopback servers of this
test's own: one answering HTTP 500, one that accepts and never answers, and a closed port."""
import http.server
import json
import socket
import threading

import jsonschema
import pytest

from conftest import ROOT, run_netsnap


def schema_validator(name):
    schema = json.loads((ROOT / "docs" / name).read_text())
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


class Failing(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(500)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def servers():
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Failing)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # accepts (the kernel completes the handshake) and never answers
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    yield {"web": web.server_address[1], "silent": silent.getsockname()[1], "closed": closed_port}
    web.shutdown()
    silent.close()


def gather(tmp_path, servers):
    config = tmp_path / "netsnap.yml"
    config.write_text(f"""state: {tmp_path / 'state'}
gather:
  probes: {{ timeout: 1, retries: 0 }}
  targets:
    - {{ name: Web, kind: http, host: 127.0.0.1, port: {servers['web']}, path: /, expectStatus: 200 }}
    - {{ name: Silent, kind: http, host: 127.0.0.1, port: {servers['silent']}, path: / }}
    - {{ name: Closed, kind: tcp, host: 127.0.0.1, port: {servers['closed']} }}
    - {{ name: Open, kind: tcp, host: 127.0.0.1, port: {servers['web']} }}
""")
    out = tmp_path / "snapshot.json"
    run_netsnap("gather", "--config", config, "-o", out)
    return config, out, json.loads(out.read_text())


def test_each_failure_says_why_in_the_snapshot(tmp_path, servers):
    _, out, snapshot = gather(tmp_path, servers)
    targets = {target["name"]: target for target in snapshot["targets"]}
    assert targets["Web"]["lastError"] == "HTTP 500 (expected 200)"
    assert targets["Silent"]["lastError"] == "timed out after 1 s"
    assert targets["Closed"]["lastError"] == "connection refused"
    for name in ["Web", "Silent", "Closed"]:
        assert targets[name]["isOnline"] is False
        assert targets[name]["lastErrorAt"] == snapshot["generatedAt"]
    assert targets["Open"]["isOnline"] is True
    assert "lastError" not in targets["Open"] and "lastErrorAt" not in targets["Open"]
    assert run_netsnap("validate", out).stdout.decode().startswith(f"{out}: ok:")
    schema_validator("snapshot.schema.json").validate(snapshot)


def test_the_reasons_reach_widgets_json_and_the_dashboard(tmp_path, servers):
    config, snapshot, _ = gather(tmp_path, servers)
    output = tmp_path / "Output"
    run_netsnap("render", "--input", snapshot, "--config", config, "--output", output, "--no-tiles")
    widgets = json.loads((output / "widgets.json").read_text())
    schema_validator("widgets.schema.json").validate(widgets)
    reasons = {target["name"]: target["lastError"] for target in widgets["dashboard"]["targets"]}
    assert reasons == {"Web": "HTTP 500 (expected 200)", "Silent": "timed out after 1 s", "Closed": "connection refused",
                       "Open": None}
    page = (output / "index.html").read_text()
    assert '<span class="row-error" data-show-if="lastError"> · <span dir="auto" data-bind="lastError" data-format="reason">connection refused</span>' in page
