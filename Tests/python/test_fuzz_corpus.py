"""The fuzz targets' seed corpus and every crash kept as a regression go through the plain
build's `netsnap-fuzz` replayer: what once crashed must not again."""
import subprocess

import pytest

from conftest import NETSNAP, ROOT

REPLAYER = NETSNAP.parent / "netsnap-fuzz"


@pytest.mark.parametrize("target", ["decoder", "stream", "template"])
def test_corpus_and_regressions_replay(target):
    files = [path for folder in ("corpus", "regressions") for path in sorted((ROOT / "Tests/Fuzz" / folder / target).glob("*"))]
    assert any("corpus" in str(path) for path in files), "the seed corpus is missing"
    result = subprocess.run([str(REPLAYER), target, *map(str, files)], capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()


def test_replayer_refuses_an_unknown_target():
    assert subprocess.run([str(REPLAYER), "nothing"], capture_output=True, timeout=30).returncode == 2
