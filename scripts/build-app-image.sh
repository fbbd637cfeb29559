#!/usr/bin/env bash
# Builds the Home Assistant app image from the netsnap image (scripts/build-image.sh) with
# buildah — no Dockerfile: the image has no shell, and nothing is added but its settings:
#   sudo bash scripts/build-app-image.sh           # builds netsnap:<version> first when missing
# makes ghcr.io/netsnap/netsnap-homeassistant-<hass arch>:<version> (the name config.yaml's
# `image:` gives the Supervisor, {arch} being amd64 or aarch64) and
# dist/netsnap-homeassistant-<version>-<arch>.oci.tar. What changes from netsnap:<version>:
# - entry point `netsnap homeassistant-app` (the options in /data/options.json);
# - user root: the Supervisor makes /data root's and has no setting for the container's user;
# - no NETSNAP_CONFIG (the app reads /config/netsnap.yml when it exists), no volume (the
#   Supervisor mounts /data; an anonymous volume per start would pile up), no exposed port
#   (ingress), and no HEALTHCHECK: it asks 127.0.0.1:8080, which the app neither binds nor
#   lets in (only the ingress proxy may connect), and Docker would call the app unhealthy;
# - labels io.hass.type (app, as the Supervisor labels the app images it builds; "addon" is
#   its legacy name), io.hass.version, io.hass.arch, io.hass.name, io.hass.description, io.hass.url.
# The architecture is this machine's (dpkg): an aarch64 image needs netsnap built for arm64.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
export BUILDAH_FORMAT=docker

say() { echo "build-app-image: $*" >&2; }
fail() { echo "build-app-image: error: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root (buildah)"
[ $# -eq 0 ] || { echo "usage: sudo bash scripts/build-app-image.sh" >&2; exit 2; }

config=deploy/homeassistant/netsnap/config.yaml
version=$(sed -n 's/^version: "\(.*\)"$/\1/p' "$config")
image_base=$(sed -n 's/^image: \(.*\)-{arch}$/\1/p' "$config")
[ -n "$version" ] && [ -n "$image_base" ] || fail "$config has no version or no image ending in -{arch}"
deb_arch=$(dpkg --print-architecture)
case $deb_arch in
  amd64) hass_arch=amd64 ;;
  arm64) hass_arch=aarch64 ;;
  *) fail "the app is built for amd64 and aarch64, not dpkg's $deb_arch" ;;
esac

if ! podman image exists "netsnap:$version"; then
  say "netsnap:$version is missing: scripts/build-image.sh first"
  bash scripts/build-image.sh
fi
# build-image.sh labels the image with the version its binary says (no container is run here).
built=$(podman image inspect --format '{{index .Config.Labels "org.opencontainers.image.version"}}' "netsnap:$version")
[ "$built" = "$version" ] || fail "netsnap:$version holds netsnap $built; $config says $version"

started=$SECONDS
tag=$image_base-$hass_arch:$version
container=$(buildah from "netsnap:$version")
trap 'buildah rm "$container" >/dev/null 2>&1 || true' EXIT
# The netsnap image's command first, so that buildah does not warn it would follow the new entry point.
buildah config --cmd '' "$container"
buildah config \
  --created-by "scripts/build-app-image.sh" \
  --user root \
  --workingdir /data \
  --env NETSNAP_CONFIG- \
  --volume /var/lib/netsnap- \
  --port 8080- \
  --healthcheck NONE \
  --entrypoint '["/usr/bin/netsnap", "homeassistant-app"]' \
  --label io.hass.type=app \
  --label io.hass.version="$version" \
  --label io.hass.arch="$hass_arch" \
  --label io.hass.name=netsnap \
  --label io.hass.description="$(sed -n 's/^description: //p' "$config")" \
  --label io.hass.url="$(sed -n 's/^url: //p' "$config")" \
  --label org.opencontainers.image.title=netsnap-homeassistant \
  "$container"
previous=$(podman image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)
buildah commit --quiet --format docker --rm "$container" "$tag" >/dev/null
trap - EXIT
if [ -n "$previous" ]; then buildah rmi "$previous" >/dev/null 2>&1 || true; fi

entrypoint=$(podman image inspect --format '{{json .Config.Entrypoint}}' "$tag")
[ "$entrypoint" = '["/usr/bin/netsnap","homeassistant-app"]' ] || fail "$tag's entry point is $entrypoint"
[ "$(podman image inspect --format '{{index .Config.Labels "io.hass.arch"}}' "$tag")" = "$hass_arch" ] || fail "$tag lacks io.hass.arch"
mkdir -p dist
archive=dist/netsnap-homeassistant-$version-$deb_arch.oci.tar
rm -f "$archive"
buildah push --quiet "$tag" "oci-archive:$archive:$tag"
size=$(podman image inspect --format '{{.Size}}' "$tag")
say "$tag: $((size / 1024 / 1024)) MiB ($size bytes); $archive: $(du -k "$archive" | cut -f1) KiB; $((SECONDS - started)) s"
