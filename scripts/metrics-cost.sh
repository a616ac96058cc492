#!/usr/bin/env bash
# The cost of the meters on the 1 KB wrk run: one server without an admin listener (no meters kept) and one with
# it (meters, /metrics scraped by nobody), both started here on 127.0.0.1, measured in interleaved rounds so that
# drift of a shared machine hits both alike. Prints requests/s of each round, then median and [min-max] per side.
#
# Usage: scripts/metrics-cost.sh [ROUNDS]   (default 5; each round is one wrk run per server)
# Env:   OFF_PORT, ON_PORT, ADMIN_PORT (default 24020-24022), ALGORITHM (default SBA), DURATION (default 10s)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 3; }
rounds="${1:-5}"
off_port="${OFF_PORT:-24020}" on_port="${ON_PORT:-24021}" admin_port="${ADMIN_PORT:-24022}"
algorithm="${ALGORITHM:-SBA}" duration="${DURATION:-10s}"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

start() { # name port [flags...]
  local name="$1" port="$2"; shift 2
  "$here/gsf" serve --port "$port" --algorithm "$algorithm" "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  local deadline=$((SECONDS + 120))
  until grep -q "^gsf serving" "$work/$name.log" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "$name did not start:" >&2; cat "$work/$name.log" >&2; exit 1; }
    sleep 0.2
  done
}
rps() { wrk -t1 -c50 -d"$1" "http://127.0.0.1:$2/1KB.bin" | awk '/^Requests\/sec/ {printf "%.0f\n", $2}'; }

start off "$off_port"
start on "$on_port" --admin-port "$admin_port"
echo "warm-up: 15 s each"
rps 15s "$off_port" >/dev/null
rps 15s "$on_port" >/dev/null
: >"$work/off" ; : >"$work/on"
for r in $(seq 1 "$rounds"); do
  for side in off on; do # alternate which goes first, so neither always follows the other
    [ $((r % 2)) -eq 0 ] && side=$([ "$side" = off ] && echo on || echo off)
    port=$([ "$side" = off ] && echo "$off_port" || echo "$on_port")
    v="$(rps "$duration" "$port")"
    echo "$v" >>"$work/$side"
    echo "round $r  metrics $side  $v req/s"
  done
done
summary() {
  sort -n "$work/$1" | awk -v name="$1" '{v[NR]=$1} END {
    m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
    printf "metrics %-3s median %6.0f req/s  [%d-%d]  n=%d\n", name, m, v[1], v[NR], NR }'
}
summary off
summary on
echo "(algorithm $algorithm, wrk -t1 -c50 -d$duration on 1KB.bin; $(nproc) cores shared with other work: noisy)"
