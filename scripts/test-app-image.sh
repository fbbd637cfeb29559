#!/usr/bin/env bash
# Runs the Home Assistant app image with podman as the Supervisor runs it, as root, inside
# two network namespaces this script makes (nothing reaches the host's network or the LAN):
#   sudo bash scripts/test-app-image.sh              # builds the images first (see below)
#   sudo bash scripts/test-app-image.sh --no-build   # tests the app image already built
# - "host": the app's host network (config.yaml's host_network), holding 172.30.32.1, the
#   hassio bridge's gateway, where the Supervisor reaches a host-network app's ingress port;
#   a Mosquitto with a password runs there on 127.0.0.1:1883.
# - "supervisor": 172.30.32.2, the Supervisor: the services API stand-in on port 80 (the
#   app's SUPERVISOR_API is http://172.30.32.2, as http://supervisor resolves in an app) and
#   the ingress proxy stand-in (Tests/python/homeassistant_standins.py).
# The container: `podman run --network ns:<host> --runtime runc --ulimit nofile=20000:20000
# --ulimit nproc=32768:32768 --tmpfs /tmp -v DATA:/data -e SUPERVISOR_TOKEN -e TZ` with an
# options.json in DATA, the image's own entry point (and --health-cmd none: this host has no
# systemd for podman's health timers; the image has no health check anyway). Checked: the
# dashboard, its scripts and widgets.json through the ingress prefix; a peer other than
# 172.30.32.2 gets a 403; netsnap found the broker through the services API and its retained
# state is there; the history is in /data/state; `podman stop` ends it with status 0. Slow
# with the build (the package's release build is ~15 min on two idle cores, the two images
# under a minute), so neither scripts/test.sh nor CI runs it.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

say() { echo "test-app-image: $*" >&2; }
fail() { echo "test-app-image: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "test-app-image: run as root (podman, ip netns)" >&2; exit 2; }
build=true
case "${1:-}" in
  --no-build) build=false ;;
  "") ;;
  *) echo "usage: sudo bash scripts/test-app-image.sh [--no-build]" >&2; exit 2 ;;
esac
export CONTAINERS_CONF=$PWD/deploy/podman-test-containers.conf
started=$SECONDS
if $build; then
  bash scripts/build-image.sh
  bash scripts/build-app-image.sh
  say "images built in $((SECONDS - started)) s"
fi
for tool in podman ip mosquitto mosquitto_passwd mosquitto_sub curl python3; do command -v "$tool" >/dev/null || fail "$tool is missing"; done

config=deploy/homeassistant/netsnap/config.yaml
version=$(sed -n 's/^version: "\(.*\)"$/\1/p' "$config")
port=$(sed -n 's/^ingress_port: //p' "$config")
case $(dpkg --print-architecture) in amd64) hass_arch=amd64 ;; arm64) hass_arch=aarch64 ;; *) fail "no app image for this architecture" ;; esac
image=$(sed -n 's/^image: \(.*\)-{arch}$/\1/p' "$config")-$hass_arch:$version
podman image exists "$image" || fail "no image $image: run scripts/build-app-image.sh"

