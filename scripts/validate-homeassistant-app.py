#!/usr/bin/env python3
"""Checks the Home Assistant app (deploy/homeassistant/netsnap/ and repository.yaml) with
the Supervisor's own validation code: SCHEMA_REPOSITORY_CONFIG (supervisor/store/validate.py),
SCHEMA_APP_CONFIG and SCHEMA_APP_TRANSLATIONS (supervisor/apps/validate.py), the default
options against the schema (AppOptions) and the form the frontend draws from it (UiOptions,
supervisor/apps/options.py).

    python3 scripts/validate-homeassistant-app.py SUPERVISOR
    SUPERVISOR_SOURCE=SUPERVISOR python3 scripts/validate-homeassistant-app.py

SUPERVISOR is a clone of github.com/home-assistant/supervisor: a work tree (its supervisor/
folder is read) or a bare git directory (HEAD's supervisor/ is extracted into .build/).
Nothing of it is kept in this repository. Its requirements that these modules import
(voluptuous, awesomeversion, aiohttp, pyudev, PyYAML, ciso8601) go into a venv in
.build/homeassistant-validate, made on the first run from PyPI. Only the modules these
checks need are loaded: packages' __init__ files are skipped and supervisor.coresys is a
stand-in (AppOptions and UiOptions only keep the object). The Supervisor needs Python 3.14,
whose `except A, B:` (PEP 758) older interpreters cannot parse: such lines are read as
`except (A, B):`, which means the same. Exit 0 when everything passes, 1 with the
Supervisor's own message otherwise, 2 when it cannot run.
"""
import importlib.abc
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parents[1]
APP = ROOT / "deploy" / "homeassistant" / "netsnap"
VENV = ROOT / ".build" / "homeassistant-validate"
REQUIREMENTS = ["voluptuous", "awesomeversion", "aiohttp", "pyudev", "PyYAML", "ciso8601"]
PEP758 = re.compile(r"^(\s*except\s+)([\w.]+(?:\s*,\s*[\w.]+)+)(\s*(?:as\s+\w+\s*)?):", re.M)


def in_venv():
    """Re-runs this script in the venv (made on first use) unless it already runs there."""
    python = VENV / "bin" / "python"
    if pathlib.Path(sys.prefix).resolve() == VENV.resolve():
        return
    if not python.exists():
        print(f"validate: making {VENV} ({', '.join(REQUIREMENTS)})", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *REQUIREMENTS], check=True)
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


def supervisor_folder(source):
    """The folder holding the supervisor package, extracted from a bare git directory if need be."""
    source = pathlib.Path(source)
    if (source / "supervisor" / "apps" / "validate.py").exists():
        return source
    commit = subprocess.run(["git", "--git-dir", str(source), "rev-parse", "HEAD"], capture_output=True, text=True)
    if commit.returncode != 0:
        sys.exit(f"validate: {source} is neither a Supervisor work tree nor a git directory of one")
    target = ROOT / ".build" / "supervisor-source" / commit.stdout.strip()
    if not (target / "supervisor").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.Popen(["git", "--git-dir", str(source), "archive", "HEAD", "supervisor"], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(target)], stdin=archive.stdout, check=True)
        archive.wait()
    print(f"validate: the Supervisor at {commit.stdout.strip()}", file=sys.stderr)
    return target


class SupervisorModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Loads supervisor.* from `folder`: packages empty (their __init__ pulls in the whole
    Supervisor), modules from source read with PEP 758's except clauses parenthesized."""

    def __init__(self, folder):
        self.folder = pathlib.Path(folder)

    def find_spec(self, name, path=None, target=None):
        if name != "supervisor" and not name.startswith("supervisor."):
            return None
        relative = self.folder.joinpath(*name.split("."))
        if relative.is_dir():
            spec = importlib.util.spec_from_loader(name, self, is_package=True)
            spec.submodule_search_locations = [str(relative)]
            return spec
        if relative.with_suffix(".py").exists():
            return importlib.util.spec_from_file_location(name, relative.with_suffix(".py"), loader=self)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        if module.__spec__.submodule_search_locations is not None:
            module.__path__ = module.__spec__.submodule_search_locations
            return
        source = pathlib.Path(module.__spec__.origin).read_text(encoding="utf-8")
        code = compile(PEP758.sub(r"\1(\2)\3:", source), module.__spec__.origin, "exec")
        exec(code, module.__dict__)


def stand_in_coresys():
    module = types.ModuleType("supervisor.coresys")

    class CoreSys:
        pass

    class CoreSysAttributes:
        coresys = None

    module.CoreSys, module.CoreSysAttributes = CoreSys, CoreSysAttributes
    sys.modules["supervisor.coresys"] = module


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SUPERVISOR_SOURCE")
    if not source:
        sys.exit(__doc__)
    in_venv()
    sys.meta_path.insert(0, SupervisorModules(supervisor_folder(source)))
    stand_in_coresys()
    import voluptuous as vol
    import yaml
    from voluptuous.humanize import humanize_error
    from supervisor.apps.options import AppOptions, UiOptions
    from supervisor.apps.validate import SCHEMA_APP_CONFIG, SCHEMA_APP_TRANSLATIONS
    from supervisor.store.validate import SCHEMA_REPOSITORY_CONFIG

    def check(what, validate, path):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        try:
            result = validate(data)
        except vol.Invalid as error:
            print(f"validate: FAIL {path.relative_to(ROOT)}: {what}: {humanize_error(data, error)}")
            sys.exit(1)
        print(f"validate: ok   {path.relative_to(ROOT)}: {what}")
        return result

    check("SCHEMA_REPOSITORY_CONFIG", SCHEMA_REPOSITORY_CONFIG, ROOT / "repository.yaml")
    config = check("SCHEMA_APP_CONFIG", SCHEMA_APP_CONFIG, APP / "config.yaml")
    for translation in sorted((APP / "translations").glob("*.yaml")):
        check("SCHEMA_APP_TRANSLATIONS", SCHEMA_APP_TRANSLATIONS, translation)
    try:
        options = AppOptions(None, config["schema"], config["name"], config["slug"]).validate(config["options"])
        form = UiOptions(None)(config["schema"])
    except vol.Invalid as error:
        print(f"validate: FAIL the default options against the schema: {error}")
        sys.exit(1)
    print(f"validate: ok   the default options against the schema (AppOptions): {sorted(options)}")
    print(f"validate: ok   the options form (UiOptions): {len(form)} fields: {', '.join(field['name'] for field in form)}")


if __name__ == "__main__":
    main()
