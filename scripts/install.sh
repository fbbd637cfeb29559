#!/usr/bin/env bash
# Installs a release build: the binary and the resource bundles it loads (the sample
# snapshot, the page templates) side by side in $PREFIX/lib/netsnap, and a link in
# $PREFIX/bin. Usage: sudo bash scripts/install.sh [PREFIX]   (default /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
bash scripts/setup.sh --runtime
swift build -c release
bin_path=$(swift build -c release --show-bin-path)
install -d "$prefix/lib/netsnap" "$prefix/bin"
install -m 755 "$bin_path/netsnap" "$prefix/lib/netsnap/netsnap"
for bundle in "$bin_path"/*.resources; do
  rm -rf "$prefix/lib/netsnap/$(basename "$bundle")"
  cp -R "$bundle" "$prefix/lib/netsnap/"
done
ln -sf "$prefix/lib/netsnap/netsnap" "$prefix/bin/netsnap"
echo "installed $prefix/bin/netsnap" >&2
