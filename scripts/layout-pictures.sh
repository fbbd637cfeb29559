#!/usr/bin/env bash
# Draws docs/tiles.md's picture of each display layout class from the embedded sample network:
# docs/images/layout-{micro,strip,square,landscape,portrait}.png. LED matrices are enlarged
# pixel for pixel (×4) so their pixel font can be seen on a web page.
#   bash scripts/layout-pictures.sh      # after `swift build`
set -euo pipefail
cd "$(dirname "$0")/.."
netsnap=.build/debug/netsnap
[ -x "$netsnap" ] || { echo "layout-pictures: run swift build first" >&2; exit 1; }
out=docs/images
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
now=2026-11-21T10:43:00Z

tile() { "$netsnap" tile --display "$1" --theme "$2" --now "$now" -o "$3"; }

tile led-64x32 dark "$scratch/micro.png"
python3 - "$scratch/micro.png" "$out/layout-micro.png" <<'PY'
import sys
from PIL import Image
image = Image.open(sys.argv[1])
image.resize((image.width * 4, image.height * 4), Image.NEAREST).save(sys.argv[2], optimize=True)
PY
tile waveshare-2in9 light "$out/layout-strip.png"
tile waveshare-1in54 light "$out/layout-square.png"
tile trmnl light "$out/layout-landscape.png"
tile kindle light "$out/layout-portrait.png"
ls -l "$out"/layout-*.png
