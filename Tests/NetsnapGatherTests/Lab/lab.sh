#!/bin/bash
# The gatherer's network-namespace lab. Every address lives in namespaces this script
# creates, all named PREFIX-*; nothing touches the host's own network.
#
#   lab.sh up PREFIX WORKDIR [MANY]   build the lab; MANY addresses answer from one host
#   lab.sh down PREFIX                kill the lab's processes, delete its namespaces
#
# 10.77.0.0/24 on one bridge (in PREFIX-lan):
#   .1   gw      a4:2b:b0:00:00:01 (TP-Link block)    the client's default gateway
#   .2   client  dc:a6:32:00:00:02 (Raspberry Pi)     where the gatherer runs
#   .10  dev1    3c:22:fb:00:00:10 (Apple block)      HTTP :8080, TCP :8022, DNS :5353, HTTPS :8443 (self-signed, WORKDIR/cert.pem)
#   .11  dev2    b8:27:eb:00:00:11 (Raspberry Pi)     the device that goes silent
#   .12  dev3    3e:22:fb:00:00:12 (locally administered, "private")
#   .50 and up   many 70:b3:d5:f2:f0:99 (MA-S block)  MANY (at most 190) addresses on one interface
#   .240–.249    sink 00:17:88:00:00:f0 (Philips)     answers ARP but ignores ICMP echo: probes to it time out
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command=$1
prefix=$2

host() {
    local name=$1 mac=$2
    shift 2
    ip netns add "$prefix-$name"
    ip -n "$prefix-lan" link add "v-$name" type veth peer name eth0 netns "$prefix-$name"
    ip -n "$prefix-lan" link set "v-$name" master br0 up
    ip -n "$prefix-$name" link set lo up
    ip -n "$prefix-$name" link set eth0 address "$mac"
    ip -n "$prefix-$name" link set eth0 up
    for address in "$@"; do ip -n "$prefix-$name" addr add "$address/24" dev eth0; done
}

case $command in
up)
    workdir=$3
    many=${4:-60}
    mkdir -p "$workdir"
    ip netns add "$prefix-lan"
    ip -n "$prefix-lan" link set lo up
    ip -n "$prefix-lan" link add br0 type bridge
    ip -n "$prefix-lan" link set br0 up
    host gw a4:2b:b0:00:00:01 10.77.0.1
    host client dc:a6:32:00:00:02 10.77.0.2
    ip -n "$prefix-client" route add default via 10.77.0.1
    host dev1 3c:22:fb:00:00:10 10.77.0.10
    host dev2 b8:27:eb:00:00:11 10.77.0.11
    host dev3 3e:22:fb:00:00:12 10.77.0.12
    host many 70:b3:d5:f2:f0:99
    for index in $(seq 0 $((many - 1))); do echo "addr add 10.77.0.$((50 + index))/24 dev eth0"; done \
        | ip -n "$prefix-many" -batch -
    host sink 00:17:88:00:00:f0 $(seq -f "10.77.0.%g" 240 249)
    ip netns exec "$prefix-sink" sysctl -qw net.ipv4.icmp_echo_ignore_all=1
    # A failed neighbour shows up within a second instead of three.
    ip netns exec "$prefix-client" sysctl -qw net.ipv4.neigh.eth0.retrans_time_ms=200 net.ipv4.neigh.eth0.mcast_solicit=2
    # Self-signed, so untrusted unless a test puts it in the client's CA store; the SAN
    # makes it valid for the address once trusted.
    openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=10.77.0.10 -addext subjectAltName=IP:10.77.0.10 -days 1 \
        -keyout "$workdir/key.pem" -out "$workdir/cert.pem" 2>/dev/null
    ip netns exec "$prefix-dev1" setsid python3 "$here/lab_services.py" 10.77.0.10 "$workdir" \
        >"$workdir/services.log" 2>&1 </dev/null &
    for _ in $(seq 1 100); do
        if grep -q "^ready" "$workdir/services.log" 2>/dev/null; then exit 0; fi
        sleep 0.05
    done
    echo "lab services did not start:" >&2
    cat "$workdir/services.log" >&2
    exit 1
    ;;
down)
    for namespace in $(ip netns list | awk '{print $1}' | grep "^$prefix-" || true); do
        pids=$(ip netns pids "$namespace" || true)
        if [ -n "$pids" ]; then kill -9 $pids 2>/dev/null || true; fi
        ip netns del "$namespace" || true
    done
    # Per-namespace /etc files a test added (ip netns exec mounts them over /etc).
    rm -rf /etc/netns/"$prefix"-*
    if [ -d /etc/netns ]; then rmdir --ignore-fail-on-non-empty /etc/netns; fi
    ;;
*)
    echo "usage: lab.sh up PREFIX WORKDIR [MANY] | down PREFIX" >&2
    exit 2
    ;;
esac
