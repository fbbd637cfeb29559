"""The Debian package's own files: the conffile loads, the unit passes systemd-analyze and
its security threshold (with and without the raw-ICMP drop-in), the maintainer scripts
parse. scripts/test-deb.sh installs the built package in a clean Debian; these are the
quick checks of the same files for every test run."""
import re
import shutil
import subprocess

import pytest

from conftest import ROOT, run_netsnap

DEBIAN = ROOT / "deploy" / "debian"
UNIT = DEBIAN / "netsnap.service"
# Installs from source (scripts/install.sh) get the same unit with /usr/local paths.
SOURCE_PREFIX = "/usr/local"
CONFFILE = DEBIAN / "netsnap.yml"
SYSTEM_UNITS = "/lib/systemd/system"
# Exposure as `systemd-analyze security` scores it, times ten: 30 is "3.0", the highest "OK".
THRESHOLD = 30


def analyze(*args):
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: scripts/setup.sh installs systemd")
    return subprocess.run(["systemd-analyze", *map(str, args)], capture_output=True, text=True, timeout=60)


def unit_root(tmp_path, drop_in=None, unit=UNIT, binary_path="usr/bin/netsnap"):
    """A root with the host's units, a netsnap unit and its binary path, and optionally a drop-in."""
    root = tmp_path / "root"
    shutil.copytree(SYSTEM_UNITS, root / SYSTEM_UNITS.lstrip("/"), symlinks=True)
    shutil.copy(unit, root / SYSTEM_UNITS.lstrip("/") / unit.name)
    binary = root / binary_path
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    if drop_in:
        folder = root / "etc/systemd/system/netsnap.service.d"
        folder.mkdir(parents=True)
        shutil.copy(drop_in, folder)
    return root


# What the service may do that `systemd-analyze security` flags (✗), each for a reason: it
# probes the real network (AF_INET/6, AF_NETLINK, no IP allow list, no private network),
# reads /proc/net (ProcSubset), talks to local daemons over AF_UNIX, runs from the host's
# /usr, writes outputs a web server reads (UMask 022), and may call setpriority, the one
# @resources call allowed back (libdispatch logs a failure at every worker thread it starts
# otherwise). Anything else flagged is a regression.
ALLOWED_FLAGS = {
    "DeviceAllow=", "IPAddressDeny=", "PrivateNetwork=", "ProcSubset=", "RestrictAddressFamilies=~AF_(INET|INET6)",
    "RestrictAddressFamilies=~AF_NETLINK", "RestrictAddressFamilies=~AF_UNIX", "RootDirectory=/RootImage=", "UMask=",
    "SystemCallFilter=~@resources",
}
# The drop-in for raw ICMP adds the capability, and so has to leave the user namespace.
RAW_ICMP_FLAGS = {"CapabilityBoundingSet=~CAP_NET_(BIND_SERVICE|BROADCAST|RAW)", "AmbientCapabilities=", "PrivateUsers="}


def flagged(report):
    return {line.split()[1] for line in report.splitlines() if line.startswith("✗")}


def exposure(report, name="netsnap"):
    match = re.search(rf"Overall exposure level for {re.escape(name)}\.service: (\d+\.\d)", report)
    assert match, report
    return float(match.group(1))


def test_conffile_loads_as_shipped(tmp_path):
    result = run_netsnap("render", "--config", CONFFILE, "--output", tmp_path / "out", "--no-tiles", check=False)
    assert result.returncode == 0, result.stderr.decode()


def test_conffile_examples_load_uncommented(tmp_path):
    """Every commented example key, uncommented, is a valid configuration."""
    text = re.sub(r"(?m)^# (\s*(?:[A-Za-z]+:|- ))", r"\1", CONFFILE.read_text())
    assert text.count("\n#") < CONFFILE.read_text().count("\n#") - 20, "the examples were not uncommented"
    (tmp_path / "templates").mkdir()
    text = text.replace("/etc/netsnap/templates", str(tmp_path / "templates"))
    config = tmp_path / "netsnap.yml"
    config.write_text(text)
    # `render` reads the gather: section but probes nothing.
    result = run_netsnap("render", "--config", config, "--output", tmp_path / "out", "--no-tiles", check=False)
    assert result.returncode == 0, result.stderr.decode()


def test_unit_passes_verify(tmp_path):
    result = analyze("verify", f"--root={unit_root(tmp_path)}", "netsnap.service")
    assert result.returncode == 0 and result.stdout + result.stderr == "", result.stdout + result.stderr


def source_unit(tmp_path):
    """The unit scripts/install.sh installs: the package's, with the source install's paths."""
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "install.sh"), "--print-unit", SOURCE_PREFIX], capture_output=True, text=True, check=True)
    unit = tmp_path / "source" / "netsnap.service"
    unit.parent.mkdir()
    unit.write_text(result.stdout)
    return unit


def test_source_install_unit_is_the_package_unit_with_its_paths(tmp_path):
    text = source_unit(tmp_path).read_text()
    assert f"ExecStart={SOURCE_PREFIX}/bin/netsnap serve --watch --gather" in text
    assert "/usr/bin/" not in text and "/usr/share/doc/netsnap" not in text
    assert text.replace(SOURCE_PREFIX + "/", "/usr/") == UNIT.read_text()


def test_source_install_unit_passes_verify(tmp_path):
    root = unit_root(tmp_path, unit=source_unit(tmp_path), binary_path="usr/local/bin/netsnap")
    result = analyze("verify", f"--root={root}", "netsnap.service")
    assert result.returncode == 0 and result.stdout + result.stderr == "", result.stdout + result.stderr


@pytest.mark.parametrize("which", ["package", "source"])
def test_unit_is_hardened_to_ok(which, tmp_path):
    unit = UNIT if which == "package" else source_unit(tmp_path)
    result = analyze("security", "--offline=yes", f"--threshold={THRESHOLD}", unit)
    assert result.returncode == 0, result.stdout + result.stderr
    assert exposure(result.stdout, unit.stem) <= THRESHOLD / 10
    assert flagged(result.stdout) <= ALLOWED_FLAGS, result.stdout


def test_raw_icmp_drop_in_grants_only_net_raw_and_stays_ok(tmp_path):
    root = unit_root(tmp_path, drop_in=DEBIAN / "raw-icmp.conf")
    result = analyze("security", "--offline=yes", f"--threshold={THRESHOLD}", f"--root={root}", "netsnap.service")
    assert result.returncode == 0, result.stdout + result.stderr
    assert exposure(result.stdout) <= THRESHOLD / 10
    assert RAW_ICMP_FLAGS <= flagged(result.stdout) <= ALLOWED_FLAGS | RAW_ICMP_FLAGS, result.stdout
    granted = [line for line in (DEBIAN / "raw-icmp.conf").read_text().splitlines() if "Capabilit" in line and not line.startswith("#")]
    assert granted == ["CapabilityBoundingSet=CAP_NET_RAW", "AmbientCapabilities=CAP_NET_RAW"]


@pytest.mark.parametrize("script", ["postinst", "prerm", "postrm"])
def test_maintainer_script_parses_as_posix_sh(script):
    path = DEBIAN / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    result = subprocess.run(["sh", "-n", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
