"""The lab's test host services, all on one address: HTTP on 8080 (/status 200, /ip.json
a public-IP answer, anything else 404), a TCP listener on 8022, a DNS responder on UDP
5353 (nas.lab. A 10.77.0.10, anything else NXDOMAIN) and HTTPS on 8443 with a
self-signed certificate. Prints "ready" when all listen."""
import http.server
import json
import socket
import socketserver
import ssl
import struct
import sys
import threading

address, workdir = sys.argv[1], sys.argv[2]

PUBLIC_IP = {"query": "203.0.113.7", "isp": "Example Fiber", "as": "AS64500 Example Fiber AG",
             "city": "Zurich", "countryCode": "CH"}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/status":
            body, status = b"ok\n", 200
        elif self.path == "/ip.json":
            body, status = json.dumps(PUBLIC_IP).encode(), 200
        else:
            body, status = b"not found\n", 404
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if self.path == "/ip.json" else "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256


def https_server():
    server = Server((address, 8443), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(f"{workdir}/cert.pem", f"{workdir}/key.pem")
    server.socket = context.wrap_socket(server.socket, server_side=True)
    return server


def serve_tcp(listener):
    while True:
        connection, _ = listener.accept()
        connection.close()


def serve_dns(sock):
    while True:
        query, peer = sock.recvfrom(512)
        if len(query) < 12:
            continue
        identifier = query[:2]
        position, labels = 12, []
        while query[position] != 0:
            length = query[position]
            labels.append(query[position + 1:position + 1 + length].decode())
            position += 1 + length
        question = query[12:position + 5]
        name = ".".join(labels).lower()
        if name == "nas.lab":
            header = identifier + struct.pack(">HHHHH", 0x8180, 1, 1, 0, 0)
            answer = b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 60, 4) + socket.inet_aton("10.77.0.10")
            sock.sendto(header + question + answer, peer)
        else:
            header = identifier + struct.pack(">HHHHH", 0x8183, 1, 0, 0, 0)
            sock.sendto(header + question, peer)


# Every socket binds and listens here, before "ready": a connection that arrives before its
# server thread runs waits in the backlog instead of being refused.
http = Server((address, 8080), Handler)
https = https_server()
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind((address, 8022))
listener.listen(256)
dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
dns.bind((address, 5353))
for target, arguments in ((http.serve_forever, ()), (https.serve_forever, ()), (serve_tcp, (listener,)), (serve_dns, (dns,))):
    threading.Thread(target=target, args=arguments, daemon=True).start()
print("ready", flush=True)
threading.Event().wait()
