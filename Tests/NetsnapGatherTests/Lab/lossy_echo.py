"""A far end that loses and delays ICMP echoes by a known law, for a kernel without
sch_netem: it answers the echo requests sent to ADDRESS itself, from a raw socket, in a
namespace whose kernel ignores echoes (net.ipv4.icmp_echo_ignore_all=1).

    lossy_echo.py ADDRESS LOSS_PERCENT MEAN_MS SPREAD_MS SEED

Of every run of echoes it drops exactly LOSS_PERCENT % (spread evenly: the n-th is
dropped when floor(n * share) steps up), and answers each other one after a delay drawn
uniformly from MEAN_MS ± SPREAD_MS, with a seeded generator so a run can be repeated.
Prints "ready" once it listens and one line per request ("drop SEQ" or "reply SEQ MS")."""
import heapq
import random
import select
import socket
import struct
import sys
import time

address = sys.argv[1]
share = float(sys.argv[2]) / 100
mean, spread = float(sys.argv[3]) / 1000, float(sys.argv[4]) / 1000
generator = random.Random(int(sys.argv[5]))


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def reply_to(request):
    """The echo reply to an echo request's ICMP bytes: type 0, the same id, sequence and data."""
    body = b"\0\0\0\0" + request[4:]
    return b"\0\0" + struct.pack("!H", checksum(body)) + request[4:]


sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
# Bound, the socket sees only what is sent to ADDRESS and answers from it (the namespace
# holds other addresses, and would pick its first as the source).
sock.bind((address, 0))
pending = []  # (when, order, packet, source)
seen = 0
print("ready", flush=True)
while True:
    timeout = max(0.0, pending[0][0] - time.monotonic()) if pending else None
    readable, _, _ = select.select([sock], [], [], timeout)
    while pending and pending[0][0] <= time.monotonic():
        _, _, packet, source = heapq.heappop(pending)
        sock.sendto(packet, (source, 0))
    if not readable:
        continue
    datagram, (source, _) = sock.recvfrom(65535)
    header_length = (datagram[0] & 0x0F) * 4
    icmp = datagram[header_length:]
    if socket.inet_ntoa(datagram[16:20]) != address or len(icmp) < 8 or icmp[0] != 8:
        continue
    sequence = struct.unpack("!H", icmp[6:8])[0]
    seen += 1
    if int(seen * share) > int((seen - 1) * share):
        print(f"drop {sequence}", flush=True)
        continue
    delay = generator.uniform(mean - spread, mean + spread)
    heapq.heappush(pending, (time.monotonic() + delay, seen, reply_to(icmp), source))
    print(f"reply {sequence} {delay * 1000:.3f}", flush=True)
