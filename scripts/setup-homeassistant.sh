#!/usr/bin/env bash
# Installs the Home Assistant cores that Tests/python/test_homeassistant.py runs against — both
# ends of the supported range — each from PyPI into a virtualenv of its own under .build/, and
# the MQTT integration of a newer core for an overlay:
#   bash scripts/setup-homeassistant.sh          # all of them; each one already there is kept
#   bash scripts/setup-homeassistant.sh 2024.3.3 # only the ones named (2024.3.3, 2026.2.3, mqtt-2026.4.0)
# A test whose Home Assistant is missing is skipped, saying why. Fresh, the three take about
# three minutes; when they are there, a second.
#
# - .build/homeassistant: core 2024.3.3 on Python 3.11 (it supports 3.11 and 3.12; PYTHON311
#   overrides which), installed with its own package_constraints.txt as constraints, josepy<2
#   (acme, pulled in by hass-nabucasa, breaks with josepy 2) and the requirements of the
#   integrations the test loads (rest, mqtt, http, file_upload): the test runs with skip_pip.
# - .build/homeassistant-2026.2.3: core 2026.2.3 on Python 3.13 (PYTHON313 overrides which; by
#   default python3.13, or pyenv's 3.13), the same way. Its wheel says Python >= 3.13.2 and
#   homeassistant.const.REQUIRED_PYTHON_VER is (3, 13, 2); pip is told to ignore that
#   (--ignore-requires-python) and Tests/python/homeassistant_driver.py lowers
#   REQUIRED_PYTHON_VER to the running Python before Home Assistant starts. Nothing the tests
#   load needs 3.13.2 (the 3.13.0 of pyenv runs it).
# - .build/homeassistant-mqtt-2026.4.0/mqtt: homeassistant/components/mqtt of core 2026.4.0's
#   wheel, which the test puts in a config folder's custom_components/ over 2026.2.3's own MQTT
#   integration: how discovery behaves from 2026.4 on (`object_id` no longer in the schema,
#   only `default_entity_id` sets an entity id), without a Python 3.14 (which 2026.4 needs).
#   Changed from the wheel's, and nothing else:
#     1. manifest.json gets "version": "2026.4.0" (a custom integration must have one);
#     2. the ten `except A, B:` clauses (PEP 758, Python 3.14 syntax) in __init__.py,
#        client.py, config_flow.py, models.py and light/schema_json.py become
#        `except (A, B):` — the same meaning in every Python;
#     3. entity.py imports IntegrationSpecificGroup from homeassistant.helpers.group, new in
#        2026.4 (MQTT entity groups, the `group` option); where the core has none, a
#        stand-in of that name is defined that refuses to be made ("MQTT entity groups need
#        Home Assistant core 2026.4"). Only an entity configured with `group` makes one;
#        netsnap's never are.
#   Every module of the overlay imports on 2026.2.3 except camera (it needs numpy, which the
#   venv leaves out, as for 2026.2.3's own camera platform); the script checks that.
set -euo pipefail
cd "$(dirname "$0")/.."
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(2024.3.3 2026.2.3 mqtt-2026.4.0)
overlay_revision=1 # bump when the overlay's changes above change: it is then made again

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python_of() { # the first of the candidates that runs and is Python $1
  local minor=$1 candidate
  shift
  for candidate in "$@"; do
    [ -n "$candidate" ] || continue
    if "$candidate" -c "import sys; sys.exit(0 if sys.version_info[:2] == (3, $minor) else 1)" 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

installed() { # venv version
  "$1/bin/python" -c "from homeassistant.const import __version__ as v; import sys; sys.exit(v != '$2')" 2>/dev/null
}

download() { # version → the path of its wheel in $work
  python3 -m pip download -q --no-deps --ignore-requires-python -d "$work/$1" "homeassistant==$1" >&2
  ls "$work/$1"/homeassistant-*.whl
}

install_core() { # version venv python extra-requirements…
  local version=$1 venv=$2 python=$3 wheel
  shift 3
  if installed "$venv" "$version"; then
    echo "setup-homeassistant: Home Assistant core $version is in $venv"
    return 0
  fi
  local started=$SECONDS
  rm -rf "$venv"
  "$python" -m venv "$venv" || return 1
  wheel=$(download "$version") || return 1
  python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' \
    "$wheel" homeassistant/package_constraints.txt > "$work/constraints-$version.txt" || return 1
  "$venv/bin/pip" install -q --ignore-requires-python -c "$work/constraints-$version.txt" "$wheel" "$@" || return 1
  installed "$venv" "$version" || return 1
  echo "setup-homeassistant: installed Home Assistant core $version into $venv ($((SECONDS - started)) s)"
}

make_overlay() { # version folder core-venv
  local version=$1 folder=$2 core=$3 stamp="$2/netsnap-overlay"
  if [ "$(cat "$stamp" 2>/dev/null)" = "$version $overlay_revision" ] && [ -f "$folder/mqtt/manifest.json" ]; then
    echo "setup-homeassistant: the MQTT integration of $version is in $folder/mqtt"
    return 0
  fi
  local started=$SECONDS wheel
  rm -rf "$folder"
  mkdir -p "$folder" || return 1
  wheel=$(download "$version") || return 1
  python3 -c 'import sys, zipfile; wheel = zipfile.ZipFile(sys.argv[1]); wheel.extractall(sys.argv[2], [name for name in wheel.namelist() if name.startswith(sys.argv[3])])' \
    "$wheel" "$work/mqtt-$version" homeassistant/components/mqtt/ || return 1
  mv "$work/mqtt-$version/homeassistant/components/mqtt" "$folder/mqtt" || return 1
  python3 - "$folder/mqtt" "$version" <<'EOF' || return 1
import json, pathlib, re, sys
mqtt, version = pathlib.Path(sys.argv[1]), sys.argv[2]
# 1. A custom integration needs a version.
manifest = json.loads((mqtt / "manifest.json").read_text())
manifest["version"] = version
(mqtt / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
# 2. Python 3.14's unparenthesized `except A, B:` (PEP 758), parenthesized.
clauses = 0
for source in sorted(mqtt.rglob("*.py")):
    text, count = re.subn(r"^(\s*)except ([\w.]+(?:, [\w.]+)+):", r"\1except (\2):", source.read_text(), flags=re.M)
    if count:
        source.write_text(text)
        clauses += count
assert clauses == 10, f"{clauses} except clauses parenthesized (10 expected in 2026.4.0)"
# 3. The entity group helper of 2026.4, where the core has none.
entity = mqtt / "entity.py"
old = "from homeassistant.helpers.group import IntegrationSpecificGroup\n"
new = '''try:
    from homeassistant.helpers.group import IntegrationSpecificGroup
except ImportError:  # netsnap's overlay on a core before 2026.4, which has no entity groups

    class IntegrationSpecificGroup:  # type: ignore[no-redef]
        """Stands in for 2026.4's: only an entity configured with `group` makes one."""

        def __init__(self, *args, **kwargs):
            raise NotImplementedError("MQTT entity groups need Home Assistant core 2026.4")

'''
text = entity.read_text()
assert text.count(old) == 1, "entity.py imports IntegrationSpecificGroup once"
entity.write_text(text.replace(old, new))
EOF
  if [ -x "$core/bin/python" ]; then # every module imports on that core (camera needs numpy)
    "$core/bin/python" - "$folder" <<'EOF' || return 1
import importlib, pathlib, pkgutil, sys, types
folder = pathlib.Path(sys.argv[1])
package = types.ModuleType("custom_components")
package.__path__ = [str(folder)]
sys.modules["custom_components"] = package
mqtt = importlib.import_module("custom_components.mqtt")
failed = []
for module in pkgutil.walk_packages(mqtt.__path__, "custom_components.mqtt."):
    try:
        importlib.import_module(module.name)
    except ModuleNotFoundError as error:
        if error.name != "numpy":
            failed.append(f"{module.name}: {error}")
    except Exception as error:
        failed.append(f"{module.name}: {type(error).__name__}: {error}")
sys.exit("\n".join(failed) or None)
EOF
  fi
  echo "$version $overlay_revision" > "$stamp"
  echo "setup-homeassistant: the MQTT integration of $version, as an overlay, is in $folder/mqtt ($((SECONDS - started)) s)"
}

setup() { # one of the names above; its status
  local python pyenv_313
  case $1 in
    2024.3.3)
      python=$(python_of 11 "${PYTHON311:-}" python3.11 python3) \
        || { echo "setup-homeassistant: core 2024.3.3 needs Python 3.11 (set PYTHON311)" >&2; return 2; }
      install_core 2024.3.3 .build/homeassistant "$python" 'josepy<2' \
        paho-mqtt==1.6.1 jsonpath==0.82.2 xmltodict==0.13.0 janus==1.0.0
      ;;
    2026.2.3)
      pyenv_313=$(ls -d "$(pyenv root 2>/dev/null || echo /root/.pyenv)"/versions/3.13*/bin/python3 2>/dev/null | sort -V | tail -1)
      python=$(python_of 13 "${PYTHON313:-}" python3.13 "$pyenv_313") \
        || { echo "setup-homeassistant: core 2026.2.3 needs Python 3.13 (set PYTHON313)" >&2; return 2; }
      install_core 2026.2.3 .build/homeassistant-2026.2.3 "$python" paho-mqtt==2.1.0 jsonpath==0.82.2 xmltodict==1.0.2
      ;;
    mqtt-2026.4.0) make_overlay 2026.4.0 .build/homeassistant-mqtt-2026.4.0 .build/homeassistant-2026.2.3 ;;
    *) echo "setup-homeassistant: no such Home Assistant here: $1" >&2; return 2 ;;
  esac
}

# The cores install side by side (about half the time: most of it is waiting on downloads),
# then the overlay, which is checked against 2026.2.3.
status=0
pids=()
for want in "${wanted[@]}"; do
  [ "$want" = mqtt-2026.4.0 ] && continue
  setup "$want" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || status=$?
done
for want in "${wanted[@]}"; do
  [ "$want" = mqtt-2026.4.0 ] && { setup "$want" || status=$?; }
done

available=()
installed .build/homeassistant 2024.3.3 && available+=(2024.3.3)
if installed .build/homeassistant-2026.2.3 2026.2.3; then
  available+=(2026.2.3)
  [ "$(cat .build/homeassistant-mqtt-2026.4.0/netsnap-overlay 2>/dev/null)" = "2026.4.0 $overlay_revision" ] \
    && available+=(2026.2.3+mqtt-2026.4.0)
fi
echo "setup-homeassistant: the Home Assistant tests run on: ${available[*]:-none}"
exit $status
