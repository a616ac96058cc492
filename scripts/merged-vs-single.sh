#!/usr/bin/env bash
# Issue 23 figure: the same load (2,000 clients at 100 KB/s on 1MB.bin) from one process and from --agents local:2,
# interleaved, against one gsf server (ENBA). Prints throughput and init p50/p99 from each summary.json.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/runs/mvs}; ROUNDS=${ROUNDS:-2}; PORT=18099
rm -rf "$OUT"; mkdir -p "$OUT"
timeout 900 ./gsf serve --port $PORT --algorithm ENBA --workers 8 > "$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for i in $(seq 1 50); do curl -sf -o /dev/null http://127.0.0.1:$PORT/1KB.bin && break; sleep 0.2; done
COMMON="--url http://127.0.0.1:$PORT/ --mix 1MB.bin --clients 2000 --rate 100KB/s --ramp-up 10s --steady 30s --ramp-down 2s --seed 7"
for r in $(seq 1 $ROUNDS); do
  for kind in single agents; do
    extra=""; [ $kind = agents ] && extra="--agents local:2"
    timeout 300 ./gsf load $COMMON $extra --out "$OUT/$kind-$r" > "$OUT/$kind-$r.txt" 2>&1 || echo "$kind-$r exit $?"
  done
done
for d in "$OUT"/single-? "$OUT"/agents-?; do
  echo "$(basename "$d"): $(grep -A1 'Total throughput' "$d/summary.txt" | tail -1 | awk '{print "MB/s",$NF}')" \
       "$(grep '^init time' "$d/summary.txt" | awk '{print "init n",$4,"p50",$6,"p90",$7,"p99",$8,"p99.9",$9}')"
done
