"""`netsnap config check FILE`: a config file checked without running anything."""
from conftest import run_netsnap


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
