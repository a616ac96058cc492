#!/usr/bin/env bash
# The test suite, as `./gsf test` and CI run it:
#   1. mvn verify -pl loadgen,micro -am: compile and package the modules up to loadgen and micro, with the tests of
#      the short ones (common, report, algorithms, conformance, micro: its ping test alone, as it must be); then four
#      streams at once, each a mvn of some modules and the ones they need (those already built: nothing is compiled
#      again):
#   2a. "server": server's test classes but the @Isolated ones (JUnit runs them at once in one JVM,
#       src/test/resources/junit-platform.properties), at a lower priority (nice 5) than loadgen's and bench's;
#   2b. "isolated": server's @Isolated classes (each measures the whole JVM: descriptors, threads, CPU, memory), in a
#       JVM of their own, one after the other, also at nice 5. In server's one JVM JUnit runs them after every other
#       class, alone: over a minute at the end with a core idle (docs/results/2026-11-27-ci-time.md). The list is
#       the classes whose declaration says @Isolated, found when the suite starts; before them, in algorithms' own
#       JVM, algorithms' SchedulerTest, which waits on real sweeps (isolated.includes);
#   2c. "loadgen": loadgen's test classes, one at a time, but one that the bench stream runs (loadgen.excludes);
#   2d. "bench": mvn verify of bench and cli (their test classes one at a time, the cli's shaded jar; first
#      loadgen's LoadAgainstServerTest, so that the two streams end closer together, bench.includes), which in
#      step 1 kept a core idle while every stream waited (docs/results/2026-11-27-ci-under-4-minutes.md). Not micro:
#      its ping test counts round trips within a deadline, and was kept alone (it missed at load 35-37 either way).
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

# 1. build what server's and loadgen's streams need, and micro, with the short modules' tests (bench and cli are
#    built by the bench stream, beside the others: a build of one module after the other leaves a core idle)
mvn -B verify -pl loadgen,micro -am -Dsurefire.excludesFile="$groups/build.excludes" "$@" || { code=$?; slowest; exit "$code"; }

# 2. the four streams; each one's log printed whole when it ends, so that they do not interleave
# The streams compile nothing that step 1 built: with -am each of them checks the same modules at once, and the
# compiler's incremental check, reading a list of sources another stream was rewriting, once found "added or removed
# source files", recompiled conformance and then server's test classes under the tests of the other streams
# (ClassNotFoundException, 2026-11-28). Without it, the compiler compiles only sources newer than their classes.
stream() { # NICENESS NAME PROJECTS PHASE SUREFIRE-LIST-OPTION [MAVEN ARGS...]
  local name="$2" log="target/gsf-test-$2.log"
  if nice -n "$1" mvn -B "$4" -pl "$3" -am -Dmaven.compiler.useIncrementalCompilation=false "${@:5}" > "$log" 2>&1; then
    echo "== stream $name: passed ($log)"
  else
    local code=$?
    cat "$log"
    echo "== stream $name: FAILED, exit $code ($log)"
    return "$code"
  fi
}
# server's @Isolated classes (a class annotation at the start of a line), as surefire paths: the isolated stream's
# includes, and with surefire's default exclude (inner classes; a list of excludes replaces it) the server stream's
# excludes.
isolated="$root/target/gsf-test-isolated.includes"
grep -rlE '^@Isolated\b' server/src/test/java --include='*.java' | sed 's#^server/src/test/java/##' | sort > "$isolated"
{ cat "$isolated"; echo '**/*$*'; } > "$root/target/gsf-test-server.excludes"
cat "$groups/isolated.includes" >> "$isolated" # and the other modules' classes the isolated stream runs
# Two streams run tests of one module at once (server's and isolated in server; loadgen's and bench's in loadgen):
# each of the second ones gets a surefire temporary directory of its own (-DtempDir, under the module's target/),
# because surefire deletes its directory when its run ends, and with it the booter jar of the other run's test JVM,
# whose manifest Jazzer's fuzz tests read (loadgen's three fuzz tests failed so: NoSuchFileException, 2026-11-28).
# server's streams yield the cores to loadgen's and bench's (nice 5: a third of their share when both want them):
# loadgen's and bench's tests judge rates and counts over seconds, server's wait on events with bounds of seconds to
# minutes.
names="server loadgen bench"
stream 5 server server test -Dsurefire.includesFile="$groups/server.includes" \
  -Dsurefire.excludesFile="$root/target/gsf-test-server.excludes" "$@" & pids="$!"
if [ -s "$isolated" ]; then # an empty includes file would run every test class of the modules
  stream 5 isolated server test -Dsurefire.includesFile="$isolated" -DtempDir=surefire-isolated "$@" &
  pids="$pids $!"
  names="server isolated loadgen bench"
fi
stream 0 loadgen loadgen test -Dsurefire.includesFile="$groups/loadgen.includes" \
  -Dsurefire.excludesFile="$groups/loadgen.excludes" "$@" & pids="$pids $!"
# bench and cli built, tested and packaged (the cli's shaded jar); the modules before them are built already (the
# jar plugin leaves an unchanged jar alone) and of their tests only the one bench.includes names runs.
stream 0 bench bench,cli verify -Dsurefire.includesFile="$groups/bench.includes" -DtempDir=surefire-bench "$@" &
pids="$pids $!"
code=0
for pid in $pids; do
  wait "$pid" || { c=$?; [ "$code" != 0 ] || code=$c; }
done
for name in $names; do # the test totals of each stream's modules
  grep -E '^\[(INFO|WARNING|ERROR)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' \
    "target/gsf-test-$name.log" | sed "s/^/  $name: /"
done
slowest
exit "$code"
