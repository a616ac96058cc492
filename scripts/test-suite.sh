#!/usr/bin/env bash
# The test suite, as `./gsf test` and CI run it:
#   1. mvn verify of every module (compile, jars, the cli's shaded jar) with the tests of every module but the
#      three long ones (server, loadgen, bench), which then run in two streams at once, each a mvn test of its
#      modules and the ones they need (already built: nothing is compiled again, nothing packaged):
#   2a. "server": server's test classes (JUnit runs them at once in one JVM, src/test/resources/junit-platform.properties),
#       at a lower priority (nice 5) than
#   2b. "load": loadgen's test classes, then bench's (each module one class at a time).
# A reactor builds a module only after the modules it needs are done, tests included, so one mvn verify runs server,
# loadgen and bench one after the other, each leaving a core mostly idle (docs/results/2026-11-27-ci-time.md). The
# streams' output goes to target/gsf-test-STREAM.log, printed when the stream ends.
# Then the ten slowest test classes; the exit code is the first failing step's.
#   scripts/test-suite.sh [MAVEN ARGS...]    e.g. -Dmaven.repo.local=DIR, passed to every mvn
# With -pl/--projects, -rf/--resume-from or -Dtest= among the arguments, or GSF_TEST_STREAMS=0 in the environment,
# it is one mvn verify, as before (the modules one after the other: slower, but no timed test beside another module).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
groups="$root/scripts/test-groups"
cd "$root"
mkdir -p target && touch target/gsf-test.started # reports older than this are of an earlier run

split="${GSF_TEST_STREAMS:-1}"
for arg in "$@"; do
  case "$arg" in -pl|--projects|-pl*|--projects=*|-rf|--resume-from|-rf*|--resume-from=*|-Dtest=*) split=0 ;; esac
done

slowest() { scripts/slowest-tests.sh 10 "$root" target/gsf-test.started || true; }

if [ "$split" = 0 ]; then
  code=0
  mvn -B verify "$@" || code=$?
  slowest
  exit "$code"
fi

# 1. build and the short modules' tests
mvn -B verify -Dsurefire.excludesFile="$groups/build.excludes" "$@" || { code=$?; slowest; exit "$code"; }

# 2. the two streams; each one's log printed whole when it ends, so that the two do not interleave
stream() { # NICENESS NAME PROJECTS INCLUDES [MAVEN ARGS...]
  local name="$2" log="target/gsf-test-$2.log"
  if nice -n "$1" mvn -B test -pl "$3" -am -Dsurefire.includesFile="$groups/$4" "${@:5}" > "$log" 2>&1; then
    echo "== stream $name: passed ($log)"
  else
    local code=$?
    cat "$log"
    echo "== stream $name: FAILED, exit $code ($log)"
    return "$code"
  fi
}
# server's stream yields the cores to the load stream (nice 5: a third of its share when both want them): loadgen's
# and bench's tests judge rates and counts over seconds, server's wait on events with bounds of seconds to minutes.
stream 5 server server server.includes "$@" & server=$!
stream 0 load loadgen,bench load.includes "$@" & load=$!
code=0
wait "$server" || code=$?
wait "$load" || { c=$?; [ "$code" != 0 ] || code=$c; }
for name in server load; do # the test totals of each stream's modules
  grep -E '^\[(INFO|WARNING|ERROR)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' \
    "target/gsf-test-$name.log" | sed "s/^/  $name: /"
done
slowest
exit "$code"
