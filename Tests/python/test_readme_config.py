"""Every netsnap config example in the README and the docs pages it moved to loads (so the docs
cannot drift from the code)."""
import re

import pytest

from conftest import ROOT, run_netsnap

FOREIGN = ("rest:", "- Network:")  # Home Assistant and Homepage examples, not netsnap's
# The README's configuration sections live in docs/ (issue #23), in the README's old order.
PAGES = ("README.md", "docs/configuration.md", "docs/outputs.md", "docs/pages.md", "docs/tiles.md",
         "docs/gathering.md", "docs/watch.md", "docs/push.md")


def config_examples():
    readme = "\n".join((ROOT / page).read_text() for page in PAGES)
    blocks = re.findall(r"```yaml\n(.*?)```", readme, re.S)
    return [b for b in blocks if not b.lstrip().startswith(FOREIGN)]


def test_readme_has_config_examples():
    assert len(config_examples()) >= 4


@pytest.mark.parametrize("index", range(len(config_examples())))
def test_readme_config_example_loads(tmp_path, index):
    config = tmp_path / "netsnap.yml"
    # Folders in the examples may not exist here: keep the output in tmp.
    text = re.sub(r"(?m)^output: .*$", f"output: {tmp_path / 'out'}", config_examples()[index])
    text = re.sub(r"(?m)^state: .*$", f"state: {tmp_path / 'state'}", text)
    (tmp_path / "templates").mkdir()
    text = re.sub(r"(?m)^(\s+)templates: .*$", lambda m: f"{m.group(1)}templates: {tmp_path / 'templates'}", text)
    # The MQTT example's CA file: must be readable, its contents are not read by render.
    (tmp_path / "ca.pem").write_text("")
    text = re.sub(r"\{ ca: [^}]*\}", f"{{ ca: {tmp_path / 'ca.pem'} }}", text)
    config.write_text(text)
    # `render` reads the whole config (gather: included) but probes nothing.
    result = run_netsnap("render", "--config", config, "--output", tmp_path / "out", "--no-tiles", check=False)
    assert result.returncode == 0, result.stderr.decode()
