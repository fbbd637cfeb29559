"""Two simulated months unattended (scripts/soak-year.py; the whole year is its default,
run before a release): clock jumps both ways, a full disk, a read-only state folder, a
silent source and a corrupt database — outputs stale iff the data is, nothing lost within
retention, nothing older kept, the state folder under its ceiling."""
import subprocess
import sys

from conftest import NETSNAP, ROOT


def test_sixty_simulated_days_with_every_accident(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/soak-year.py"), "--binary", str(NETSNAP), "--days", "60",
         "--work", str(tmp_path / "soak")],
        capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout
