"""`netsnap config check FILE`: a config file checked without running anything."""
from conftest import ROOT as REPO, run_netsnap


def test_a_good_file_is_ok(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("freshnessSeconds: 300\nserve:\n  port: 9000\n")
    done = run_netsnap("config", "check", config)
    assert done.stdout.decode() == f"{config}: ok\n"


def test_a_bad_file_names_its_line_and_key_and_exits_2(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("freshnessSeconds: 300\nserve:\n  port: 99999999\n")
    done = run_netsnap("config", "check", config, check=False)
    assert done.returncode == 2
    assert done.stderr.decode().strip() == (
        f'error: {config}: line 3: serve.port: expected an integer from 0 to 65535, found "99999999"')


def test_a_missing_file_exits_2(tmp_path):
    done = run_netsnap("config", "check", tmp_path / "absent.yml", check=False)
    assert done.returncode == 2
    assert "absent.yml" in done.stderr.decode()


def test_docs_configuration_md_is_what_config_reference_prints():
    """docs/configuration.md is generated; edit the keys in Sources/*/*+Settings.swift and run
    `netsnap config reference > docs/configuration.md`."""
    done = run_netsnap("config", "reference")
    committed = (REPO / "docs" / "configuration.md").read_text()
    assert done.stdout.decode() == committed


def test_config_show_says_where_each_value_came_from(tmp_path):
    config = tmp_path / "netsnap.yml"
    config.write_text("output: /srv/netsnap\nwatch:\n  intervalSeconds: 10\n")
    done = run_netsnap("config", "show", "--config", config,
                       env={"NETSNAP_BADGE_LABEL": "home", "NETSNAP_WATCH_INTERVAL_SECONDS": "20"})
    lines = {line.split(":")[0].strip(): line for line in done.stdout.decode().splitlines() if not line.lstrip().startswith("#")}
    assert lines["output"].endswith(f"# {config}:1")
    assert "intervalSeconds: 20" in lines["intervalSeconds"] and lines["intervalSeconds"].endswith("# env NETSNAP_WATCH_INTERVAL_SECONDS")
    assert lines["badgeLabel"].startswith("badgeLabel: home") and lines["badgeLabel"].endswith("# env NETSNAP_BADGE_LABEL")
    assert lines["freshnessSeconds"].endswith("# default")


def test_flags_override_the_environment_and_bad_ones_name_the_flag(tmp_path):
    out = tmp_path / "out"
    done = run_netsnap("render", "--output", out, "--no-tiles", env={"NETSNAP_OUTPUT": str(tmp_path / "elsewhere")})
    assert (out / "widgets.json").exists() and not (tmp_path / "elsewhere").exists()
    done = run_netsnap("render", "--output", out, "--sizes", "huge", check=False)
    assert done.returncode == 2
    assert done.stderr.decode().strip() == 'error: --sizes: tiles.sizes: "huge" is not one of small, medium, large'


def test_the_executable_imports_at_most_three_project_modules():
    sources = (REPO / "Sources" / "netsnap").glob("*.swift")
    imported = {line.split()[1] for path in sources for line in path.read_text().splitlines() if line.startswith("import ")}
    project = {name for name in imported if name.startswith(("Netsnap", "C", "Lazy"))}
    assert len(project) <= 3, project


def test_a_flag_out_of_range_is_checked_once_by_the_key_it_sets(tmp_path):
    """`--interval` and `--port` are checked by the reader of the key they set, as the file's
    value would be: exit 2, the flag and the key named (#34: one check, not two)."""
    cases = [
        (["watch", "--sample", "--interval", "0"], 'error: --interval: watch.intervalSeconds: expected a number from 1 to 86400, found "0.0"'),
        (["serve", "--interval", "nan"], 'error: --interval: serve.intervalSeconds: expected a number from 1 to 86400, found "nan"'),
        (["serve", "--watch", "--sample", "--interval", "100000"],
         'error: --interval: watch.intervalSeconds: expected a number from 1 to 86400, found "100000.0"'),
        (["serve", "--port", "70000"], 'error: --port: serve.port: expected an integer from 0 to 65535, found "70000"'),
    ]
    for arguments, message in cases:
        done = run_netsnap(*arguments, "--output", tmp_path / "out", check=False)
        assert done.returncode == 2, arguments
        assert done.stderr.decode().strip() == message
    assert not (tmp_path / "out").exists()
