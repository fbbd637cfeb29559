"""The Home Assistant app's definition (repository.yaml, deploy/homeassistant/netsnap/) against
the rules the Supervisor applies, as far as they can be checked without its code, and against
netsnap itself (version, ingress port, options it reads). With SUPERVISOR_SOURCE naming a
clone of github.com/home-assistant/supervisor, the Supervisor's own schemas check it too
(scripts/validate-homeassistant-app.py); CI has no clone, and that test says so."""
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import run_netsnap

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "deploy" / "homeassistant" / "netsnap"
# What the Supervisor accepts (supervisor/apps/validate.py, supervisor/arch.py, options.py).
ARCHES = {"amd64", "aarch64", "armv7", "armhf", "i386"}
SLUG = re.compile(r"^[-_.A-Za-z0-9]+$")
SCHEMA_ELEMENT = re.compile(r"^(?:bool|email|url|port|str(?:\(\d*,\d*\))?|password(?:\(\d*,\d*\))?|int(?:\(-?\d*,-?\d*\))?"
                            r"|float(?:\([-.\d]*,[-.\d]*\))?|match\(.*\)|list\(.+\)|device(?:\(.*\))?)\??$")


def config():
    return yaml.safe_load((APP / "config.yaml").read_text())


def leaves(schema, path=""):
    """Every (dotted name, type string) of an options schema."""
    for name, element in schema.items():
        if isinstance(element, dict):
            yield from leaves(element, f"{path}{name}.")
        elif isinstance(element, list):
            yield from leaves(element[0], f"{path}{name}[].") if isinstance(element[0], dict) else [(path + name, element[0])]
        else:
            yield path + name, element


def test_the_repository_file_is_at_the_root_where_the_supervisor_reads_it():
    repository = yaml.safe_load((ROOT / "repository.yaml").read_text())
    assert set(repository) <= {"name", "url", "maintainer"} and repository["name"]


def test_no_other_file_is_taken_for_an_app():
    # The Supervisor reads every config.yaml/.yml/.json in the clone outside dot folders and rootfs as an app.
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    configs = [path for path in tracked if re.search(r"(^|/)config\.(ya?ml|json)$", path)
               and not any(part.startswith(".") or part == "rootfs" for part in Path(path).parts)]
    assert configs == ["deploy/homeassistant/netsnap/config.yaml"]


def test_config_has_what_the_supervisor_requires():
    app = config()
    assert {"name", "version", "slug", "description", "arch"} <= set(app)
    assert SLUG.match(app["slug"]) and set(app["arch"]) <= ARCHES and {"amd64", "aarch64"} <= set(app["arch"])
    assert app["version"] == run_netsnap("--version").stdout.decode().strip()
    assert app["image"].endswith("-{arch}") and app["ingress"] is True
    assert app["host_network"] is True and app["init"] is False and app["tmpfs"] is True
    assert app["services"] == ["mqtt:want"] and "hassio_api" not in app and "homeassistant_api" not in app
    for name, element in leaves(app["schema"]):
        assert SCHEMA_ELEMENT.match(element), f"{name}: {element}"
    required = {name for name, element in app["schema"].items() if not (isinstance(element, str) and element.endswith("?"))}
    assert required == set(app["options"]), "every required option has a default, and only those"


def test_the_ingress_port_is_the_one_netsnap_serves():
    help_text = run_netsnap("homeassistant-app", "--help").stdout.decode()
    assert f"on port {config()['ingress_port']} to the Supervisor's ingress proxy" in " ".join(help_text.split())


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_option_is_translated(language):
    translation = yaml.safe_load((APP / "translations" / f"{language}.yaml").read_text())
    assert set(translation["configuration"]) == set(config()["schema"])
    assert all(entry["name"] for entry in translation["configuration"].values())


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_store_files_exist():
    assert png_size(APP / "icon.png") == (256, 256)
    assert png_size(APP / "logo.png") == (250, 100)
    for name in ["DOCS.md", "README.md", "CHANGELOG.md"]:
        assert (APP / name).read_text().strip(), name
    assert f"## {config()['version']}" in (APP / "CHANGELOG.md").read_text()


@pytest.mark.skipif(not os.environ.get("SUPERVISOR_SOURCE"),
                    reason="SUPERVISOR_SOURCE names no clone of home-assistant/supervisor (CI has none): "
                           "run scripts/validate-homeassistant-app.py where there is one")
def test_the_supervisors_own_schemas_accept_the_app():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "validate-homeassistant-app.py"), os.environ["SUPERVISOR_SOURCE"]],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
