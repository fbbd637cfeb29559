#!/usr/bin/env bash
# A two-host mDNS lab for the discovery tests: namespaces PREFIX-a (10.78.0.1) and PREFIX-b
# (10.78.0.2) joined by a veth pair, each with its own D-Bus system bus (WORKDIR/a/bus,
# WORKDIR/b/bus) and its own avahi-daemon allowed on that veth only, in a mount namespace
# with a private /run. Nothing touches the host's interfaces or its /run.
#   avahi_lab.sh up PREFIX WORKDIR | avahi_lab.sh down PREFIX WORKDIR
set -euo pipefail
action=$1 prefix=$2 work=$3
if [ "$action" = down ]; then
  for pidfile in "$work"/*/*.pid; do
    if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
  done
  ip netns del "$prefix-a" 2>/dev/null || true
  ip netns del "$prefix-b" 2>/dev/null || true
  exit 0
fi
ip netns add "$prefix-a"
ip netns add "$prefix-b"
ip link add "$prefix-va" type veth peer name "$prefix-vb"
for side in a b; do
  ns="$prefix-$side"
  ip link set "$prefix-v$side" netns "$ns"
  ip -n "$ns" link set lo up
done
ip -n "$prefix-a" addr add 10.78.0.1/24 dev "$prefix-va"
ip -n "$prefix-b" addr add 10.78.0.2/24 dev "$prefix-vb"
ip -n "$prefix-a" link set "$prefix-va" up
ip -n "$prefix-b" link set "$prefix-vb" up
for side in a b; do
  ns="$prefix-$side" dir="$work/$side"
  mkdir -p "$dir"
  cat >"$dir/dbus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
  cat >"$dir/avahi.conf" <<CONF
[server]
host-name=lab-$side-$prefix
domain-name=local
use-ipv4=yes
use-ipv6=no
allow-interfaces=$prefix-v$side
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
publish-aaaa-on-ipv4=no
CONF
  ip netns exec "$ns" dbus-daemon --config-file="$dir/dbus.conf" --fork --print-pid >"$dir/dbus.pid"
  # A private /run: the daemon's pid file and socket stay out of the host's.
  ip netns exec "$ns" unshare -m sh -c "mount -t tmpfs tmpfs /run && mkdir -p /run/avahi-daemon && \
    DBUS_SYSTEM_BUS_ADDRESS=unix:path=$dir/bus exec avahi-daemon -f $dir/avahi.conf --no-drop-root --no-chroot --no-rlimits" \
    >"$dir/avahi.log" 2>&1 &
  echo $! >"$dir/avahi.pid"
done
for side in a b; do
  for _ in $(seq 1 50); do
    grep -q "Server startup complete" "$work/$side/avahi.log" && break
    sleep 0.1
  done
  grep -q "Server startup complete" "$work/$side/avahi.log" || { cat "$work/$side/avahi.log" >&2; exit 1; }
done
