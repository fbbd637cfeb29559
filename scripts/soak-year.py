#!/usr/bin/env python3
"""A year unattended, in minutes: one `netsnap serve --watch` process (restarted once after
`kill -9`) whose wall clock libfaketime moves through a year in 23-hour steps, with the
clock a year ahead and set back, a clock behind and corrected, a full disk (then freed by only 1.5 MB), a read-only
state folder, a source that goes silent and a corrupted database. After every cycle it checks
that the outputs are stale exactly when the data is and that /healthz says why; at the end,
that the history kept everything within retention and nothing older, and that the state
folder stayed under its ceiling.

    python3 scripts/soak-year.py                  # a year (about 400 cycles, ~8 min)
    python3 scripts/soak-year.py --days 100       # the CI-sized run (Tests/python)

Needs root (the state folder is a small tmpfs it mounts, fills and remounts read-only) and
libfaketime (Debian's faketime). Only loopback traffic: the server it asks binds 127.0.0.1.
"""
import argparse
from contextlib import closing
import glob
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "Sources/NetsnapResources/sample-snapshot.json"
DAY = 86_400
STEP = 23 * 3600
FRESHNESS = 120
ROLLUP_DAYS = 90
# The documented ceiling of the state folder (docs/reliability.md, "The state folder's ceiling").
STATE_CEILING_BYTES = 72 * 1000 * 1000


class Soak:
    def __init__(self, binary, work):
        self.binary = binary
        self.work = work
        self.state = work / "state"
        self.output = work / "output"
        self.clock_file = work / "clock"
        self.snapshot = work / "snapshot.json"
        self.offset = 0.0
        self.process = None
        self.log = None
        self.port = None
        self.cycles = 0
        self.step_index = 0
        self.failures = []
        # Snapshot times the history should hold (given while it could be written).
        self.recorded = []
        self.history_writable = True

    # The clock ---------------------------------------------------------------------------
    def fake_now(self):
        return datetime.now(timezone.utc) + timedelta(seconds=self.offset)

    def set_offset(self, seconds):
        self.offset = seconds
        self.clock_file.write_text(f"{int(seconds):+d}\n")

    # The source --------------------------------------------------------------------------
    def write_snapshot(self, at=None, nas_down=False):
        document = json.loads(SAMPLE.read_text())
        stamp = (at or self.fake_now()).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        document["generatedAt"] = stamp
        document["status"]["updatedAt"] = stamp
        for target in document["targets"]:
            target["lastChecked"] = stamp
            if target["name"] == "NAS" and nas_down:
                target["isOnline"] = False
                target["currentLatency"] = None
        temporary = self.snapshot.with_suffix(".tmp")
        temporary.write_text(json.dumps(document))
        os.replace(temporary, self.snapshot)
        if self.history_writable:
            self.recorded.append((at or self.fake_now()).timestamp())

    # The process -------------------------------------------------------------------------
    def start(self):
        """Starts netsnap with the clock at the real time, then moves it to where the soak is:
        libfaketime misplaces libdispatch's timers in a process that starts with an offset
        (the loop then sleeps for ever), not in one whose offset changes later. So a restart
        looks like a Pi that boots with a stale clock and gets NTP's a moment later."""
        offset = self.offset
        self.set_offset(0)
        self.write_snapshot()
        library = glob.glob("/usr/lib/*/faketime/libfaketime.so.1")
        if not library:
            sys.exit("libfaketime is missing (apt install faketime)")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = dict(os.environ, LD_PRELOAD=library[0], FAKETIME_TIMESTAMP_FILE=str(self.clock_file),
                   FAKETIME_NO_CACHE="1", FAKETIME_DONT_FAKE_MONOTONIC="1")
        config = self.work / "netsnap.yml"
        config.write_text(f"freshnessSeconds: {FRESHNESS}\nhistory:\n  rawHours: 48\n  rollupDays: {ROLLUP_DAYS}\n")
        self.log = open(self.work / "netsnap.log", "a")
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--watch", "--input", str(self.snapshot), "--config", str(config),
             "--state", str(self.state), "--output", str(self.output), "--port", str(self.port), "--interval", "1"
            ],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self.wait_for_cycles(1, what="the first cycle")
        self.set_offset(offset)
        self.write_snapshot()
        self.wait_for_cycles(2, what="a cycle at the soak's time")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def cycles_logged(self):
        return (self.work / "netsnap.log").read_text(errors="replace").count("cycle done")

    def wait_for_cycles(self, count, what="a cycle"):
        """Waits until `count` more cycles are logged."""
        target = self.cycles_logged() + count
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"netsnap exited ({self.process.returncode}) waiting for {what}; see {self.work}/netsnap.log")
            if self.cycles_logged() >= target:
                self.cycles = self.cycles_logged()
                return
            time.sleep(0.05)
        sys.exit(f"timed out waiting for {what}; see {self.work}/netsnap.log")

    # What the outputs and the server say -------------------------------------------------
    def summary(self):
        return json.loads((self.output / "summary.json").read_text())

    def health(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def check(self, condition, message):
        if not condition:
            self.failures.append(f"step {self.step_index} ({self.fake_now():%Y-%m-%d %H:%M}): {message}")

    def check_outputs(self, data_fresh, history_ok=True):
        """summary.json is stale iff the data is; /healthz and `problem` say why. With
        `history_ok` None the history may or may not have been written (a full disk whose WAL
        still has room takes a few more cycles): the outputs must only agree with each other."""
        summary = self.summary()
        self.check(summary["stale"] == (not data_fresh), f"stale={summary['stale']} but the data is {'fresh' if data_fresh else 'stale'}")
        written = summary["problem"] is None
        if history_ok is not None:
            self.check(written == history_ok, f"problem={summary['problem']!r} with history {'ok' if history_ok else 'failing'}")
        else:
            self.check(written or "history" in summary["problem"], f"problem={summary['problem']!r}")
        status, report = self.health()
        self.check((status == 200) == (data_fresh and written), f"/healthz {status}: {report.get('reason')}")

    def step(self, seconds=STEP, cycles=1, nas_down=False, data_fresh=True, history_ok=True, write=True):
        """Moves the clock on, gives a snapshot dated now (unless the source is silent) and checks."""
        self.step_index += 1
        self.set_offset(self.offset + seconds)
        if write:
            self.write_snapshot(nas_down=nas_down)
        self.wait_for_cycles(cycles + 1)
        self.check_outputs(data_fresh=data_fresh, history_ok=history_ok)


def mount_state(soak, megabytes):
    soak.state.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(soak.state)], check=True)