work=$(mktemp -d /tmp/netsnap-app-test.XXXXXX)
host=netsnap-app-host-$$
supervisor=netsnap-app-supervisor-$$
container=netsnap-app-test-$$
token=supervisor-token-$$-0123456789abcdef
pids=()
cleanup() {
  podman rm -f -t 0 "$container" >/dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  ip netns del "$host" 2>/dev/null || true
  ip netns del "$supervisor" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
in_host() { ip netns exec "$host" "$@"; }
in_supervisor() { ip netns exec "$supervisor" "$@"; }

# ---- the two namespaces and the hassio bridge between them ----------------------------------
ip netns add "$host"
ip netns add "$supervisor"
ip link add "nsh$$" type veth peer name "nss$$"
ip link set "nsh$$" netns "$host"
ip link set "nss$$" netns "$supervisor"
in_host ip addr add 172.30.32.1/23 dev "nsh$$"
in_supervisor ip addr add 172.30.32.2/23 dev "nss$$"
for ns in "$host" "$supervisor"; do ip netns exec "$ns" ip link set lo up; done
in_host ip link set "nsh$$" up
in_supervisor ip link set "nss$$" up

# ---- the broker, the services API and the ingress proxy --------------------------------------
mosquitto_passwd -b -c "$work/passwd" addons broker-password-$$ >/dev/null
# user root: as root, mosquitto would become the mosquitto user, who cannot read $work.
printf 'listener 1883 127.0.0.1\nallow_anonymous false\npassword_file %s\nuser root\npersistence false\nlog_dest none\n' "$work/passwd" >"$work/mosquitto.conf"
# Started without the in_* functions, which would run in a subshell: $! is then the program itself.
ip netns exec "$host" mosquitto -c "$work/mosquitto.conf" 2>/dev/null &
pids+=($!)
mqtt='{"host": "127.0.0.1", "port": 1883, "ssl": false, "protocol": "3.1.1", "username": "addons", "password": "broker-password-'$$'", "addon": "core_mosquitto"}'
ip netns exec "$supervisor" python3 Tests/python/homeassistant_standins.py --listen 172.30.32.2 --api-port 80 --proxy-port 8099 \
  --upstream "172.30.32.1:$port" --token "$token" --mqtt "$mqtt" >"$work/standins.log" 2>&1 &
pids+=($!)
ingress=http://172.30.32.2:8099/api/hassio_ingress/Xy7_ingress-token

# ---- the app, as the Supervisor starts it ------------------------------------------------------
mkdir -p "$work/data"
printf '{"source": "sample", "interval_seconds": 5, "gateway_latency": false, "targets": [], "sweep": false, "redact": false, "verbose": false}\n' >"$work/data/options.json"
run_started=$(date +%s%N)
podman run -d --name "$container" --network "ns:/run/netns/$host" --runtime runc --health-cmd none \
  --ulimit nofile=20000:20000 --ulimit nproc=32768:32768 --tmpfs /tmp -v "$work/data:/data" \
  -e SUPERVISOR_TOKEN="$token" -e SUPERVISOR_API=http://172.30.32.2 -e TZ=Europe/Zurich "$image" >/dev/null
for _ in $(seq 1 150); do
  in_supervisor curl -fsS -o /dev/null "$ingress/" 2>/dev/null && break
  [ "$(podman inspect -f '{{.State.Running}}' "$container")" = true ] || { podman logs "$container" >&2; fail "the app ended"; }
  sleep 0.2
done
first_page_ms=$((($(date +%s%N) - run_started) / 1000000))
in_supervisor curl -fsS -o "$work/index.html" "$ingress/" || { podman logs "$container" >&2; fail "the dashboard is not served through ingress"; }
say "dashboard through the ingress prefix $first_page_ms ms after podman run"

for path in netsnap.css live.js netsnap.js widgets.json healthz "tiles/medium.png?scale=2"; do
  in_supervisor curl -fsS -o /dev/null "$ingress/$path" || fail "$path is not served through ingress"
done
grep -q 'src="netsnap.js"' "$work/index.html" || fail "the dashboard does not load its script by a relative URL"
! grep -Eq '(href|src)="/' "$work/index.html" || fail "the dashboard has an absolute URL, which would leave the ingress prefix"
status=$(in_host curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
[ "$status" = 403 ] || fail "a peer other than the Supervisor got $status, not 403"
say "through ingress: /, css, scripts, widgets.json, healthz, a tile; from 127.0.0.1 on the host: 403"

# mosquitto_sub ends with 27 when -W runs out: its output is read afterwards, not through a pipe.
published() {
  in_host mosquitto_sub -h 127.0.0.1 -p 1883 -u addons -P "broker-password-$$" -t 'netsnap/+/availability' --retained-only -W 2 -v \
    >"$work/mqtt.txt" 2>&1 || true
  grep -q ' online$' "$work/mqtt.txt"
}
for _ in $(seq 1 10); do published && break; sleep 1; done
published || { podman logs "$container" >&2; fail "netsnap's state is not on the broker the services API named"; }
podman logs "$container" 2>&1 | grep -q "MQTT: the Supervisor's broker 127.0.0.1:1883 as addons" || fail "the log does not say where MQTT came from"
ls "$work/data/state" 2>/dev/null | grep -q . || fail "nothing in /data/state"
say "MQTT through the services API: retained availability online; /data/state: $(ls "$work/data/state" | tr '\n' ' ')"

stop_started=$(date +%s%N)
podman stop -t 10 "$container" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code=$(podman inspect -f '{{.State.ExitCode}}' "$container")
[ "$exit_code" = 0 ] || { podman logs "$container" >&2; fail "the app exited with $exit_code on SIGTERM"; }
size=$(podman image inspect --format '{{.Size}}' "$image")
say "passed: $image ($((size / 1024 / 1024)) MiB), first page $first_page_ms ms, stop $stop_ms ms, $((SECONDS - started)) s in all"
