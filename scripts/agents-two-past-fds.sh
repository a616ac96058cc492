#!/usr/bin/env bash
# Issue 23 figure: 2 local agents x 19,000 clients at 20 KB/s against nginx (2 workers, reuseport), sources
# 127.0.0.2 and 127.0.0.3, beside one agent's ceiling (one process, 19,000 clients). RSS of the agents sampled by ps.
set -uo pipefail
cd "$(dirname "$0")/.."; ROOT=$(pwd)/files
OUT=${OUT:-/tmp/runs/a38}; PORT=18199; CLIENTS=${CLIENTS:-19000}
RAMP=${RAMP:-40s}; STEADY=${STEADY:-60s}
rm -rf "$OUT"; mkdir -p "$OUT/nginx/logs"
cat > "$OUT/nginx/nginx.conf" <<CONF
worker_processes 4;
worker_rlimit_nofile 20000;
error_log $OUT/nginx/logs/error.log warn;
pid $OUT/nginx/nginx.pid;
events { worker_connections 19900; }
http {
  access_log off; sendfile on; open_file_cache max=64 inactive=120s; tcp_nopush on; keepalive_requests 1000000; keepalive_timeout 120s;
  server { listen 127.0.0.1:$PORT reuseport backlog=8192 sndbuf=16k; root $ROOT; }
}
CONF
timeout 1200 /usr/sbin/nginx -p "$OUT/nginx" -c "$OUT/nginx/nginx.conf" -g 'daemon off;' &
NGINX=$!
trap 'kill $NGINX 2>/dev/null; kill $SAMPLER 2>/dev/null; wait 2>/dev/null' EXIT
for i in $(seq 1 50); do curl -sf -o /dev/null http://127.0.0.1:$PORT/1KB.bin && break; sleep 0.2; done
sample() { # RSS (MB) and CPU ticks of every gsf load JVM, every 5 s
  while true; do
    for p in $(pgrep -f 'gsf.*load|LoadCommand' ); do
      [ -r /proc/$p/status ] && echo "$(date +%s) $p $(awk '/VmRSS/{print int($2/1024)}' /proc/$p/status) $(awk '{print $14+$15}' /proc/$p/stat) $(ls /proc/$p/fd 2>/dev/null | wc -l)"
    done
    echo "$(date +%s) tcpmem_pages $(awk '/^TCP:/{print $NF}' /proc/net/sockstat)"
    sleep 5
  done
}
run() { # name, extra options
  local name=$1; shift
  sample > "$OUT/$name.samples" & SAMPLER=$!
  timeout 600 ./gsf load --url http://127.0.0.1:$PORT/ --mix 200KB.bin --rate 20KB/s --rcvbuf 16K --burst 16K --ramp-up $RAMP --steady $STEADY \
      --ramp-down 2s --timeout 60s --out "$OUT/$name" "$@" > "$OUT/$name.txt" 2>&1
  echo "$name exit $?"
  kill $SAMPLER; wait $SAMPLER 2>/dev/null
}
run one --clients $CLIENTS --source-address 127.0.0.2
run two --clients $((CLIENTS * 2)) --agents local:2 --source-address 127.0.0.2,127.0.0.3
