#!/usr/bin/env bash
# The slowest test classes of the last test run, from surefire's reports (*/target/surefire-reports/TEST-*.xml of
# every module), with the number of tests each ran, and the totals. `./gsf test` prints it after mvn returns, so
# that the next slow test is seen when it lands.
#   scripts/slowest-tests.sh [N] [ROOT] [SINCE]
#     N: how many classes (default 10); ROOT: the project (default: this one); SINCE: a file, only reports written
#     after it count (./gsf test passes one it touches before mvn, so a module the run did not reach shows nothing)
# A class's time is surefire's: from its first test to its last, in its fork; classes in one fork that run at once
# (JUnit's parallel execution) overlap, so the times add up to more than the wall time.
set -euo pipefail
n="${1:-10}"
root="${2:-$(cd "$(dirname "$0")/.." && pwd)}"
since="${3:-}"
shopt -s nullglob
reports=()
for report in "$root"/*/target/surefire-reports/TEST-*.xml; do
  [ -z "$since" ] || [ "$report" -nt "$since" ] && reports+=("$report")
done
if [ ${#reports[@]} -eq 0 ]; then
  echo "slowest-tests: no surefire reports under $root/*/target${since:+ newer than $since}" >&2
  exit 0
fi
# One line per class: seconds, tests, failed (failures + errors), skipped, module/class.
awk '
  function attr(line, key,    m) {
    if (!match(line, " " key "=\"[^\"]*\"")) return 0
    m = substr(line, RSTART, RLENGTH); sub(/^[^"]*"/, "", m); sub(/"$/, "", m)
    return m
  }
  function flush() { if (name != "") printf "%.1f %d %d %d %s/%s\n", time, tests, failed, skipped, module, name }
  FNR == 1 {
    flush(); name = ""; tests = failed = skipped = 0
    module = FILENAME; sub(/\/target\/surefire-reports\/.*/, "", module); sub(/.*\//, "", module)
  }
  # testcases are counted, not read from the suite line, whose tests="0" for a @ParameterizedClass
  /<testsuite / && name == "" { name = attr($0, "name"); sub(/.*\./, "", name); time = attr($0, "time") }
  /<testcase / { tests++ }
  /<(failure|error)[ >]/ { failed++ }
  /<skipped[ \/>]/ { skipped++ }
  END { flush() }
' "${reports[@]}" | sort -k1,1 -g -r > "${TMPDIR:-/tmp}/gsf-slowest.$$"
trap 'rm -f "${TMPDIR:-/tmp}/gsf-slowest.$$"' EXIT
awk -v n="$n" '
  { classes++; seconds += $1; tests += $2; failed += $3; skipped += $4 }
  NR == 1 { printf "The %d slowest test classes (seconds, tests):\n", n }
  NR <= n { printf "  %7.1f s %5d  %s\n", $1, $2, $5 }
  END { printf "All %d classes: %d tests (%d failed, %d skipped), %.0f s of class time.\n", classes, tests, failed,
        skipped, seconds }
' "${TMPDIR:-/tmp}/gsf-slowest.$$"
