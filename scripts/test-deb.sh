#!/usr/bin/env bash
# Tests the Debian package in a clean Debian 12 made with `debootstrap --variant=minbase`
# (no Swift, no systemd), as root:
#   sudo bash scripts/test-deb.sh [dist/netsnap_VERSION_ARCH.deb]
# Default: the newest package in dist/ (run scripts/package-deb.sh first). Slow (a few
# minutes; the first run also bootstraps Debian, ~3 min), so scripts/test.sh leaves it out.
#
# 1. In the clean folder: apt-get install ./netsnap.deb (Depends come from the mirror),
#    netsnap --version, netsnap render (the shipped sample and conffile), an LED tile, the
#    unit's ExecStart line run as the netsnap user for a few seconds in a network namespace
#    of its own (loopback only: nothing leaves it) and asked for pages over HTTP, apt-get
#    remove (configuration, history, outputs and user stay), apt-get purge and nothing left.
# 2. With systemd installed (not running, as in an image build): the unit is enabled,
#    passes `systemd-analyze verify` and `security` at exposure 3.0 or lower (with and
#    without the raw-ICMP drop-in); an upgrade keeps an edited conffile and the history;
#    purge removes the user, the state and the enablement.
#
# Debootstrap and apt use the mirror this machine's apt is configured with. The bootstrapped
# base is kept in .build-debroot/ and copied for each run, downloaded packages too.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

