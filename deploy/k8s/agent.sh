#!/bin/sh
# A gsf load agent in a pod of the Indexed Job that `gsf load --agents k8s:N` writes: runs segment
# $JOB_COMPLETION_INDEX of $GSF_AGENTS (both set for the pod: by Kubernetes and by the manifest) with the Job's
# arguments, then prints its result directory to the pod's log as a base64 tar between two marker lines, where
# collect.sh finds it. Exits 0 when the run took place (its share failing a criterion is judged again merged),
# else with gsf load's exit code, so that a pod whose agent could not run fails the Job (backoffLimit 0).
# GSF_COMMAND (default: java -jar /opt/gsf/gsf.jar) and GSF_RESULT_DIR (default /tmp/gsf-result) let the same
# script run outside a cluster, as the tests do.
set -u
: "${JOB_COMPLETION_INDEX:?is set by Kubernetes in the pods of an Indexed Job}"
: "${GSF_AGENTS:?is set by the Job manifest}"
gsf="${GSF_COMMAND:-java -jar /opt/gsf/gsf.jar}"
out="${GSF_RESULT_DIR:-/tmp/gsf-result}"
# shellcheck disable=SC2086 # GSF_COMMAND is a command with its arguments
$gsf load "$@" --segment "$JOB_COMPLETION_INDEX/$GSF_AGENTS" --out "$out"
code=$?
if [ -f "$out/summary.json" ]; then
  echo "----- BEGIN GSF RESULT $JOB_COMPLETION_INDEX -----"
  tar -C "$out" -czf - . | base64
  echo "----- END GSF RESULT $JOB_COMPLETION_INDEX -----"
fi
[ "$code" -le 1 ] && exit 0
exit "$code"
