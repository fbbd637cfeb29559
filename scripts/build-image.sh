#!/usr/bin/env bash
# Builds the container image netsnap:<version> from scratch with buildah — no base image,
# nothing pulled: the Debian package's files (scripts/package-deb.sh's static release build),
# every shared library the binary links or opens on first use with their own dependencies,
# the dynamic loader and its cache, the fonts with a font cache, CA certificates, time zones,
# the IEEE vendor registry, and a non-root user — then writes
# dist/netsnap-<version>-<arch>.docker.tar.
#   sudo bash scripts/build-image.sh               # netsnap:<version>
#   sudo bash scripts/build-image.sh --mosquitto   # and netsnap-mosquitto:<Debian's version>,
#                                                  # a broker for scripts/test-image.sh
# Needs root (buildah mount, chroot), Debian 12 with Swift 6 when the package has to be built;
# installs buildah, podman and runc, and the packages whose files it copies, when missing.
# Reuses dist/netsnap_<version>_<arch>.deb when it is newer than the sources, else runs
# scripts/package-deb.sh first (about 15 min on two cores the first time). The image is in
# Docker format, since OCI images cannot carry a HEALTHCHECK; so is the archive (a
# docker-archive, which `podman load` and `docker load` read), so an image copied to a Pi
# keeps its health check. Nothing here assumes amd64: libraries are found
# through ldd and the multiarch folder, the architecture comes from dpkg.
# NETSNAP_IMAGE_KEEP=1 keeps the working container of a failed build for a look inside.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

# Docker format from the start: buildah warns at `config --healthcheck` on OCI containers.
export BUILDAH_FORMAT=docker

say() { echo "build-image: $*" >&2; }
fail() { echo "build-image: error: $*" >&2; exit 1; }

mosquitto=false
for argument in "$@"; do
  case $argument in
    --mosquitto) mosquitto=true ;;
    *) echo "usage: sudo bash scripts/build-image.sh [--mosquitto]" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || fail "run as root (buildah mount, chroot)"

# The image tools, and the Debian packages whose files go into the images. Not in
# scripts/setup.sh: CI does not build images.
image_packages=(buildah podman runc)
content_packages=(fonts-inter fonts-dejavu-core fonts-noto-cjk xfonts-base fontconfig ca-certificates tzdata ieee-data iw libmosquitto1 libqrencode4 libwebp7)
if $mosquitto; then content_packages+=(mosquitto); fi
missing=()
for package in "${image_packages[@]}" "${content_packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  # A daemon installed here must not start (mosquitto): policy-rc.d says "not allowed".
  policy=/usr/sbin/policy-rc.d
  made_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy"
    made_policy=true
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || install_failed=true
  if $made_policy; then rm -f "$policy"; fi
  [ -z "${install_failed:-}" ] || fail "apt-get install ${missing[*]} failed"
fi
for tool in buildah ldd ldconfig dpkg-deb dpkg-architecture chroot; do
  command -v "$tool" >/dev/null || fail "$tool is missing"
done

deb_arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
case $deb_arch in
  amd64 | arm64 | riscv64 | s390x) oci_arch=$deb_arch; oci_variant="" ;;
  armhf) oci_arch=arm; oci_variant=v7 ;;
  i386) oci_arch=386; oci_variant="" ;;
  ppc64el) oci_arch=ppc64le; oci_variant="" ;;
  *) fail "no OCI architecture known for dpkg's $deb_arch" ;;
esac

# ---- the package: reused when newer than every source file --------------------------------
newest_deb() {
  local candidate newest=""
  for candidate in dist/netsnap_*_"$deb_arch".deb; do
    [ -f "$candidate" ] || continue
    if [ -z "$newest" ] || [ "$candidate" -nt "$newest" ]; then newest=$candidate; fi
  done
  echo "$newest"
}
deb=$(newest_deb)
stale=""
if [ -n "$deb" ]; then
  stale=$(find Sources Templates Package.swift deploy/debian scripts/package-deb.sh -newer "$deb" -print -quit)
fi
if [ -z "$deb" ] || [ -n "$stale" ]; then
  say "building the package first (scripts/package-deb.sh)${stale:+: $stale is newer than $deb}"
  bash scripts/package-deb.sh
  deb=$(newest_deb)
  [ -n "$deb" ] || fail "scripts/package-deb.sh wrote no dist/netsnap_*_$deb_arch.deb"
else
  say "reusing $deb"
