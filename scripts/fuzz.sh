#!/usr/bin/env bash
# Fuzzes for real: runs each fuzz target (a @FuzzTest class) with JAZZER_FUZZ=1 for a duration, then prints per target
# the executions, the coverage reached and the findings. A finding's input is written by Jazzer into the target's
# seed directory (src/test/resources/<package>/<Class>Inputs/<method>/crash-*), so that every later test run
# replays it: fix the bug, keep the file (renamed to say what it is). See docs/fuzzing.md.
#
#   scripts/fuzz.sh [TARGET...] [--duration 10m]     TARGET: a class name below (default: all of them)
#   scripts/fuzz.sh socket [--requests 200000]       the socket driver: mutated requests to a real server
#
# Extra Maven options (e.g. -Dmaven.repo.local=...) come from GSF_MVN_ARGS. Each run is a Maven build (about half a
# minute on top of the duration); it runs under nice, as a background job should. A run is at most 15 minutes (the
# targets' @FuzzTest(maxDuration), which counts the seeds' replay too).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# target class -> module
declare -A MODULE=(
  [HeadFuzzTest]=server [ChunkedFuzzTest]=server [RangeFuzzTest]=server [FirstBytesFuzzTest]=server
  [PathFuzzTest]=server [ConfigFuzzTest]=server [PemFuzzTest]=server [H2FrameFuzzTest]=server
  [ResponseFuzzTest]=loadgen [MergeFuzzTest]=loadgen [WorkloadFuzzTest]=loadgen
  [CorpusFuzzTest]=conformance [ExchangeFuzzTest]=conformance
)
ORDER=(HeadFuzzTest ChunkedFuzzTest RangeFuzzTest FirstBytesFuzzTest PathFuzzTest ConfigFuzzTest PemFuzzTest
  H2FrameFuzzTest ResponseFuzzTest MergeFuzzTest WorkloadFuzzTest CorpusFuzzTest ExchangeFuzzTest)

duration=10m requests=200000 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --requests) requests="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${ORDER[@]}")

seconds() { # 90s, 10m, 1h -> seconds
  case "$1" in *h) echo $(( ${1%h} * 3600 ));; *m) echo $(( ${1%m} * 60 ));; *s) echo "${1%s}";; *) echo "$1";; esac
}

mvn_run() { # module, then Maven arguments
  local module="$1"; shift
  (cd "$here" && nice -n 10 mvn -B ${GSF_MVN_ARGS:-} -pl "$module" -am test -Dsurefire.failIfNoSpecifiedTests=false "$@")
}

# Runs one target: Maven builds, the test JVM starts fuzzing (libFuzzer's INITED line), and after $3 seconds of
# fuzzing the run's own process group is interrupted (libFuzzer stops on SIGINT); a finding ends it sooner. The
# @FuzzTest annotations cap a run at 15 minutes. Sets fuzzed to the seconds fuzzed.
fuzz() {
  local module="$1" target="$2" limit="$3" log="$4" pid began
  JAZZER_FUZZ=1 setsid bash -c 'cd "$0" && exec nice -n 10 mvn -B $1 -pl "$2" -am test \
      -Dsurefire.failIfNoSpecifiedTests=false -Dtest="$3" -Dgsf.jazzer.hooks=true' \
      "$here" "${GSF_MVN_ARGS:-}" "$module" "$target" > "$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null && ! grep -aq 'INITED' "$log" 2>/dev/null; do sleep 1; done
  began=$(date +%s)
  while kill -0 "$pid" 2>/dev/null && [ $(( $(date +%s) - began )) -lt "$limit" ]; do sleep 1; done
  fuzzed=$(( $(date +%s) - began ))
  kill -INT -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

logs="$here/target/fuzz"; mkdir -p "$logs"
status=0
for target in "${targets[@]}"; do
  log="$logs/$target.log"
  if [ "$target" = socket ]; then
    echo "== socket driver: $requests mutated requests per variant (every algorithm, plain and TLS)"
    if mvn_run server -Dtest=MutatedRequestsTest -Dgsf.fuzz.requests="$requests" -Dgsf.fuzz.tlsRequests="$requests" \
        -Dgsf.test.everyAlgorithmOverTls=true > "$log" 2>&1; then
      echo "   passed: no server error, no hang, descriptors and threads at baseline  (log: $log)"
    else
      status=1; echo "   FAILED (log: $log)"; grep -m5 -E 'answered|timed out|Expecting' "$log" || true
    fi
    continue
  fi
  module="${MODULE[$target]:-}"
  if [ -z "$module" ]; then echo "fuzz.sh: unknown target '$target'; targets: ${ORDER[*]} socket" >&2; exit 2; fi
  echo "== $target ($module), $duration"
  fuzz "$module" "$target" "$(seconds "$duration")" "$log"
  last=$(grep -a -o '^#[0-9]*[[:space:]].*cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  runs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
  cov=$(echo "$last" | grep -o 'cov: [0-9]* ft: [0-9]*' || true)
  crashes=$(grep -a -o 'Test unit written to [^ ]*' "$log" | sed 's/Test unit written to //' || true)
  echo "   ${runs:-no} executions in $fuzzed s of fuzzing, ${cov:-no coverage line}"
  if [ -n "$crashes" ]; then
    status=1; echo "   FINDING (input kept as a regression input):"; echo "$crashes" | sed 's/^/     /'
    grep -m3 -A3 'Caused by\|== Java Exception' "$log" | sed 's/^/     /' || true
  else
    echo "   no finding  (log: $log)"
  fi
done
exit $status
