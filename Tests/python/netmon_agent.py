"""A NetMonitor stand-in for the live-link tests: a TCP agent speaking the message stream.
Imported by the tests, or run on its own (`python3 netmon_agent.py HOST PORT SSID`, inside a
test's network namespace)."""
import json
import socket
import sys
import threading
import time
from datetime import datetime, timezone


def now_text():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def status_line(ssid):
    payload = {"connectionType": "wifi", "ssid": ssid, "signalStrength": 70, "gatewayIP": "192.0.2.1", "updatedAt": now_text()}
    return json.dumps({"type": "statusUpdate", "payload": payload}) + "\n"


def target_line(name, online=True):
    target = {"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "name": name, "host": "192.0.2.10", "protocol": "icmp",
              "isOnline": online, "currentLatency": 1.5, "lastChecked": now_text()}
    return json.dumps({"type": "targetUpdate", "payload": [target]}) + "\n"


class Connection:
    """One accepted connection: every line netsnap sent on it."""

    def __init__(self, sock):
        self.sock = sock
        self.lines = []
        self.closed = threading.Event()

    def send(self, text):
        try:
            self.sock.sendall(text.encode() if isinstance(text, str) else text)
            return True
        except OSError:
            return False


class Agent:
    """A NetMonitor stand-in: answers requestStatus with a status and a target list, and
    (while `answer_pings`) each ping with a fresh status, as a live agent would."""

    def __init__(self, host="127.0.0.1", port=0, ssid="Link Lab"):
        self.listener = socket.create_server((host, port))
        self.port = self.listener.getsockname()[1]
        self.ssid = ssid
        self.answer_requests = True
        self.answer_pings = True
        self.connections = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                sock, _ = self.listener.accept()
            except OSError:
                return
            connection = Connection(sock)
            with self.lock:
                self.connections.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection):
        buffer = b""
        while True:
            try:
                chunk = connection.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                connection.closed.set()
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                message = json.loads(line)
                connection.lines.append(message)
                if message.get("type") == "requestStatus" and self.answer_requests:
                    connection.send(status_line(self.ssid) + target_line("NAS"))
                elif message.get("type") == "ping" and self.answer_pings:
                    connection.send(status_line(self.ssid))

    def latest(self):
        with self.lock:
            return self.connections[-1]

    def count(self):
        with self.lock:
            return len(self.connections)

    def stop(self):
        # shutdown() wakes the thread blocked in accept(); close() alone would leave it listening.
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            for connection in self.connections:
                try:
                    connection.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                connection.sock.close()


if __name__ == "__main__":
    host, port, ssid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    Agent(host=host, port=port, ssid=ssid)
    print("listening", flush=True)
    while True:
        time.sleep(3600)
