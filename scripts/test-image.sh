#!/usr/bin/env bash
# Tests the container image with podman, as root, on this host only (loopback and the
# containers' own network namespaces; nothing is pulled):
#   sudo bash scripts/test-image.sh              # builds netsnap:<version> and the broker image first
#   sudo bash scripts/test-image.sh --no-build   # tests the images already built
# Slow (the build reuses dist/'s package; a few minutes with it, ~15 min more without), so
# neither scripts/test.sh nor CI runs it.
#
# 1. netsnap:<version> as `podman run -p 127.0.0.1:PORT:8080` with its default command: it
#    runs as the netsnap user (uid 10001), answers /, /healthz and tiles (a PNG, an LED
#    matrix's bitmap-font tile), its HEALTHCHECK passes, `podman stop` ends it within 2 s
#    with exit status 0; `render --output /out` into a bind mount writes the outputs; the
#    archive in dist/ (docker-archive) names the image and its architecture and keeps the
#    HEALTHCHECK: loaded under another name, `podman healthcheck run` passes.
# 2. deploy/compose.yaml under podman-compose with the broker image built from Debian's
#    mosquitto: netsnap comes up healthy and publishes its retained MQTT state, read from
#    this host with mosquitto_sub through the broker's port published on 127.0.0.1; then down.
# This host's podman needs deploy/podman-test-containers.conf (runc, cgroupfs, ulimits).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

say() { echo "test-image: $*" >&2; }
fail() { echo "test-image: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "test-image: run as root (podman, buildah)" >&2; exit 2; }
build=true
case "${1:-}" in
  --no-build) build=false ;;
  "") ;;
  *) echo "usage: sudo bash scripts/test-image.sh [--no-build]" >&2; exit 2 ;;
esac

export CONTAINERS_CONF=$PWD/deploy/podman-test-containers.conf
started=$SECONDS
step_started=$SECONDS
step() {
  say "$(printf '%-52s' "$1") $((SECONDS - step_started)) s"
  step_started=$SECONDS
}

if $build; then
  bash scripts/build-image.sh --mosquitto
  step "build-image.sh --mosquitto"
fi
# podman-compose 1.x from PyPI: Debian 12's 1.0.3 predates what compose.yaml uses.
if ! podman-compose --version 2>/dev/null | grep -q "^podman-compose version 1\.\([1-9]\|[1-9][0-9]\)\."; then
  python3 -m pip install -q 'podman-compose>=1.1,<2'
fi
for tool in podman podman-compose mosquitto_sub curl python3; do command -v "$tool" >/dev/null || fail "$tool is missing"; done

deb_arch=$(dpkg --print-architecture)
deb=""
for candidate in dist/netsnap_*_"$deb_arch".deb; do
  if [ -f "$candidate" ] && { [ -z "$deb" ] || [ "$candidate" -nt "$deb" ]; }; then deb=$candidate; fi