def run(binary, days, work):
    soak = Soak(binary, work)
    mount_state(soak, 96)
    try:
        soak.set_offset(0)
        soak.write_snapshot()
        soak.start()
        steps = int(days * DAY / STEP)
        events = {}
        for index in range(steps):
            soak.step(nas_down=index % 9 == 4)
            special(soak, index, steps, events)
        final(soak, events)
    finally:
        soak.stop()
        subprocess.run(["umount", "-l", str(soak.state)], check=False)
    return soak


def special(soak, index, steps, events):
    """The year's accidents, each at its own place in it."""
    if index == 3:  # a kill -9, then a bad sector: the database is found corrupt at the restart
        soak.kill()
        soak.start()
        soak.stop()  # cleanly, so the WAL is folded into the file and gone
        database = soak.state / "history.sqlite"
        with open(database, "r+b") as handle:  # garbage over its first pages, header and all
            handle.write(b"\xff" * 20480)
        soak.start()
        soak.check(list(soak.state.glob("history.sqlite.corrupt-*")), "the corrupt database was not moved aside")
        feed = json.loads((soak.output / "feed.json").read_text())
        soak.check(any(item["_netsnap"]["kind"] == "historyReset" for item in feed["items"]), "no historyReset event")
        events["reset_at"] = soak.fake_now()
    if index == steps // 5:  # a year ahead for a few cycles, then NTP steps it back
        soak.step(seconds=365 * DAY, cycles=3)
        soak.step(seconds=-365 * DAY + 60, cycles=1)
        with closing(sqlite3.connect(soak.state / "history.sqlite")) as db:
            ahead = db.execute("SELECT COUNT(*) FROM event WHERE occurredAt > ?", (soak.fake_now().timestamp() + 3600,)).fetchone()[0]
        feed = json.loads((soak.output / "feed.json").read_text())
        if feed["items"]:
            soak.check(not feed["items"][0]["title"].startswith("Clock ahead"), "an event dated ahead is on top of the feed")
        events["ahead_events"] = ahead
        for _ in range(3):  # recording resumes at once: a target going down is an event
            soak.step(seconds=60, nas_down=True)
        feed = json.loads((soak.output / "feed.json").read_text())
        soak.check(feed["items"] and feed["items"][0]["_netsnap"]["kind"] == "targetDown"
                   and not feed["items"][0]["title"].startswith("Clock ahead"), "no event right after the correction")
    if index == steps // 3:  # a clock behind by up to a month, corrected a few cycles later
        # (Never before the process's own start: libfaketime then misplaces its timers too.)
        back = min(30 * DAY, soak.offset - DAY)
        soak.step(seconds=-back, cycles=2)
        soak.step(seconds=back + 60, cycles=2)
    if index == steps // 2:  # a full disk: the outputs go on, fresh, and say the history is not written
        filler = soak.state / "filler"
        free = os.statvfs(soak.state).f_bavail * os.statvfs(soak.state).f_frsize
        with open(filler, "wb") as handle:
            handle.write(b"\0" * max(0, free - 4096))
            try:
                handle.write(b"\0" * 65536)
            except OSError:
                pass
        soak.history_writable = False
        soak.step(seconds=120, cycles=2, history_ok=None)
        soak.history_writable = True
        # Only 1.5 MB freed: recording resumes and holds for many cycles (the write-ahead log
        # must not grow back into the room and stall it again).
        os.truncate(filler, max(0, filler.stat().st_size - 1536 * 1024))
        soak.step(seconds=60, cycles=2, history_ok=None)
        for _ in range(12):
            soak.step(seconds=60, cycles=2)
        filler.unlink()
        soak.step(seconds=120, cycles=2)
    if index == steps // 2 + 5:  # a card gone read-only: netsnap starts on it, serves, and says why
        soak.stop()
        subprocess.run(["mount", "-o", "remount,ro", str(soak.state)], check=True)
        soak.history_writable = False
        soak.start()
        soak.step(seconds=120, cycles=2, history_ok=False)
        soak.stop()
        soak.history_writable = True
        subprocess.run(["mount", "-o", "remount,rw", str(soak.state)], check=True)
        soak.start()
        soak.step(seconds=120, cycles=2)
    if index == steps // 2 + 10:  # the source goes silent: stale, and the health check says so
        soak.step(seconds=FRESHNESS + 60, cycles=2, data_fresh=False, write=False)
        soak.step(seconds=60, cycles=1)


