#!/bin/sh
# Collects a finished `gsf load --agents k8s:N` Job: each pod's result, printed to its log by agent.sh, unpacked
# into OUT/agent-I (I = the pod's completion index), then merged into OUT by `gsf merge` (extra arguments, e.g.
# criteria such as --max-p99-init 100ms, go to gsf merge).
#
#   deploy/k8s/collect.sh JOB OUT [gsf merge options...]     # kubectl in PATH, its current context and namespace
#   deploy/k8s/collect.sh --unpack LOG DIR                  # one pod's log (as kubectl logs prints it) into DIR
set -eu
here="$(cd "$(dirname "$0")" && pwd)"

unpack() { # $1 log file, $2 directory
  mkdir -p "$2"
  if ! grep -q '^----- BEGIN GSF RESULT' "$1"; then
    echo "collect: $1 holds no gsf result (did the agent run? see the log)" >&2
    return 1
  fi
  sed -n '/^----- BEGIN GSF RESULT/,/^----- END GSF RESULT/p' "$1" | sed '1d;$d' | base64 -d | tar -xzf - -C "$2"
}

if [ "${1:-}" = "--unpack" ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --unpack LOG DIR" >&2; exit 2; }
  unpack "$2" "$3"
  exit 0
fi
[ $# -ge 2 ] || { echo "usage: $0 JOB OUT [gsf merge options...]" >&2; exit 2; }
job="$1"; out="$2"; shift 2
mkdir -p "$out"
pods="$(kubectl get pods -l "job-name=$job" -o \
  jsonpath='{range .items[*]}{.metadata.name}{" "}{.metadata.annotations.batch\.kubernetes\.io/job-completion-index}{"\n"}{end}')"
[ -n "$pods" ] || { echo "collect: job $job has no pods" >&2; exit 1; }
echo "$pods" | while read -r pod index; do
  [ -n "$pod" ] || continue
  kubectl logs "$pod" > "$out/agent-$index.log"
  unpack "$out/agent-$index.log" "$out/agent-$index"
  echo "collect: $pod -> $out/agent-$index"
done
exec "$here/../../gsf" merge --out "$out" "$@" "$out"/agent-*/
