#!/usr/bin/env bash
# Installs a release build: the binary and the resource bundles it loads (the sample
# snapshot, the page templates) side by side in $PREFIX/lib/netsnap, a link in $PREFIX/bin,
# the systemd unit in $PREFIX/lib/systemd/system (the Debian package's own unit,
# deploy/debian/netsnap.service, with this prefix's paths filled in) and, when there is none
# yet, the configuration /etc/netsnap/netsnap.yml.
#   sudo bash scripts/install.sh [PREFIX]            (default /usr/local)
#   bash scripts/install.sh --print-unit [PREFIX]    the unit it would install, on stdout
set -euo pipefail
cd "$(dirname "$0")/.."

# The unit's installed paths are the Debian package's (/usr/bin, /usr/share/doc/netsnap).
unit_for_prefix() {
  local prefix=$1
  sed -e "s|/usr/bin/netsnap|$prefix/bin/netsnap|g" \
    -e "s|/usr/share/doc/netsnap|$prefix/share/doc/netsnap|g" deploy/debian/netsnap.service
}

if [ "${1:-}" = --print-unit ]; then
  unit_for_prefix "${2:-/usr/local}"
  exit 0
fi

prefix=${1:-/usr/local}
bash scripts/setup.sh --runtime
swift build -c release --static-swift-stdlib
bin_path=$(swift build -c release --static-swift-stdlib --show-bin-path)
install -d "$prefix/lib/netsnap" "$prefix/bin"
install -m 755 "$bin_path/netsnap" "$prefix/lib/netsnap/netsnap"
for bundle in "$bin_path"/*.resources; do
  rm -rf "$prefix/lib/netsnap/$(basename "$bundle")"
  cp -R "$bundle" "$prefix/lib/netsnap/"
done
ln -sf "$prefix/lib/netsnap/netsnap" "$prefix/bin/netsnap"

install -d "$prefix/lib/systemd/system" "$prefix/share/doc/netsnap/examples"
unit_for_prefix "$prefix" >"$prefix/lib/systemd/system/netsnap.service"
chmod 644 "$prefix/lib/systemd/system/netsnap.service"
install -m 644 deploy/debian/raw-icmp.conf "$prefix/share/doc/netsnap/examples/raw-icmp.conf"
gzip -9n <README.md >"$prefix/share/doc/netsnap/README.md.gz"
install -d "$prefix/share/doc/netsnap/docs"
for page in docs/*.md; do gzip -9n <"$page" >"$prefix/share/doc/netsnap/docs/$(basename "$page").gz"; done
if [ ! -e /etc/netsnap/netsnap.yml ]; then
  install -D -m 644 deploy/debian/netsnap.yml /etc/netsnap/netsnap.yml
fi
echo "installed $prefix/bin/netsnap and $prefix/lib/systemd/system/netsnap.service" >&2
