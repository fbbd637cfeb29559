#!/usr/bin/env bash
# Installs Home Assistant core 2024.3.3 from PyPI into .build/homeassistant, a virtualenv of its
# own, for Tests/python/test_homeassistant.py (which is skipped without it):
#   bash scripts/setup-homeassistant.sh
# It needs Python 3.11 (HA 2024.3 supports 3.11 and 3.12), and installs with Home Assistant's
# own package_constraints.txt as constraints, josepy<2 (acme, pulled in by hass-nabucasa, breaks
# with josepy 2), and the requirements of the integrations the test loads (rest, mqtt, http,
# file_upload), because the test runs Home Assistant with skip_pip.
set -euo pipefail
cd "$(dirname "$0")/.."
version=2024.3.3
venv=.build/homeassistant
python=${PYTHON311:-$(command -v python3.11 || command -v python3)}
"$python" -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else 1)' \
  || { echo "setup-homeassistant: needs Python 3.11 (set PYTHON311)" >&2; exit 2; }
if "$venv/bin/python" -c "from homeassistant.const import __version__ as v; import sys; sys.exit(v != '$version')" 2>/dev/null; then
  exit 0
fi
"$python" -m venv "$venv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download -q --no-deps -d "$work" "homeassistant==$version"
wheel=$(ls "$work"/homeassistant-*.whl)
"$venv/bin/python" -c "import zipfile, sys; sys.stdout.write(zipfile.ZipFile('$wheel').read('homeassistant/package_constraints.txt').decode())" \
  > "$work/constraints.txt"
"$venv/bin/pip" install -q -c "$work/constraints.txt" "$wheel" 'josepy<2' \
  paho-mqtt==1.6.1 jsonpath==0.82.2 xmltodict==0.13.0 janus==1.0.0
