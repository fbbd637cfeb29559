#!/usr/bin/env bash
# Quick start, step 2: install what is missing and run the whole test suite — the Swift
# tests, then the outside-client tests (Python) against the built binary, then a short fuzz run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test
python3 -m pytest -q Tests/python
bash scripts/fuzz.sh 10