done
[ -n "$deb" ] || fail "no dist/netsnap_*_$deb_arch.deb: run scripts/build-image.sh"
version=$(dpkg-deb -f "$deb" Version)
image=netsnap:$version
broker_image=netsnap-mosquitto:$(dpkg-query -W -f='${Version}' mosquitto | sed 's/[^A-Za-z0-9_.-]/-/g')
archive=dist/netsnap-$version-$deb_arch.docker.tar
podman image exists "$image" || fail "no image $image: run scripts/build-image.sh"
podman image exists "$broker_image" || fail "no image $broker_image: run scripts/build-image.sh --mosquitto"
grep -q "NETSNAP_IMAGE:-netsnap:$version}" deploy/compose.yaml || fail "deploy/compose.yaml does not default to $image"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
work=$(mktemp -d /tmp/netsnap-image-test.XXXXXX)
container=netsnap-image-test-$$
project=netsnap-image-test-$$
compose_up=false
cleanup() {
  podman rm -f -v -t 0 "$container" >/dev/null 2>&1 || true
  if $compose_up; then
    (cd deploy && podman-compose -p "$project" down -v -t 2 >/dev/null 2>&1) || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# ---- 1. the image on its own --------------------------------------------------------------
size=$(podman image inspect --format '{{.Size}}' "$image")
say "$image: $((size / 1024 / 1024)) MiB; $archive: $(($(stat -c %s "$archive") / 1024 / 1024)) MiB"
python3 - "$archive" "$image" <<'EOF' || fail "the archive is not the image"
import json, sys, tarfile
archive, image = sys.argv[1], sys.argv[2]
with tarfile.open(archive) as tar:
    [entry] = json.load(tar.extractfile("manifest.json"))
    assert image in entry["RepoTags"] or f"localhost/{image}" in entry["RepoTags"], entry
    config = json.load(tar.extractfile(entry["Config"]))
    assert config["os"] == "linux" and config["architecture"], config
    assert config["config"]["User"] == "netsnap" and config["config"]["Entrypoint"] == ["/usr/bin/netsnap"], config
    assert config["config"]["Healthcheck"]["Test"] == ["CMD", "/usr/bin/netsnap", "health"], config["config"].get("Healthcheck")
    print(f"archive: {image}, {config['architecture']}, {len(entry['Layers'])} layer(s), health check kept", file=sys.stderr)
EOF
# As a user who copied the archive to another machine: loaded into a store of its own (so
# nothing of the built image helps), run, and its health check passes.
fresh=(podman --root "$work/store" --runroot "$work/run")
"${fresh[@]}" load -q -i "$archive" >/dev/null || fail "podman load -i $archive"
"${fresh[@]}" run -d --name "$container-archive" --health-interval disable "$image" >/dev/null
for _ in $(seq 50); do "${fresh[@]}" healthcheck run "$container-archive" >/dev/null 2>&1 && break; sleep 0.2; done
"${fresh[@]}" healthcheck run "$container-archive" >/dev/null || fail "the loaded archive's health check does not pass"
"${fresh[@]}" rm -f -t 0 "$container-archive" >/dev/null
step "archive loaded: its HEALTHCHECK passes"

port=$(free_port)
# No health timer: podman makes it a systemd timer, and this host has no systemd (the check is
# run by hand below).
podman run -d --name "$container" --health-interval disable -p "127.0.0.1:$port:8080" "$image" >/dev/null
base=http://127.0.0.1:$port
for _ in $(seq 1 150); do
  curl -fsS -o /dev/null "$base/healthz" 2>/dev/null && break
  [ "$(podman inspect -f '{{.State.Running}}' "$container")" = true ] || { podman logs "$container" >&2; fail "the container ended"; }
  sleep 0.2
done
curl -fsS -o "$work/healthz" "$base/healthz" || { podman logs "$container" >&2; fail "/healthz is not 200"; }
step "podman run $image, /healthz 200"

[ "$(podman inspect -f '{{.Config.User}}' "$container")" = netsnap ] || fail "the image's user is not netsnap"
pid=$(podman inspect -f '{{.State.Pid}}' "$container")
uids=$(awk '$1 == "Uid:" { print $2, $3, $4, $5 }' "/proc/$pid/status")
[ "$uids" = "10001 10001 10001 10001" ] || fail "netsnap runs as uids $uids, not 10001"
curl -fsS -o "$work/index.html" "$base/"
curl -fsS -o "$work/medium.png" "$base/tiles/medium.png?scale=2"
curl -fsS -o "$work/led.png" "$base/tiles/led-64x32.png"
curl -fsS -o "$work/widgets.json" "$base/widgets.json"
python3 - "$work" <<'EOF' || fail "what the container served is wrong"
import json, pathlib, struct, sys
work = pathlib.Path(sys.argv[1])
def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])
assert json.loads((work / "healthz").read_text())["status"] == "ok"
assert "<html" in (work / "index.html").read_text().lower()
assert png_size(work / "medium.png") == (2 * 364, 2 * 170), png_size(work / "medium.png")
assert png_size(work / "led.png") == (64, 32)
assert json.loads((work / "widgets.json").read_text())["overall"] in ("online", "degraded", "offline")
EOF
podman healthcheck run "$container" >/dev/null || fail "the image's HEALTHCHECK (netsnap health) fails"
step "user 10001; /, tiles, widgets.json; HEALTHCHECK"

