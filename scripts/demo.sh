#!/usr/bin/env bash
# Quick start, step 1: install what building and running need (no test tools), build netsnap (release) and render the
# embedded sample network into Output/. Sends no network traffic beyond the package installs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --runtime
swift build -c release --static-swift-stdlib
.build/release/netsnap render "$@"
echo "Open Output/ — widgets.json, badge.json, summary.json and the rest." >&2
