#!/usr/bin/env bash
# Distributed gsf load over network namespaces as separate hosts (root; not part of CI):
#   a bridge gsfbr0 in this namespace (the coordinator, 10.77.0.254), and three namespaces linked to it by veth:
#   gsf-srv (the server, 10.77.0.1) and gsf-a1, gsf-a2 (agents, 10.77.0.2-3), each agent namespace with its own
#   sshd (own host key, this run's user key). The coordinator runs `gsf load --agents ssh:10.77.0.2,10.77.0.3`
#   against the server and prints the start skew between the agents and the cost of the ssh channel (clock round
#   trips, progress lines per second, result transfer time). Everything it creates is deleted on exit (trap).
#
#   scripts/agents-netns.sh [RATE]    RATE: cap each agent's link with tc tbf, e.g. 100mbit (default: uncapped)
#   env CLIENTS (default 40), STEADY (default 10s)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
rate="${1:-}"
clients="${CLIENTS:-40}"
steady="${STEADY:-10s}"
[ "$(id -u)" -eq 0 ] || { echo "agents-netns: needs root (ip netns, veth, sshd)" >&2; exit 2; }
[ -x /usr/sbin/sshd ] || { echo "agents-netns: needs /usr/sbin/sshd: apt-get install openssh-server" >&2; exit 2; }

tmp="$(mktemp -d /tmp/gsf-netns.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for ns in gsf-srv gsf-a1 gsf-a2; do
    # sessions an sshd left behind die with their namespace's processes
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true
  done
  ip link del gsfbr0 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

ip link add gsfbr0 type bridge
ip addr add 10.77.0.254/24 dev gsfbr0
ip link set gsfbr0 up
n=1
for ns in gsf-srv gsf-a1 gsf-a2; do
  ip netns add "$ns"
  ip link add "veth-$ns" type veth peer name eth0 netns "$ns"
  ip link set "veth-$ns" master gsfbr0 up
  ip -n "$ns" addr add "10.77.0.$n/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
  if [ -n "$rate" ] && [ "$ns" != gsf-srv ]; then
    ip netns exec "$ns" tc qdisc add dev eth0 root tbf rate "$rate" burst 64kb latency 50ms
    tc qdisc add dev "veth-$ns" root tbf rate "$rate" burst 64kb latency 50ms
  fi
  n=$((n + 1))
done

# the files: small ones, generated here
mkdir -p "$tmp/files"
head -c 1024 /dev/urandom > "$tmp/files/1KB.bin"
head -c 65536 /dev/urandom > "$tmp/files/64KB.bin"
head -c 1048576 /dev/urandom > "$tmp/files/1MB.bin"
(cd "$tmp/files" && md5sum -- *.bin > MD5SUMS)

"$here/gsf" --help >/dev/null # builds the jar once, before any timing
ip netns exec gsf-srv "$here/gsf" serve --root "$tmp/files" --host 10.77.0.1 --port 8099 > "$tmp/server.log" 2>&1 &
pids+=($!); disown

# keys and one sshd per agent namespace
ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key"
cp "$tmp/user_key.pub" "$tmp/authorized_keys"
mkdir -p /run/sshd
: > "$tmp/known_hosts"
for i in 2 3; do
  ns="gsf-a$((i - 1))"
  ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key_$i"
  cat > "$tmp/sshd_config_$i" <<CFG
ListenAddress 10.77.0.$i
Port 22
HostKey $tmp/host_key_$i
PidFile $tmp/sshd_$i.pid
AuthorizedKeysFile $tmp/authorized_keys
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
LogLevel ERROR
CFG
  ip netns exec "$ns" /usr/sbin/sshd -D -e -f "$tmp/sshd_config_$i" 2>> "$tmp/sshd.log" &
  pids+=($!); disown
  echo "10.77.0.$i $(cat "$tmp/host_key_$i.pub")" >> "$tmp/known_hosts"
done
cat > "$tmp/ssh_config" <<CFG
Host 10.77.0.*
  User root
  IdentityFile $tmp/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $tmp/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
CFG

for i in $(seq 1 100); do # server and sshds listening (at most 20 s)
  if curl -sf -o /dev/null http://10.77.0.1:8099/1KB.bin && ssh -F "$tmp/ssh_config" -o BatchMode=yes 10.77.0.2 true \
     && ssh -F "$tmp/ssh_config" -o BatchMode=yes 10.77.0.3 true; then break; fi
  [ "$i" -eq 100 ] && { echo "agents-netns: server or sshd did not come up" >&2; cat "$tmp/server.log" "$tmp/sshd.log" >&2; exit 1; }
  sleep 0.2
done

start=$(date +%s.%N)
set +e
"$here/gsf" load --url http://10.77.0.1:8099/ --manifest "$tmp/files/MD5SUMS" --clients "$clients" \
  --ramp-up 2s --steady "$steady" --ramp-down 1s --agents ssh:10.77.0.2,10.77.0.3 --ssh-config "$tmp/ssh_config" \
  --out "$tmp/out" > "$tmp/coordinator.out" 2> "$tmp/coordinator.log"
code=$?
set -e
end=$(date +%s.%N)
cat "$tmp/coordinator.log"
sed -n '/^Agent /,/^$/p' "$tmp/coordinator.out"
echo "agents-netns: coordinator exit $code, wall time $(echo "$end - $start" | bc) s${rate:+, agent links capped at $rate}"
python3 - "$tmp/out" <<'PY'
import json, sys, pathlib
out = pathlib.Path(sys.argv[1])
agents = json.load(open(out / "agents.json"))["agents"]
skews = [a["startSkewMs"] for a in agents if a["startSkewMs"] is not None]
for a in agents:
    log = (out / (a["name"] + ".log")).read_text().splitlines()
    progress = [l for l in log if "s left" in l and "MB/s" in l]
    print(f'{a["name"]} {a["host"]}: clock offset {a["clockOffsetMs"]:+.3f} ms (fastest round trip '
          f'{a["clockRoundTripMs"]:.3f} ms), start skew {a["startSkewMs"]} ms, {len(progress)} progress lines, '
          f'result transfer {a["resultTransferMs"]} ms')
if len(skews) > 1:
    print(f"start skew between agents: {max(skews) - min(skews):.1f} ms")
PY
exit "$code"
