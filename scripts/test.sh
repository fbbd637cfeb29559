#!/usr/bin/env bash
# Quick start, step 2: install what is missing and run the whole test suite — the Swift
# tests, a short fuzz run, then the outside-client tests (Python) against the built binary,
# whose summary line closes the output.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test
bash scripts/fuzz.sh 10
python3 -m pytest -q Tests/python
