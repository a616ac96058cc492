#!/usr/bin/env bash
# Scrapes a running `gsf serve` with a real Prometheus server (Debian package prometheus) while `gsf load` runs a
# short throttled load, then asks Prometheus' HTTP API for two metrics and prints the answers beside the server's own
# /metrics. Everything listens on 127.0.0.1; Prometheus' config and data live in a temporary directory removed at
# the end, and every process started here is stopped by its pid.
#
# Usage: scripts/prometheus-scrape.sh
# Env:   GSF_PORT, GSF_ADMIN_PORT (default 0: any free port), PROM_PORT (default: a free port),
#        ALGORITHM (default ENBA), CLIENTS (default 20), RATE (default 2MB/s), STEADY (default 10s)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v prometheus >/dev/null || { echo "needs prometheus: apt-get install prometheus" >&2; exit 3; }
command -v jq >/dev/null || { echo "needs jq: apt-get install jq" >&2; exit 3; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
GSF_PORT="${GSF_PORT:-0}"
GSF_ADMIN_PORT="${GSF_ADMIN_PORT:-0}"
PROM_PORT="${PROM_PORT:-$(free_port)}"
ALGORITHM="${ALGORITHM:-ENBA}"

work="$(mktemp -d)"
gsf_pid="" prom_pid=""
cleanup() {
  [ -n "$prom_pid" ] && kill "$prom_pid" 2>/dev/null && wait "$prom_pid" 2>/dev/null || true
  [ -n "$gsf_pid" ] && kill "$gsf_pid" 2>/dev/null && wait "$gsf_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Waits up to $2 seconds for command $1 to succeed.
wait_for() {
  local deadline=$((SECONDS + $2))
  until eval "$1" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "timed out waiting for: $1" >&2; exit 1; }
    sleep 0.2
  done
}

"$here/gsf" serve --port "$GSF_PORT" --admin-port "$GSF_ADMIN_PORT" --algorithm "$ALGORITHM" \
  >"$work/serve.log" 2>&1 &
gsf_pid=$!
wait_for "grep -q '^gsf admin on' '$work/serve.log'" 120
file_url="$(sed -n 's/^gsf serving .* on \(http:[^ ]*\) .*/\1/p' "$work/serve.log")"
admin="$(sed -n 's|^gsf admin on http://\([^ ]*\) .*|\1|p' "$work/serve.log")"
grep -E '^gsf (serving|admin)' "$work/serve.log"

cat >"$work/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: gsf
    static_configs:
      - targets: ['$admin']
YML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="127.0.0.1:$PROM_PORT" >"$work/prometheus.log" 2>&1 &
prom_pid=$!
api="http://127.0.0.1:$PROM_PORT/api/v1"
wait_for "curl -sf http://127.0.0.1:$PROM_PORT/-/ready" 60
echo "prometheus: $(prometheus --version 2>&1 | head -n 1 | cut -d' ' -f1-3) on 127.0.0.1:$PROM_PORT, scraping $admin every 1s"

query() { curl -sfG "$api/query" --data-urlencode "query=$1"; }
wait_for "query 'up{job=\"gsf\"} == 1' | jq -e '.data.result | length == 1'" 30

echo "load:       gsf load --clients ${CLIENTS:-20} --rate ${RATE:-2MB/s} --steady ${STEADY:-10s}"
"$here/gsf" load --url "$file_url/" --clients "${CLIENTS:-20}" --rate "${RATE:-2MB/s}" --ramp-up 2s \
  --steady "${STEADY:-10s}" --ramp-down 1s --mix 1MB.bin,200KB.bin --out "$work/load" >"$work/load.log" 2>&1 \
  || { echo "gsf load failed:" >&2; cat "$work/load.log" >&2; exit 1; }
grep -E 'downloads|throughput|errors' "$work/load.log" | head -n 6 | sed 's/^/  /'

# The counters stop moving once the load is over: wait until Prometheus has scraped their final values.
served="$(curl -sf "http://$admin/metrics" | awk -v a="$ALGORITHM" \
  '$1 == "gsf_downloads_ended_total{algorithm=\"" a "\",outcome=\"completed\"}" {print $2}')"
wait_for "query 'gsf_downloads_ended_total{outcome=\"completed\",algorithm=\"$ALGORITHM\"} == $served' \
  | jq -e '.data.result | length == 1'" 30

show() { # prints a query and each series of its answer
  echo; echo "query: $1"
  query "$1" | jq -r '.data.result[] | "  \(.metric | del(.__name__, .instance, .job) | tostring)  \(.value[1])"'
}
show "gsf_downloads_ended_total{algorithm=\"$ALGORITHM\"}"
show "max_over_time(rate(gsf_sent_bytes_total{algorithm=\"$ALGORITHM\"}[5s])[1m:1s])"
show "histogram_quantile(0.9, sum by (le) (increase(gsf_time_to_first_byte_seconds_bucket{algorithm=\"$ALGORITHM\"}[1m])))"
echo
echo "the server's own /metrics: completed downloads $served"
