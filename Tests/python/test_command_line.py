"""The command line as a user meets it. A command named first is parsed on its own for speed
(Netsnap+Main.swift); help, completion scripts and usage errors must read exactly as the
whole command tree says them."""
import subprocess

from conftest import NETSNAP, run_netsnap


def text(result):
    return result.stdout.decode() + result.stderr.decode()


def test_version_and_root_help():
    assert run_netsnap("--version").stdout.decode().strip() == "0.1.0"
    help_text = text(run_netsnap("--help"))
    assert "USAGE: netsnap <subcommand>" in help_text
    for command in ("render", "tile", "gather", "watch", "validate", "sample", "bench", "serve"):
        assert f"  {command}" in help_text
    assert "6 no live-link agent found" in " ".join(help_text.split())


def test_subcommand_help_names_netsnap_both_ways():
    for arguments in (("tile", "--help"), ("help", "tile")):
        help_text = text(run_netsnap(*arguments))
        assert help_text.startswith("OVERVIEW: Render one PNG tile")
        assert "USAGE: netsnap tile [<options>] --output <file>" in help_text
        assert "waveshare-2in9     296x128" in help_text


def test_usage_errors_exit_2_and_point_at_the_full_command():
    unknown = run_netsnap("tile", "--size", "medium", "-o", "/dev/null", "--bogus", check=False)
    assert unknown.returncode == 2
    assert "Unknown option '--bogus'" in text(unknown) and "See 'netsnap tile --help'" in text(unknown)
    invalid = run_netsnap("tile", "--size", "huge", "-o", "/dev/null", check=False)
    assert invalid.returncode == 2 and "--size: expected small, medium or large" in text(invalid)
    assert "Usage: netsnap tile" in text(invalid)
    missing = run_netsnap("watch", check=False)
    assert missing.returncode == 2 and "choose one source" in text(missing)
    assert run_netsnap("no-such-command", check=False).returncode == 2


def test_completion_scripts_come_from_the_root_whatever_follows():
    for arguments in (("--generate-completion-script", "bash"), ("tile", "--generate-completion-script", "bash")):
        result = run_netsnap(*arguments)
        assert result.stdout.decode().startswith("#!/bin/bash") and "_netsnap" in result.stdout.decode()


def test_a_command_parsed_on_its_own_runs(tmp_path):
    out = tmp_path / "medium.png"
    run_netsnap("tile", "--size", "medium", "-o", out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "schemaVersion" in run_netsnap("sample").stdout.decode()
    result = subprocess.run([str(NETSNAP), "validate", str(tmp_path / "missing.json")], capture_output=True, timeout=60)
    assert result.returncode == 1 and "missing.json" in text(result)