say() { echo "test-deb: $*" >&2; }
fail() { echo "test-deb: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "test-deb: run as root (debootstrap, chroot, mount)" >&2; exit 2; }

deb=${1:-$(ls -t dist/netsnap_*.deb 2>/dev/null | head -n1)}
[ -n "$deb" ] && [ -f "$deb" ] || fail "no package: run bash scripts/package-deb.sh first, or name one"
deb=$(readlink -f "$deb")
version=$(dpkg-deb -f "$deb" Version)

cache=$PWD/.build-debroot
base=$cache/bookworm-minbase
root=$cache/test-root
archives=$cache/apt-archives
suite=bookworm
port=8080

started=$SECONDS
step_started=$SECONDS
step() {
  say "$(printf '%-44s' "$1") $((SECONDS - step_started)) s"
  step_started=$SECONDS
}

command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
for tool in curl unshare ip python3 dpkg-deb; do command -v "$tool" >/dev/null || fail "$tool is missing"; done

# The host's Debian repositories for $suite and its updates, as apt knows them.
repositories=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Created-By: Packages' \
  | awk -v s="$suite" '$2 == s || $2 == s "-updates" || $2 == s "-security"' | sort -u)
mirror=$(awk -v s="$suite" '$2 == s { print $1; exit }' <<<"$repositories")
[ -n "$mirror" ] || fail "apt has no $suite repository configured (run apt-get update)"

if [ ! -f "$base/.netsnap-base" ]; then
  say "bootstrapping Debian $suite (minbase) from $mirror into $base"
  rm -rf --one-file-system "$base.partial"
  mkdir -p "$cache"
  debootstrap --variant=minbase "$suite" "$base.partial" "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || fail "debootstrap failed: see $cache/debootstrap.log"
  awk '{ print "deb " $1 " " $2 " main" }' <<<"$repositories" >"$base.partial/etc/apt/sources.list"
  touch "$base.partial/.netsnap-base"
  rm -rf --one-file-system "$base"
  mv "$base.partial" "$base"
  step "debootstrap --variant=minbase $suite"
fi

unmount_all() {
  for mount_point in "$root/var/cache/apt/archives" "$root/proc"; do
    if mountpoint -q "$mount_point"; then umount "$mount_point"; fi
  done
}
trap unmount_all EXIT
unmount_all
rm -rf --one-file-system "$root"
cp -a "$base" "$root"
mkdir -p "$archives/partial"
mount -t proc proc "$root/proc"
mount --bind "$archives" "$root/var/cache/apt/archives"
step "fresh copy of the clean base"

in_root() {
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
apt_in_root() { in_root apt-get -o Dpkg::Use-Pty=0 -o APT::Keep-Downloaded-Packages=true "$@" </dev/null; }
expect_absent() {
  local path
  for path in "$@"; do
    if [ -e "$root$path" ] || [ -L "$root$path" ]; then fail "$path is still there after purge"; fi
  done
}
expect_gone_after_purge() {
  expect_absent /usr/bin/netsnap /usr/share/netsnap /usr/share/doc/netsnap /etc/netsnap /var/lib/netsnap \
    /var/cache/netsnap /lib/systemd/system/netsnap.service /etc/systemd/system/multi-user.target.wants/netsnap.service
  if in_root getent passwd netsnap >/dev/null; then fail "the netsnap user is still there after purge"; fi
  if in_root getent group netsnap >/dev/null; then fail "the netsnap group is still there after purge"; fi
  if in_root dpkg-query -W -f='${Status}' netsnap 2>/dev/null | grep -q installed; then fail "dpkg still lists netsnap"; fi
}

# Runs the unit's ExecStart line as the unit's user, with the folders systemd would give it,
# in a new network namespace with only loopback up; asks the server for its pages; stops it
# with SIGTERM as systemd does and expects a clean exit.
run_exec_start() {
  local label=$1 exec_line served=$root/tmp/served user
  # Numeric, so that the root's own passwd decides who netsnap is.
  user="$(in_root id -u netsnap):$(in_root id -g netsnap)"
  exec_line=$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/netsnap.service")
  [ -n "$exec_line" ] || fail "the unit has no ExecStart"
  rm -rf "$served" && mkdir -p "$served"
  # What RuntimeDirectory= makes: /run/netsnap, the service user's.
  install -d -o "${user%:*}" -g "${user#*:}" -m 0755 "$root/run/netsnap"
  timeout 120 unshare --net -- bash -euo pipefail -c '
    root=$1 port=$2 served=$3 exec_line=$4 user=$5
    ip link set lo up
    chroot --userspec="$user" --groups="${user#*:}" "$root" env -i PATH=/usr/bin:/bin LANG=C.UTF-8 \
      STATE_DIRECTORY=/var/lib/netsnap RUNTIME_DIRECTORY=/run/netsnap HOME=/var/lib/netsnap \
      sh -c "cd /var/lib/netsnap && exec $exec_line" 2>"$served/stderr" &
    pid=$!
    # Ready once /healthz says a cycle of this run finished with fresh data (outputs of an
    # earlier run may be served before that).
    for _ in $(seq 1 300); do
      curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
      kill -0 "$pid" 2>/dev/null || { echo "the service ended early" >&2; cat "$served/stderr" >&2; exit 1; }
      sleep 0.2
    done
    curl -sS -o "$served/healthz" -w "%{http_code}" "http://127.0.0.1:$port/healthz" >"$served/healthz.status"
    curl -fsS -o "$served/widgets.json" "http://127.0.0.1:$port/widgets.json"
    curl -fsS -o "$served/index.html" "http://127.0.0.1:$port/"
    curl -fsS -o "$served/medium.png" "http://127.0.0.1:$port/tiles/medium.png?scale=2"
    kill -TERM "$pid"
    wait "$pid" || { echo "the service exited with $? on SIGTERM" >&2; cat "$served/stderr" >&2; exit 1; }
  ' _ "$root" "$port" "$served" "$exec_line" "$user" || fail "$label: the ExecStart line did not run and serve (see above)"
  python3 - "$served" <<'EOF' || fail "$label: what the service served is wrong"
import json, pathlib, sys
served = pathlib.Path(sys.argv[1])
widgets = json.loads((served / "widgets.json").read_text())
assert widgets["overall"] in ("online", "degraded", "offline"), widgets["overall"]
assert "<html" in (served / "index.html").read_text().lower()
assert (served / "medium.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
assert (served / "healthz.status").read_text() == "200", (served / "healthz").read_text()
EOF
  for file in widgets.json index.html netsnap.css feed.json; do
    [ -s "$root/run/netsnap/$file" ] || fail "$label: /run/netsnap/$file was not written"
  done
  ls "$root"/run/netsnap/tiles/*.png >/dev/null 2>&1 || fail "$label: no tiles in /run/netsnap/tiles"
  [ -s "$root/var/lib/netsnap/history.sqlite" ] || fail "$label: no history in /var/lib/netsnap"
  [ "$(stat -c %u "$root/var/lib/netsnap/history.sqlite")" = "${user%:*}" ] || fail "$label: the history is not the netsnap user's"
  say "$label: served overall=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["overall"])' "$served/widgets.json"), /healthz $(cat "$served/healthz.status")"
}

# ---- 1. the clean minbase folder ------------------------------------------------------------
if in_root sh -c 'command -v swift || ls -d /opt/swift' >/dev/null 2>&1; then fail "the clean root has Swift"; fi
apt_in_root update -qq >/dev/null
step "apt-get update in the root"
cp "$deb" "$root/tmp/"
apt_in_root install -y -qq "/tmp/$(basename "$deb")" >"$cache/install.log" 2>&1 || { cat "$cache/install.log" >&2; fail "apt-get install"; }
step "apt-get install ./$(basename "$deb")"

if in_root ldd /usr/bin/netsnap | grep -q "not found"; then in_root ldd /usr/bin/netsnap >&2; fail "unresolved libraries"; fi
[ "$(in_root netsnap --version)" = "$version" ] || fail "netsnap --version is not $version"
in_root dpkg-query -W -f='${Conffiles}\n' netsnap | grep -q "/etc/netsnap/netsnap.yml" || fail "netsnap.yml is not a conffile"
in_root getent passwd netsnap >/dev/null || fail "no netsnap user"
in_root sh -c 'cd /tmp && netsnap render --output /tmp/render' 2>"$cache/render.log" || { cat "$cache/render.log" >&2; fail "netsnap render"; }
in_root netsnap render --config /etc/netsnap/netsnap.yml --output /tmp/render-config 2>>"$cache/render.log" \
  || { cat "$cache/render.log" >&2; fail "netsnap render --config /etc/netsnap/netsnap.yml"; }
for file in widgets.json index.html small.html netsnap.css tiles/medium@2x-dark.png; do
  [ -s "$root/tmp/render/$file" ] || fail "netsnap render did not write $file"
done
[ "$(head -c 8 "$root/tmp/render/tiles/medium@2x-dark.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the tile is not a PNG"
# LED matrices are drawn in xfonts-base's bitmap fonts, a Recommends: apt installs it.
in_root netsnap tile --display led-64x32 --output /tmp/render/led.png 2>>"$cache/render.log" \
  || { cat "$cache/render.log" >&2; fail "an LED tile (xfonts-base, recommended)"; }
step "netsnap --version, render (sample, conffile), LED tile"

# libmosquitto is opened on first use, not linked: the package must still bring it. A broker
# on a closed loopback port is retried, not an error; a missing library would exit 2.
printf 'mqtt:\n  host: 127.0.0.1\n  port: 9\n' >"$root/tmp/mqtt.yml"
in_root netsnap watch --sample --cycles 1 --config /tmp/mqtt.yml --output /tmp/watch-mqtt --state /tmp/state-mqtt \
  2>"$cache/mqtt.log" || { cat "$cache/mqtt.log" >&2; fail "watch with MQTT push"; }
if grep -q "libmosquitto" "$cache/mqtt.log"; then cat "$cache/mqtt.log" >&2; fail "libmosquitto did not load"; fi
step "MQTT push loads libmosquitto"

run_exec_start "clean root"
step "ExecStart as netsnap, served on loopback"

apt_in_root remove -y -qq netsnap >"$cache/remove.log" 2>&1 || { cat "$cache/remove.log" >&2; fail "apt-get remove"; }
[ ! -e "$root/usr/bin/netsnap" ] || fail "remove left /usr/bin/netsnap"
for path in /etc/netsnap/netsnap.yml /var/lib/netsnap/history.sqlite; do
  [ -s "$root$path" ] || fail "remove did not keep $path"
done
in_root getent passwd netsnap >/dev/null || fail "remove did not keep the netsnap user"
step "apt-get remove keeps config, history, user"

apt_in_root purge -y -qq netsnap >"$cache/purge.log" 2>&1 || { cat "$cache/purge.log" >&2; fail "apt-get purge"; }
expect_gone_after_purge
step "apt-get purge, nothing left"

# ---- 2. with systemd installed: enablement, the unit checks, an upgrade -----------------------
apt_in_root install -y -qq --no-install-recommends systemd >"$cache/systemd.log" 2>&1 || { cat "$cache/systemd.log" >&2; fail "installing systemd"; }
[ ! -d "$root/run/systemd/system" ] || fail "the root claims a running systemd"
step "apt-get install systemd (not running)"

apt_in_root install -y -qq "/tmp/$(basename "$deb")" >>"$cache/install.log" 2>&1 || { cat "$cache/install.log" >&2; fail "apt-get install with systemd"; }
[ -L "$root/etc/systemd/system/multi-user.target.wants/netsnap.service" ] || fail "the unit was not enabled"
verify_output=$(in_root systemd-analyze verify /lib/systemd/system/netsnap.service 2>&1) || fail "systemd-analyze verify: $verify_output"
[ -z "$verify_output" ] || fail "systemd-analyze verify complains: $verify_output"
# The unit as systemd loads it (with drop-ins), judged offline; fails above exposure 3.0.
security_report() {
  in_root systemd-analyze security --offline=yes --threshold=30 netsnap.service >"$cache/security-$1.txt" 2>&1 \
    || { cat "$cache/security-$1.txt" >&2; fail "systemd-analyze security ($1): exposure above 3.0"; }
  sed -n 's/.*Overall exposure level for [^:]*: //p' "$cache/security-$1.txt"
}
raw_capability='CapabilityBoundingSet=~CAP_NET_(BIND_SERVICE|BROADCAST|RAW)'
plain=$(security_report plain)
grep -qF "✓ $raw_capability" "$cache/security-plain.txt" || fail "the unit allows raw sockets by default"
install -D -m 644 "$root/usr/share/doc/netsnap/examples/raw-icmp.conf" "$root/etc/systemd/system/netsnap.service.d/raw-icmp.conf"
raw_icmp=$(security_report raw-icmp)
grep -qF "✗ $raw_capability" "$cache/security-raw-icmp.txt" || fail "the raw-ICMP drop-in does not grant CAP_NET_RAW"
rm -r "$root/etc/systemd/system/netsnap.service.d"
say "exposure: $plain; with the raw-ICMP drop-in: $raw_icmp"
step "enabled; verify; security"

echo "badgeLabel: upgrade-test   # edited by the admin" >>"$root/etc/netsnap/netsnap.yml"
run_exec_start "before the upgrade"
history_sum=$(md5sum <"$root/var/lib/netsnap/history.sqlite")
uid=$(in_root id -u netsnap)
upgrade_dir=$cache/upgrade
rm -rf "$upgrade_dir" && dpkg-deb -R "$deb" "$upgrade_dir"
sed -i "s/^Version: .*/Version: $version+upgradetest/" "$upgrade_dir/DEBIAN/control"
dpkg-deb --root-owner-group -Znone -b "$upgrade_dir" "$root/tmp/netsnap_upgrade.deb" >/dev/null
apt_in_root install -y -qq /tmp/netsnap_upgrade.deb >"$cache/upgrade.log" 2>&1 || { cat "$cache/upgrade.log" >&2; fail "the upgrade"; }
[ "$(in_root netsnap --version)" = "$version" ] && [ "$(in_root dpkg-query -W -f='${Version}' netsnap)" = "$version+upgradetest" ] \
  || fail "the upgrade did not install"
grep -q "^badgeLabel: upgrade-test" "$root/etc/netsnap/netsnap.yml" || fail "the upgrade lost the edited conffile"
[ "$(md5sum <"$root/var/lib/netsnap/history.sqlite")" = "$history_sum" ] || fail "the upgrade touched the history"
[ "$(in_root id -u netsnap)" = "$uid" ] || fail "the upgrade changed the user"
[ -L "$root/etc/systemd/system/multi-user.target.wants/netsnap.service" ] || fail "the upgrade lost the enablement"
run_exec_start "after the upgrade"
step "upgrade keeps conffile edit and history"

apt_in_root purge -y -qq netsnap >"$cache/purge.log" 2>&1 || { cat "$cache/purge.log" >&2; fail "apt-get purge with systemd"; }
expect_gone_after_purge
step "apt-get purge with systemd, nothing left"

unmount_all
rm -rf --one-file-system "$root" "$upgrade_dir"
say "passed: $(basename "$deb") in $((SECONDS - started)) s"
