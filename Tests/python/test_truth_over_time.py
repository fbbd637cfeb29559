"""What `netsnap render` writes follows the data's real age: the same picture is the same
bytes whenever it is rendered, and stale data says how old it is (checked with pngcheck and
tesseract, outside readers)."""
import json
import shutil
import subprocess

import pytest

from conftest import run_netsnap


def rendered_tiles(tmp_path, name, snapshot_at, now):
    snapshot = json.loads(run_netsnap("sample").stdout)
    snapshot["generatedAt"] = snapshot_at
    snapshot["status"]["updatedAt"] = snapshot_at
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(snapshot))
    config = tmp_path / "netsnap.yml"
    config.write_text("timeZone: UTC\ntiles:\n  displays: [trmnl, trmnl-gray]\n")
    out = tmp_path / name
    run_netsnap("render", "--input", path, "--output", out, "--now", now, "--config", config)
    return {tile.name: tile.read_bytes() for tile in sorted((out / "tiles").iterdir())}


def test_same_picture_same_bytes_across_snapshot_times_and_render_times(tmp_path):
    first = rendered_tiles(tmp_path, "a", "2026-11-21T10:42:07Z", "2026-11-21T10:42:10Z")
    # Taken 44 s later (the same displayed minute), rendered 3 minutes later: still fresh.
    second = rendered_tiles(tmp_path, "b", "2026-11-21T10:42:51Z", "2026-11-21T10:45:10Z")
    assert len(first) == 8
    assert first == second
    assert all(b"Creation Time" not in png and b"2026" not in png for png in first.values())


def test_stale_tiles_change_and_say_their_age(tmp_path):
    fresh = rendered_tiles(tmp_path, "fresh", "2026-11-21T10:42:07Z", "2026-11-21T10:43:00Z")
    stale = rendered_tiles(tmp_path, "stale", "2026-11-21T10:42:07Z", "2026-11-23T11:00:00Z")
    assert set(fresh) == set(stale) and all(fresh[name] != stale[name] for name in fresh)
    path = tmp_path / "trmnl-stale.png"
    path.write_bytes(stale["trmnl-light.png"])
    assert subprocess.run(["pngcheck", "-q", str(path)], capture_output=True).returncode == 0
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is missing: scripts/setup.sh installs tesseract-ocr")
    text = subprocess.run(["tesseract", str(path), "-", "--psm", "11"], capture_output=True, text=True).stdout
    assert "Stale" in text and "2 days" in text and "21 Nov" in text, text
