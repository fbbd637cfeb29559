#!/usr/bin/env bash
# Quick start, step 1: install what is missing, build netsnap (release) and render the
# embedded sample network into Output/. Sends no network traffic beyond the package installs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release
.build/release/netsnap render "$@"
echo "Open Output/ — widgets.json, badge.json, summary.json and the rest." >&2
