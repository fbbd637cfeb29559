"""Stand-ins for what runs around a Home Assistant app, on loopback: the Supervisor's
services API (GET /services/mqtt with the app's bearer token, answered as
supervisor/api/services.py does) and the ingress proxy (Home Assistant serves an app under
/api/hassio_ingress/<token>/, strips that prefix, adds X-Ingress-Path and forwards to the
app's ingress port). test_homeassistant_app.py uses them in-process; scripts/test-app-image.sh
runs them as a program in the network namespace standing for the Supervisor's (172.30.32.2):

    python3 homeassistant_standins.py --listen ADDRESS --api-port N --proxy-port N --upstream HOST:PORT --token T --mqtt JSON
"""
import argparse
import http.client
import http.server
import json
import signal
import sys
import threading


class Background(http.server.ThreadingHTTPServer):
    """A ThreadingHTTPServer on 127.0.0.1 at a free port, serving in a thread while used in `with`."""

    daemon_threads = True

    def __init__(self, handler, address=("127.0.0.1", 0)):
        super().__init__(address, handler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def base(self):
        return f"http://{self.server_address[0]}:{self.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exception):
        self.shutdown()
        self.server_close()


class SupervisorAPI(Background):
    """GET /services/mqtt: 401 without the token, then `status` with `mqtt` as its data
    (200) or the Supervisor's error body (400 "Service not enabled", 404 …)."""

    def __init__(self, token, mqtt=None, status=200, address=("127.0.0.1", 0)):
        self.token, self.mqtt, self.status = token, mqtt, status
        self.requests = []
        api = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                api.requests.append({"path": self.path, "authorization": self.headers.get("Authorization")})
                if self.headers.get("Authorization") != f"Bearer {api.token}":
                    self.answer(401, {"result": "error", "message": "Unauthorized"})
                elif self.path != "/services/mqtt":
                    self.answer(404, {"result": "error", "message": "Service does not exist"})
                elif api.status == 200:
                    self.answer(200, {"result": "ok", "data": api.mqtt})
                else:
                    message = {400: "Service not enabled", 404: "Service does not exist"}.get(api.status, "error")
                    self.answer(api.status, {"result": "error", "message": message})

            def answer(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler, address)


class IngressProxy(Background):
    """Forwards /api/hassio_ingress/<token>/<path> to http://127.0.0.1:<port>/<path> with
    X-Ingress-Path, as Home Assistant does, and records every request and the app's status;
    anything outside the prefix (an absolute URL in a page) is recorded and answered 404."""

    def __init__(self, port, token="Xy7_ingress-token", upstream="127.0.0.1", address=("127.0.0.1", 0)):
        self.port, self.upstream = port, upstream
        self.prefix = f"/api/hassio_ingress/{token}"
        self.seen = []
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                self.forward("GET")

            def do_HEAD(self):
                self.forward("HEAD")

            def forward(self, method):
                if not self.path.startswith(proxy.prefix + "/"):
                    proxy.record(self.path, None)
                    self.send_error(404, "outside the ingress prefix")
                    return
                upstream = http.client.HTTPConnection(proxy.upstream, proxy.port, timeout=10)
                headers = {name: value for name, value in self.headers.items() if name.lower() not in ("host", "connection")}
                headers["X-Ingress-Path"] = proxy.prefix
                headers["X-Forwarded-For"] = self.client_address[0]
                upstream.request(method, self.path[len(proxy.prefix):], headers=headers)
                response = upstream.getresponse()
                body = response.read()
                proxy.record(self.path, response.status, response.getheader("Location"))
                self.send_response(response.status)
                for name, value in response.getheaders():
                    if name.lower() not in ("connection", "transfer-encoding", "content-length"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if method != "HEAD":
                    self.wfile.write(body)
                upstream.close()

        super().__init__(Handler, address)

    def record(self, path, status, location=None):
        with self.lock:
            self.seen.append({"path": path, "status": status, "location": location})

    def requests(self):
        with self.lock:
            return list(self.seen)

    @property
    def entry(self):
        """The app's page as Home Assistant's frontend opens it."""
        return f"{self.base}{self.prefix}/"


def main():
    parser = argparse.ArgumentParser(description="The Supervisor's services API and ingress proxy, until SIGTERM.")
    parser.add_argument("--listen", required=True)
    parser.add_argument("--api-port", type=int, required=True)
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("--upstream", required=True, help="the app's ingress address, HOST:PORT")
    parser.add_argument("--token", required=True)
    parser.add_argument("--mqtt", required=True, help="the mqtt service's data, JSON")
    arguments = parser.parse_args()
    host, _, port = arguments.upstream.rpartition(":")
    api = SupervisorAPI(arguments.token, mqtt=json.loads(arguments.mqtt), address=(arguments.listen, arguments.api_port))
    proxy = IngressProxy(int(port), upstream=host, address=(arguments.listen, arguments.proxy_port))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with api, proxy:
        print(f"stand-ins: services API {api.base}, ingress {proxy.entry}", flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
