#!/usr/bin/env bash
# Soak test of `netsnap watch`: CYCLES cycles (default 1000) at a 1 s interval on the
# embedded sample (re-dated every cycle, so every cycle stores history and rewrites
# outputs), sampling the process's resident memory every SAMPLE seconds. Prints, per tenth
# of the run, RSS and its anonymous part (the heap: what a leak grows) apart from the
# file-backed part (library and font pages, which grow as code paths are first touched and
# which the kernel can drop), and the cycle time from the log. It probes nothing.
#
#   bash scripts/soak-watch.sh            # CYCLES=1000 SAMPLE=5
set -euo pipefail
cd "$(dirname "$0")/.."

cycles=${CYCLES:-1000}
sample=${SAMPLE:-5}
scratch=${SCRATCH_PATH:-.build}
swift build -c release --product netsnap --scratch-path "$scratch" >&2
work=$(mktemp -d)
# A copy, so that rebuilding during the run does not pull the binary from under it.
cp "$scratch/release/netsnap" "$work/netsnap"
netsnap="$work/netsnap"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$netsnap" watch --sample --interval 1 --cycles "$cycles" --output "$work/out" --state "$work/state" --verbose \
  >"$work/log" 2>&1 &
pid=$!
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^(VmRSS|RssAnon|RssFile):/ {printf "%s ", $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] && echo "$(( $(date +%s) - start )) $rss" >>"$work/rss"
  sleep "$sample"
done
wait "$pid"
python3 - "$work/rss" "$work/log" "$cycles" <<'PY'
import re, statistics, sys
samples = [tuple(map(int, line.split())) for line in open(sys.argv[1]) if len(line.split()) == 4]
log = open(sys.argv[2]).read()
print(f"{sys.argv[3]} cycles, {len(samples)} RSS samples over {samples[-1][0]} s")
tenth = max(1, len(samples) // 10)
mb = lambda column, rows: statistics.median(row[column] for row in rows) / 1024
for i in range(0, len(samples), tenth):
    chunk = samples[i:i + tenth]
    print(f"  t={samples[i][0]:>5} s  RSS median {mb(1, chunk):6.1f} MB  max {max(r[1] for r in chunk) / 1024:6.1f} MB"
          f"  anon {mb(2, chunk):6.1f} MB  file {mb(3, chunk):6.1f} MB")
steady = samples[len(samples) // 10:]
for name, column in (("RSS", 1), ("anon", 2), ("file", 3)):
    values = [row[column] for row in steady]
    print(f"steady {name} (after the first tenth): min {min(values) / 1024:.1f} MB, max {max(values) / 1024:.1f} MB")
times = [float(t) for t in re.findall(r"ms=([0-9.]+) .*cycle done", log)]
if times:
    times.sort()
    print(f"cycle ms: median {statistics.median(times):.1f}, p95 {times[int(len(times) * 0.95)]:.1f}, max {times[-1]:.1f}")
PY