fi
work=.build-image
rm -rf "$work/deb" && mkdir -p "$work"
dpkg-deb -x "$deb" "$work/deb"
version=$("$work/deb/usr/bin/netsnap" --version)
[ "$version" = "$(dpkg-deb -f "$deb" Version)" ] || fail "$deb holds netsnap $version, not its own version"

# ---- copying host files into a mounted root -------------------------------------------------
# cp -a keeps owner, mode and times (buildah copy would reset ownership); symbolic links are
# copied as links and followed, so /lib → usr/lib and the soname links come along.
mount=""
copy_dir() {
  local dir=$1 target
  [ "$dir" = / ] && return 0
  if [ -e "$mount$dir" ] || [ -L "$mount$dir" ]; then return 0; fi
  copy_dir "$(dirname "$dir")"
  if [ -L "$dir" ]; then
    cp -a "$dir" "$mount$dir"
    target=$(readlink "$dir")
    case $target in /*) copy_dir "$target" ;; *) copy_dir "$(realpath -sm "$(dirname "$dir")/$target")" ;; esac
  else
    install -d -m "$(stat -c %a "$dir")" -o "$(stat -c %u "$dir")" -g "$(stat -c %g "$dir")" "$mount$dir"
  fi
}
copy_path() {
  local path=$1 parent target
  if [ -e "$mount$path" ] || [ -L "$mount$path" ]; then return 0; fi
  parent=$(dirname "$path")
  copy_dir "$parent"
  # The parent may be a link in the root too (/lib): resolve the real folder on the host.
  cp -a "$path" "$mount$(realpath "$parent")/"
  if [ -L "$path" ]; then
    target=$(readlink "$path")
    case $target in /*) copy_path "$target" ;; *) copy_path "$(realpath -sm "$parent/$target")" ;; esac
  fi
}
# Every file (not folder) a package installed, and its copyright.
copy_package() {
  local package=$1 path listing
  note_package "$package"
  listing=$(dpkg-query -L "$package")
  while read -r path; do
    if [ -L "$path" ] || [ -f "$path" ]; then copy_path "$path"; fi
  done <<<"$listing"
}
# The shared libraries `ldd` resolves for each file given, and theirs, and the loader.
copy_with_libraries() {
  local queue=("$@") seen=" " file listing library
  while [ ${#queue[@]} -gt 0 ]; do
    file=${queue[0]}
    queue=("${queue[@]:1}")
    case $seen in *" $file "*) continue ;; esac
    seen+="$file "
    copy_path "$file"
    note_owner "$file"
    listing=$(ldd "$file" 2>&1) || fail "ldd $file: $listing"
    if grep -q "not found" <<<"$listing"; then fail "unresolved libraries of $file:"$'\n'"$listing"; fi
    while read -r library; do
      [ -n "$library" ] && queue+=("$library")
    done < <(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' <<<"$listing")
  done
}
# The library file for a soname, in the multiarch folders.
library_path() {
  local soname=$1 dir
  for dir in "/lib/$multiarch" "/usr/lib/$multiarch"; do
    if [ -e "$dir/$soname" ]; then echo "$dir/$soname"; return 0; fi
  done
  fail "$soname is not installed in /lib/$multiarch or /usr/lib/$multiarch"
}
# The loader's configuration and cache, for dlopen by soname.
finish_libraries() {
  install -d "$mount/etc"
  printf '/usr/lib/%s\n/lib/%s\n' "$multiarch" "$multiarch" >"$mount/etc/ld.so.conf"
  ldconfig -r "$mount"
  [ -s "$mount/etc/ld.so.cache" ] || fail "ldconfig wrote no ld.so.cache"
}
# The packages files were copied from, for their copyright files.
packages=" "
note_package() {
  case $packages in *" $1 "*) ;; *) packages+="$1 " ;; esac
}
# The package that owns a path; ldd says /lib/…, dpkg may know it as /usr/lib/… (usrmerge).
note_owner() {
  local path=$1 candidate owners
  for candidate in "$path" "/usr$path" "${path#/usr}" "$(readlink -f "$path")"; do
    owners=$(dpkg-query -S "$candidate" 2>/dev/null) || continue
    owners=${owners%%$'\n'*}
    note_package "${owners%%:*}"
    return 0
  done
  fail "no Debian package owns $path"
}
# Debian's copyright file of every package something was copied from.
copy_copyrights() {
  local package
  for package in $packages; do
    if [ -f "/usr/share/doc/$package/copyright" ]; then copy_path "/usr/share/doc/$package/copyright"; fi
  done
}

new_root() {
  local container
  container=$(buildah from --arch "$oci_arch" ${oci_variant:+--variant "$oci_variant"} scratch)
  echo "$container"
}
# A working container left by a failure is removed on the way out.
cleanup_container=""
proc_mounted=""
cleanup() {
  if [ -n "$proc_mounted" ]; then umount "$proc_mounted" || true; fi
  if [ -n "$cleanup_container" ]; then
    buildah umount "$cleanup_container" >/dev/null 2>&1 || true
    buildah rm "$cleanup_container" >/dev/null 2>&1 || true
  fi
}
[ -n "${NETSNAP_IMAGE_KEEP:-}" ] || trap cleanup EXIT

# Usrmerge as on the host (/bin → usr/bin, /lib → usr/lib, …), /tmp, an empty /etc.
base_layout() {
  local link
  for link in bin sbin lib lib32 lib64 libx32; do
    if [ -L "/$link" ]; then copy_dir "/$link"; fi
  done
  install -d -m 1777 "$mount/tmp"
  install -d -m 755 "$mount/etc" "$mount/var" "$mount/var/cache"
  printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$mount/etc/nsswitch.conf"
}

# ---- netsnap:<version> ----------------------------------------------------------------------
started=$SECONDS
container=$(new_root)
cleanup_container=$container
mount=$(buildah mount "$container")
say "netsnap $version for $deb_arch in $container ($mount)"
base_layout

# The package's files at the paths the binary looks for (/usr/share/netsnap), its copyright
# and the conffile, every key commented (NETSNAP_CONFIG points at it; mount your own there).
install -d -m 755 "$mount/usr/bin" "$mount/usr/share/doc/netsnap" "$mount/etc/netsnap"
cp -a "$work/deb/usr/bin/netsnap" "$mount/usr/bin/netsnap"
cp -a "$work/deb/usr/share/netsnap" "$mount/usr/share/netsnap"
cp -a "$work/deb/usr/share/doc/netsnap/copyright" "$mount/usr/share/doc/netsnap/copyright"
cp -a "$work/deb/etc/netsnap/netsnap.yml" "$mount/etc/netsnap/netsnap.yml"
chown -R root:root "$mount/usr/bin/netsnap" "$mount/usr/share/netsnap" "$mount/usr/share/doc/netsnap" "$mount/etc/netsnap"

# Libraries: what netsnap links, what it opens on first use (text, PNG, QR codes, MQTT push, WebP),
# and iw's (the Wi-Fi link, under --network host) and fc-cache's. Avahi's client is left out:
# --discover and serve.advertise need the host's D-Bus and avahi-daemon, which a container
# does not see; they say so and exit 6.
lazily_opened=(libfreetype.so.6 libharfbuzz.so.0 libfontconfig.so.1 libfribidi.so.0 libpng16.so.16 libdeflate.so.0
  libqrencode.so.4 libmosquitto.so.1 libwebp.so.7)
lazy_paths=()
for soname in "${lazily_opened[@]}"; do lazy_paths+=("$(library_path "$soname")"); done
copy_with_libraries /usr/bin/fc-cache /usr/sbin/iw "${lazy_paths[@]}"
mount_binary_libraries=$(ldd "$mount/usr/bin/netsnap")
if grep -q "not found" <<<"$mount_binary_libraries"; then fail "unresolved libraries of netsnap:"$'\n'"$mount_binary_libraries"; fi
netsnap_libraries=()
while read -r library; do netsnap_libraries+=("$library"); done \
  < <(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' <<<"$mount_binary_libraries")
copy_with_libraries "${netsnap_libraries[@]}"
finish_libraries

# Fonts (Inter, DejaVu for what Inter lacks, Noto Sans CJK for Japanese, xfonts-base's misc-fixed bitmap fonts for LED
# matrices), fontconfig's configuration and a cache made for this root by its own fc-cache.
# Of Inter's 36 faces, the four netsnap draws with: upright Inter at 400, 500, 600 and 700
# (FontWeight; the family is fixed). Italics, other weights and Inter Display (8.7 MB) cover
# no character Inter lacks, so fontconfig never picks them for one either.
note_package fonts-inter
for face in Regular Medium SemiBold Bold; do copy_path "/usr/share/fonts/opentype/inter/Inter-$face.otf"; done
# DejaVu Sans, the fallback family (tiles.fallbackFont) for what Inter lacks (Arabic, Hebrew,
# symbols): its two upright faces, which the four weights resolve to. DejaVu Sans Mono and
# Serif (1.4 MB) cover nothing Sans does not.
note_package fonts-dejavu-core
for face in "" -Bold; do copy_path "/usr/share/fonts/truetype/dejavu/DejaVuSans$face.ttf"; done
# xfonts-base: only the five misc-fixed faces LED matrices are drawn in (MicroTile.fontNames),
# 0.24 MB of its 7.1 — the rest are other sizes and CJK bitmap faces no tile draws with. The
# checks below draw a panel of each height class.
note_package xfonts-base
for face in 6x10 7x13 7x13B 9x15B 10x20; do copy_path "/usr/share/fonts/X11/misc/$face.pcf.gz"; done
# Japanese (locale: ja-JP): Noto Sans CJK's regular face alone, 19 MB of the package's 93 —
# headings drawn bold in Latin stay regular in Japanese, which reads well on every panel.
copy_path /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
note_package fonts-noto-cjk
while read -r path; do copy_path "$path"; done < <(find /etc/fonts \( -type f -o -type l \))
copy_package fontconfig-config
install -d -m 755 "$mount/var/cache/fontconfig"
chroot "$mount" /usr/bin/fc-cache -s -f
ls "$mount"/var/cache/fontconfig/*.cache-* >/dev/null 2>&1 || fail "fc-cache wrote no cache"

# CA certificates (the bundle AsyncHTTPClient and libmosquitto read), time zones (UTC unless
# TZ= or the config's timeZone says otherwise), the IEEE registry's CSV files (vendor names).
copy_path /etc/ssl/certs/ca-certificates.crt
note_package ca-certificates
copy_package tzdata
# (zoneinfo/localtime links to /etc/localtime, so the host's may have come along: UTC instead.)
ln -sfn ../usr/share/zoneinfo/Etc/UTC "$mount/etc/localtime"
# (the three GatherConfiguration reads; iab.csv, the older 36-bit blocks, is not among them)
for file in oui mam oui36; do copy_path "/usr/share/ieee-data/$file.csv"; done
note_package ieee-data

# Users: root, netsnap (10001) and nobody; the state volume belongs to netsnap.
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnetsnap:x:10001:10001:netsnap:/var/lib/netsnap:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' \
  >"$mount/etc/passwd"
printf 'root:x:0:\nnetsnap:x:10001:\nnogroup:x:65534:\n' >"$mount/etc/group"
install -d -m 755 "$mount/var/lib"
install -d -m 750 -o 10001 -g 10001 "$mount/var/lib/netsnap"
copy_copyrights

# The image checks itself before it is committed: every library loads (render draws tiles,
# an LED tile needs the bitmap fonts, MQTT push opens libmosquitto — against a closed port on
# loopback, which is retried, not an error), as the netsnap user.
# Swift reads its arguments from /proc/self/cmdline: /proc is mounted for the checks.
check=/tmp/netsnap-image-check
install -d -o 10001 -g 10001 "$mount$check"
install -d "$mount/proc"
mount -t proc proc "$mount/proc"
proc_mounted=$mount/proc
in_image() {
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$check" LANG=C.UTF-8 chroot --userspec=10001:10001 "$mount" "$@"
}
in_image /usr/bin/netsnap render --output "$check/render" >/dev/null 2>"$work/check.log" \
  || { cat "$work/check.log" >&2; fail "netsnap render fails in the image"; }
for led in led-64x32 96x48:rgb led-128x64; do
  in_image /usr/bin/netsnap tile --display "$led" --output "$check/led.png" 2>"$work/check.log" \
    || { cat "$work/check.log" >&2; fail "an LED tile ($led) fails in the image"; }
done
printf 'mqtt:\n  host: 127.0.0.1\n  port: 9\n' >"$mount$check/mqtt.yml"
in_image /usr/bin/netsnap watch --sample --cycles 1 --config "$check/mqtt.yml" --output "$check/watch" --state "$check/state" \
  2>"$work/check.log" || { cat "$work/check.log" >&2; fail "MQTT push fails in the image"; }
if grep -q "libmosquitto" "$work/check.log"; then cat "$work/check.log" >&2; fail "libmosquitto does not load in the image"; fi
for file in widgets.json index.html tiles/medium@2x-dark.png; do
  [ -s "$mount$check/render/$file" ] || fail "netsnap render in the image wrote no $file"
done
umount "$mount/proc" && rmdir "$mount/proc"
proc_mounted=""
rm -rf "${mount:?}$check"

buildah config \
  --os linux --arch "$oci_arch" ${oci_variant:+--variant "$oci_variant"} \
  --created-by "scripts/build-image.sh" \
  --label org.opencontainers.image.title=netsnap \
  --label org.opencontainers.image.description="network status as JSON feeds, HTML pages and PNG tiles" \
  --label org.opencontainers.image.version="$version" \
  --env LANG=C.UTF-8 --env HOME=/var/lib/netsnap --env NETSNAP_CONFIG=/etc/netsnap/netsnap.yml \
  --env STATE_DIRECTORY=/var/lib/netsnap \
  --user netsnap \
  --workingdir /var/lib/netsnap \
  --volume /var/lib/netsnap \
  --port 8080 \
  --stop-signal SIGTERM \
  --entrypoint '["/usr/bin/netsnap"]' \
  --cmd '["serve", "--watch", "--sample", "--host", "0.0.0.0", "--output", "/var/lib/netsnap/output"]' \
  --healthcheck 'CMD /usr/bin/netsnap health' \
  --healthcheck-interval 30s --healthcheck-timeout 5s --healthcheck-start-period 10s --healthcheck-retries 3 \
  "$container"
buildah umount "$container" >/dev/null
previous=$(podman image inspect --format '{{.Id}}' "netsnap:$version" 2>/dev/null || true)
buildah commit --quiet --format docker --rm "$container" "netsnap:$version" >/dev/null
cleanup_container=""
# The image this one replaces, now untagged (kept if a container still uses it).
if [ -n "$previous" ]; then buildah rmi "$previous" >/dev/null 2>&1 || true; fi
mkdir -p dist
archive=dist/netsnap-$version-$deb_arch.docker.tar
rm -f "$archive" "dist/netsnap-$version-$deb_arch.oci.tar"
buildah push --quiet "netsnap:$version" "docker-archive:$archive:netsnap:$version"
size=$(podman image inspect --format '{{.Size}}' "netsnap:$version")
say "netsnap:$version: $((size / 1024 / 1024)) MiB ($size bytes); $archive: $(du -k "$archive" | cut -f1) KiB; $((SECONDS - started)) s"

# ---- netsnap-mosquitto:<Debian's version> -----------------------------------------------------
if $mosquitto; then
  started=$SECONDS
  mosquitto_version=$(dpkg-query -W -f='${Version}' mosquitto)
  tag=$(sed 's/[^A-Za-z0-9_.-]/-/g' <<<"$mosquitto_version")
  container=$(new_root)
  cleanup_container=$container
  mount=$(buildah mount "$container")
  say "netsnap-mosquitto:$tag from Debian's mosquitto $mosquitto_version"
  packages=" "
  base_layout
  copy_with_libraries /usr/sbin/mosquitto
  finish_libraries
  # The layout of the eclipse-mosquitto image, so compose.yaml mounts the same config in either.
  install -d -m 755 "$mount/mosquitto" "$mount/mosquitto/config"
  install -d -m 755 -o 1883 -g 1883 "$mount/mosquitto/data" "$mount/mosquitto/log"
  install -m 644 deploy/mosquitto.conf "$mount/mosquitto/config/mosquitto.conf"
  printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nmosquitto:x:1883:1883:mosquitto:/mosquitto:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' \
    >"$mount/etc/passwd"
  printf 'root:x:0:\nmosquitto:x:1883:\nnogroup:x:65534:\n' >"$mount/etc/group"
  copy_copyrights
  env -i PATH=/usr/sbin:/usr/bin chroot --userspec=1883:1883 "$mount" /usr/sbin/mosquitto -h >"$work/check.log" 2>&1 || true
  grep -q "^mosquitto version" "$work/check.log" || { cat "$work/check.log" >&2; fail "mosquitto does not run in its image"; }
  buildah config \
    --os linux --arch "$oci_arch" ${oci_variant:+--variant "$oci_variant"} \
    --created-by "scripts/build-image.sh --mosquitto" \
    --label org.opencontainers.image.title=netsnap-mosquitto \
    --label org.opencontainers.image.version="$mosquitto_version" \
    --user mosquitto --workingdir /mosquitto --volume /mosquitto/data --port 1883 --stop-signal SIGTERM \
    --entrypoint '["/usr/sbin/mosquitto"]' --cmd '["-c", "/mosquitto/config/mosquitto.conf"]' \
    "$container"
  buildah umount "$container" >/dev/null
  previous=$(podman image inspect --format '{{.Id}}' "netsnap-mosquitto:$tag" 2>/dev/null || true)
  buildah commit --quiet --format docker --rm "$container" "netsnap-mosquitto:$tag" >/dev/null
  cleanup_container=""
  if [ -n "$previous" ]; then buildah rmi "$previous" >/dev/null 2>&1 || true; fi
  size=$(podman image inspect --format '{{.Size}}' "netsnap-mosquitto:$tag")
  say "netsnap-mosquitto:$tag: $((size / 1024 / 1024)) MiB; $((SECONDS - started)) s"
fi
