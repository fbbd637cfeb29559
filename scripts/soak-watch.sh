#!/usr/bin/env bash
# Soak test of `netsnap watch`: CYCLES cycles (default 1000) at a 1 s interval on the
# embedded sample (re-dated every cycle, so every cycle stores history and rewrites
# outputs), sampling the process's resident memory every SAMPLE seconds. Prints RSS per
# tenth of the run and the cycle time from the log. Loopback-free: it probes nothing.
#
#   bash scripts/soak-watch.sh            # CYCLES=1000 SAMPLE=5
set -euo pipefail
cd "$(dirname "$0")/.."

cycles=${CYCLES:-1000}
sample=${SAMPLE:-5}
scratch=${SCRATCH_PATH:-.build}
swift build -c release --product netsnap --scratch-path "$scratch" >&2
netsnap="$scratch/release/netsnap"

work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$netsnap" watch --sample --interval 1 --cycles "$cycles" --output "$work/out" --state "$work/state" --verbose \
  >"$work/log" 2>&1 &
pid=$!
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] && echo "$(( $(date +%s) - start )) $rss" >>"$work/rss"
  sleep "$sample"
done
wait "$pid"
python3 - "$work/rss" "$work/log" "$cycles" <<'PY'
import re, statistics, sys
samples = [tuple(map(int, line.split())) for line in open(sys.argv[1])]
log = open(sys.argv[2]).read()
print(f"{sys.argv[3]} cycles, {len(samples)} RSS samples over {samples[-1][0]} s")
tenth = max(1, len(samples) // 10)
for i in range(0, len(samples), tenth):
    chunk = [kb for _, kb in samples[i:i + tenth]]
    print(f"  t={samples[i][0]:>5} s  RSS median {statistics.median(chunk) / 1024:6.1f} MB  max {max(chunk) / 1024:6.1f} MB")
steady = [kb for _, kb in samples[len(samples) // 10:]]
print(f"steady (after the first tenth): min {min(steady) / 1024:.1f} MB, max {max(steady) / 1024:.1f} MB")
times = [float(t) for t in re.findall(r"ms=([0-9.]+) .*cycle done", log)]
if times:
    times.sort()
    print(f"cycle ms: median {statistics.median(times):.1f}, p95 {times[int(len(times) * 0.95)]:.1f}, max {times[-1]:.1f}")
PY
