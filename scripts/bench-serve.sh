#!/usr/bin/env bash
# Benchmarks `netsnap serve` against nginx (one worker) serving the same ~27 KB PNG tile from
# the same folder, in the same run, with `wrk -t2 -c32 --latency` on loopback only.
# Bounded: about a minute in all. Goal: netsnap ≥ 60 % of nginx's requests/s, p99 < 10 ms.
#
#   bash scripts/bench-serve.sh            # DURATION=10 ROUNDS=2 PORT=18080 NGINX_PORT=18081
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-10}
rounds=${ROUNDS:-2}
port=${PORT:-18080}
nginx_port=${NGINX_PORT:-18081}
scratch=${SCRATCH_PATH:-.build}
tile=tiles/medium@2x-light.png

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

# NETSNAP=path skips the build and measures that binary (e.g. the static one package-deb.sh builds).
if [ -z "${NETSNAP:-}" ]; then
  swift build -c release --product netsnap --scratch-path "$scratch" >&2
fi
netsnap=${NETSNAP:-$scratch/release/netsnap}

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

output="$work/Output"
"$netsnap" render --output "$output" 2>/dev/null
[ -f "$output/$tile" ] || { echo "bench-serve: render wrote no $tile" >&2; exit 1; }
size=$(stat -c %s "$output/$tile")
# nginx's worker drops root for www-data: the folder mktemp made (mode 700) must be readable.
chmod -R a+rX "$work"

cat >"$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { image/png png; application/json json; }
  server {
    listen 127.0.0.1:$nginx_port;
    root $output;
  }
}
CONF
"$nginx_bin" -c "$work/nginx.conf" -g 'daemon off;' &
pids+=($!)
"$netsnap" serve --output "$output" --host 127.0.0.1 --port "$port" 2>"$work/serve.log" &
pids+=($!)

for url in "http://127.0.0.1:$port/$tile" "http://127.0.0.1:$nginx_port/$tile"; do
  for _ in $(seq 50); do
    curl -sf -o /dev/null "$url" && break
    sleep 0.1
  done
  curl -sf -o /dev/null "$url" || {
    echo "bench-serve: $url does not answer" >&2
    cat "$work/nginx-error.log" "$work/serve.log" >&2 2>/dev/null || true
    exit 1
  }
done

# "12.34ms" / "567.00us" / "1.20s" → milliseconds
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }

run() {  # name url → "requests/s p99-ms"
  local result
  result=$(wrk -t2 -c32 -d"${duration}s" --latency "$2")
  local rps p99
  rps=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$result")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$result")
  echo "$rps $(to_ms "$p99")"
}

wrk -t2 -c32 -d2s "http://127.0.0.1:$port/$tile" >/dev/null
wrk -t2 -c32 -d2s "http://127.0.0.1:$nginx_port/$tile" >/dev/null

echo "tile: $tile, $size bytes; wrk -t2 -c32 -d${duration}s --latency, $rounds rounds, alternating"
printf '%-7s %-8s %12s %10s\n' round server "requests/s" "p99 ms"
best_netsnap=0 best_nginx=0 worst_p99=0
for round in $(seq "$rounds"); do
  read -r rps p99 < <(run netsnap "http://127.0.0.1:$port/$tile")
  printf '%-7s %-8s %12s %10s\n' "$round" netsnap "$rps" "$p99"
  best_netsnap=$(awk -v a="$best_netsnap" -v b="$rps" 'BEGIN { print (b > a ? b : a) }')
  worst_p99=$(awk -v a="$worst_p99" -v b="$p99" 'BEGIN { print (b > a ? b : a) }')
  read -r rps p99 < <(run nginx "http://127.0.0.1:$nginx_port/$tile")
  printf '%-7s %-8s %12s %10s\n' "$round" nginx "$rps" "$p99"
  best_nginx=$(awk -v a="$best_nginx" -v b="$rps" 'BEGIN { print (b > a ? b : a) }')
done
ratio=$(awk -v a="$best_netsnap" -v b="$best_nginx" 'BEGIN { printf "%.0f", 100 * a / b }')
echo "netsnap best ${best_netsnap} req/s = ${ratio} % of nginx best ${best_nginx} req/s (goal ≥ 60 %); netsnap worst p99 ${worst_p99} ms (goal < 10 ms)"
