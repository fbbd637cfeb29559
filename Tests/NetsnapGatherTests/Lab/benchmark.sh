#!/bin/bash
# The gatherer's benchmarks, in the namespace lab (root only; nothing leaves the lab):
#   1. a passive gather (no probes) as a whole process, 20 runs
#   2. 100 targets with a 1 s timeout, 10 of them on a host that ignores ICMP
#   3. a /24 sweep with 200 live hosts, beside `nmap -sn` on the same subnet
# Usage: benchmark.sh [SCRATCH_PATH]   (builds GatherLabRunner in release there)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
scratch=${1:-$root/.build-gather}
swift build -c release --product GatherLabRunner --package-path "$root" --scratch-path "$scratch" >/dev/null
runner="$scratch/release/GatherLabRunner"
prefix="glb$(printf '%04x' $((RANDOM)))"
work=$(mktemp -d)
trap 'bash "$here/lab.sh" down "$prefix"; rm -rf "$work"' EXIT
bash "$here/lab.sh" up "$prefix" "$work" 190
client() { ip netns exec "$prefix-client" "$@"; }
milliseconds() { echo $(( ($2 - $1) / 1000000 )); }

echo '{"stateDirectory": "'"$work"'/state"}' > "$work/passive.json"
client "$runner" gather "$work/passive.json" >/dev/null 2>&1  # state file and page cache warm
times=()
for _ in $(seq 1 20); do
    start=$(date +%s%N)
    client "$runner" gather "$work/passive.json" >/dev/null 2>&1
    times+=("$(milliseconds "$start" "$(date +%s%N)")")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
echo "passive gather (whole process, ms, 20 runs sorted): $sorted"

python3 - "$work" <<'PY'
import json, sys
targets = []
for index in range(30):
    targets.append({"name": f"tcp {index}", "kind": "tcp", "host": "10.77.0.10", "port": 8022})
    targets.append({"name": f"http {index}", "kind": "http", "host": "10.77.0.10", "port": 8080, "path": "/status"})
    targets.append({"name": f"dns {index}", "kind": "dns", "host": "10.77.0.10", "port": 5353, "query": "nas.lab"})
for index in range(10):
    targets.append({"name": f"sink {index}", "kind": "icmp", "host": f"10.77.0.{240 + index}"})
config = {"stateDirectory": sys.argv[1] + "/state", "probes": {"timeout": 1, "retries": 0, "concurrency": 128},
          "targets": targets}
json.dump(config, open(sys.argv[1] + "/targets.json", "w"))
PY
for run in 1 2 3; do
    start=$(date +%s%N)
    client "$runner" gather "$work/targets.json" >"$work/targets.out" 2>/dev/null
    elapsed=$(milliseconds "$start" "$(date +%s%N)")
    online=$(grep -c '"isOnline": true' "$work/targets.out" || true)
    echo "100 targets, 1 s timeout, 10 silent (run $run): ${elapsed} ms wall, $online online"
done

echo '{"stateDirectory": "'"$work"'/state", "sweep": {"subnet": "10.77.0.0/24"}}' > "$work/sweep.json"
for run in 1 2 3; do
    client ip neigh flush dev eth0
    start=$(date +%s%N)
    client "$runner" sweep "$work/sweep.json" >"$work/sweep.out" 2>/dev/null
    elapsed=$(milliseconds "$start" "$(date +%s%N)")
    echo "netsnap sweep /24 (run $run): ${elapsed} ms wall, $(grep '^live' "$work/sweep.out"), $(grep '^answered' "$work/sweep.out")"
    if ! command -v nmap >/dev/null; then echo "nmap -sn /24: nmap is not installed (apt-get install nmap), no yardstick"; continue; fi
    client ip neigh flush dev eth0
    start=$(date +%s%N)
    found=$(client nmap -sn -n 10.77.0.0/24 | grep -c "Host is up" || true)
    elapsed=$(milliseconds "$start" "$(date +%s%N)")
    echo "nmap -sn /24      (run $run): ${elapsed} ms wall, $found hosts up (nmap counts the client itself)"
done