stop_started=$(date +%s%N)
podman stop -t 10 "$container" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code=$(podman inspect -f '{{.State.ExitCode}}' "$container")
[ "$exit_code" = 0 ] || { podman logs "$container" >&2; fail "netsnap exited with $exit_code on SIGTERM (137: it was killed)"; }
[ "$stop_ms" -lt 2000 ] || fail "podman stop took $stop_ms ms"
say "podman stop: $stop_ms ms, exit status 0"
podman rm -v "$container" >/dev/null
step "podman stop within 2 s"

install -d -o 10001 -g 10001 "$work/out"
podman run --rm -v "$work/out:/out" "$image" render --output /out >/dev/null 2>"$work/render.log" \
  || { cat "$work/render.log" >&2; fail "render --output /out"; }
for file in widgets.json index.html netsnap.css tiles/medium@2x-dark.png; do
  [ -s "$work/out/$file" ] || fail "render --output /out wrote no $file"
done
[ "$(stat -c %u "$work/out/widgets.json")" = 10001 ] || fail "the outputs are not the netsnap user's"
step "render --output /out into a bind mount"

# ---- 2. compose: netsnap and its broker -----------------------------------------------------
http_port=$(free_port)
mqtt_port=$(free_port)
export NETSNAP_IMAGE=$image MOSQUITTO_IMAGE=$broker_image
export NETSNAP_PUBLISH=127.0.0.1:$http_port MQTT_PUBLISH=127.0.0.1:$mqtt_port
compose_up=true
(cd deploy && podman-compose -p "$project" up -d) >"$work/compose.log" 2>&1 || { cat "$work/compose.log" >&2; fail "podman-compose up"; }
for _ in $(seq 1 150); do
  curl -fsS -o /dev/null "http://127.0.0.1:$http_port/healthz" 2>/dev/null && break
  sleep 0.2
done
curl -fsS -o /dev/null "http://127.0.0.1:$http_port/healthz" || { (cd deploy && podman-compose -p "$project" logs) >&2; fail "compose: netsnap is not healthy"; }
step "podman-compose up ($broker_image)"

# Everything is retained: a subscriber gets the state as soon as netsnap has published it once.
published() {
  grep -q "^netsnap/netsnap/availability online$" "$work/mqtt.txt" \
    && grep -Eq "^netsnap/netsnap/status (online|degraded|offline)$" "$work/mqtt.txt" \
    && grep -q '^homeassistant/sensor/netsnap/[^ ]*/config {' "$work/mqtt.txt"
}
for _ in $(seq 1 10); do
  timeout 10 mosquitto_sub -h 127.0.0.1 -p "$mqtt_port" -t 'netsnap/#' -t 'homeassistant/#' -v -W 2 >"$work/mqtt.txt" 2>&1 || true
  if published; then break; fi
done
published || { cat "$work/mqtt.txt" >&2; (cd deploy && podman-compose -p "$project" logs) >&2; fail "compose: netsnap's state is not on the broker"; }
say "compose: $(grep -c '^netsnap/' "$work/mqtt.txt") retained state topics, $(grep -c '^homeassistant/' "$work/mqtt.txt") discovery configs"
netsnap_container=$(podman ps --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=netsnap" --format '{{.Names}}')
[ -n "$netsnap_container" ] || fail "compose: no netsnap container found by label"
podman healthcheck run "$netsnap_container" >/dev/null || fail "compose: the healthcheck fails"
step "MQTT state and discovery from the host; healthcheck"

(cd deploy && podman-compose -p "$project" down -v -t 10) >"$work/compose-down.log" 2>&1 || { cat "$work/compose-down.log" >&2; fail "podman-compose down"; }
compose_up=false
[ -z "$(podman ps -a --filter "label=com.docker.compose.project=$project" --format '{{.Names}}')" ] || fail "compose down left containers"
step "podman-compose down"

say "passed: $image ($((size / 1024 / 1024)) MiB, archive $(($(stat -c %s "$archive") / 1024 / 1024)) MiB, stop $stop_ms ms) in $((SECONDS - started)) s"
