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
# target class -> libFuzzer's -max_len: the parser's real limit and a little past it, so that inputs reach the limit
# and cross it (libFuzzer's default is 4,096 bytes, or the longest seed: a 2,000-byte Host stayed unexplored). Passed
# through jazzer-junit as its libFuzzer arguments jazzer.internal.arg.N (argument 0 is argv[0], then the flags).
# libFuzzer's length allowed ("lim:" in the log) starts at the longest input kept and grows with runs that find
# nothing new, up to -max_len (ChunkedFuzzTest: 36 -> 8,183 bytes in 1.4 million runs): long seeds start it high.
# Targets not listed keep the default: their inputs are a few consumed values (Workload's mix <= 200 characters,
# Merge's and Exchange's built documents) or corpus text, none near 4,096 bytes.
declare -A MAX_LEN=(
  [HeadFuzzTest]=33792        # RequestHead.MAX_HEAD 32 KiB + 1 KiB (431 past it)
  [RangeFuzzTest]=33792       # a Range header inside a 32 KiB head
  [ChunkedFuzzTest]=20480     # ChunkedBody.MAX_LINE 8 KiB for a chunk-size line and for a trailer line, plus cuts
  [FirstBytesFuzzTest]=9216   # RequestHead.MAX_REQUEST_LINE 8 KiB decides the first bytes
  [PathFuzzTest]=9216         # a request target inside an 8 KiB request line
  [ConfigFuzzTest]=66560      # ConfigRoute.MAX_BODY 64 KiB + 1 KiB (413 past it)
  [PemFuzzTest]=16384         # a key and a chain of a few certificates
  [H2FrameFuzzTest]=33792     # frames of up to 16 KiB (SETTINGS_MAX_FRAME_SIZE), two of them and a preface
  [ResponseFuzzTest]=20480    # loadgen's HeadAssembler.MAX_HEAD 16 KiB + a body
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
  local module="$1" target="$2" limit="$3" log="$4" pid began max_len=""
  [ -n "${MAX_LEN[$target]:-}" ] && max_len="-Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_len=${MAX_LEN[$target]}"
  JAZZER_FUZZ=1 setsid bash -c 'cd "$0" && exec nice -n 10 mvn -B $1 -pl "$2" -am test \
      -Dsurefire.failIfNoSpecifiedTests=false -Dtest="$3" -Dgsf.jazzer.hooks=true $4' \
      "$here" "${GSF_MVN_ARGS:-}" "$module" "$target" "$max_len" > "$log" 2>&1 &
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
  echo "== $target ($module), $duration, max_len ${MAX_LEN[$target]:-4096, the default}"
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
