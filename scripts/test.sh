#!/usr/bin/env bash
# Quick start, step 2: install what is missing and run the whole test suite — the Swift
# tests, a short fuzz run, then the outside-client tests (Python) against the built binary,
# whose summary line closes the output.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Home Assistant cores 2024.3.3 and 2026.2.3, and 2026.4.0's MQTT integration, under .build/
# for Tests/python/test_homeassistant.py (about three minutes from PyPI the first time, a second
# after); the tests of one that is missing skip and say why.
bash scripts/setup-homeassistant.sh \
  || echo "test.sh: not every Home Assistant installed; the tests of the missing ones will be skipped" >&2
# The tree stays as `swift format` (the Swift 6 toolchain's) leaves it, under .swift-format.
swift format lint --strict --recursive Sources Tests
swift build --build-tests

# Hermetic: the tests run with HOME and XDG_STATE_HOME in an empty temporary folder, and
# fail if anything appeared in the real state folders meanwhile (the build above keeps the
# real HOME: SwiftPM's caches live there).
real_places=("$HOME/.local/state/netsnap" "${XDG_STATE_HOME:-$HOME/.local/state}/netsnap" /var/lib/netsnap /var/cache/netsnap)
listing() { for place in "${real_places[@]}"; do [ -e "$place" ] && find "$place" -printf '%p %s %T@\n'; done | sort; }
before=$(listing || true)
test_home=$(mktemp -d /tmp/netsnap-test-home.XXXXXX)
trap 'rm -rf "$test_home"' EXIT
export HOME=$test_home XDG_STATE_HOME=$test_home/.local/state
# The POSIX locale, whatever the machine's: netsnap's default language follows LANG, and the
# tests that want another say so (--locale, `locale:`).
export LANG=C.UTF-8
unset LC_ALL LC_MESSAGES

# One test at a time: run all at once on two cores, CPU-bound suites (goldens, shaping) held
# the two threads Swift's tasks share for half a minute, and the loopback probe, broker and
# server tests waiting on real sockets timed out (CI failed that way). Serial costs ~45 s.
swift test --no-parallel
bash scripts/fuzz.sh 10
python3 -m pytest -q Tests/python

after=$(listing || true)
if [ "$before" != "$after" ]; then
  echo "test.sh: the tests wrote outside their temporary folders:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