def final(soak, events):
    """Retention kept everything within its window and nothing older; the folder is small."""
    now = soak.fake_now().timestamp()
    kept_from = max(now - ROLLUP_DAYS * DAY, events.get("reset_at", soak.fake_now()).timestamp())
    with closing(sqlite3.connect(soak.state / "history.sqlite")) as db:
        # The hours, and the half-hours not folded into them yet.
        hours = {row[0] for row in db.execute(
            "SELECT hour FROM hourlyRollup WHERE seriesKey = 'gateway' UNION "
            "SELECT halfHour / 2 FROM halfHourRollup WHERE seriesKey = 'gateway' AND folded = 0")}
        oldest_event = db.execute("SELECT MIN(occurredAt) FROM event").fetchone()[0]
    expected = {int(stamp // 3600) for stamp in soak.recorded if kept_from + 3600 <= stamp <= now}
    missing = sorted(expected - hours)
    soak.check(not missing, f"{len(missing)} hours with cycles missing from the roll-ups (first {missing[:3]})")
    too_old = [hour for hour in hours if hour * 3600 < now - ROLLUP_DAYS * DAY - 2 * 3600 and hour * 3600 < now]
    soak.check(not too_old, f"{len(too_old)} hourly roll-ups older than the retention")
    if oldest_event is not None:
        soak.check(oldest_event >= now - ROLLUP_DAYS * DAY - 3600 or oldest_event > now,
                   "events older than the retention were kept")
    size = sum(path.stat().st_size for path in soak.state.rglob("*") if path.is_file())
    soak.size = size
    soak.check(size <= STATE_CEILING_BYTES, f"state folder {size} bytes, over the ceiling {STATE_CEILING_BYTES}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/netsnap"))
    parser.add_argument("--days", type=float, default=365)
    parser.add_argument("--work", help="a folder to keep (default: a temporary one)")
    arguments = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("needs root: the state folder is a tmpfs the soak mounts, fills and remounts read-only")
    import tempfile
    work = Path(arguments.work or tempfile.mkdtemp(prefix="netsnap-soak-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    soak = run(Path(arguments.binary), arguments.days, work)
    print(f"soak: {arguments.days:g} simulated days, {soak.cycles} cycles in {time.monotonic() - started:.0f} s, "
          f"state folder {getattr(soak, 'size', 0) / 1e6:.2f} MB (ceiling {STATE_CEILING_BYTES / 1e6:.0f} MB)")
    for failure in soak.failures:
        print("FAIL", failure)
    sys.exit(1 if soak.failures else 0)


if __name__ == "__main__":
    main()
