package dev.gsf.loadgen.merge;

import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.ExitCodes;
import dev.gsf.loadgen.load.report.Summary;
import java.util.List;

/**
 * A merged result: the summary every report shows (with its per-agent table in {@link Summary#agents}) and the
 * verdict of each criterion on it.
 *
 * @param complete every segment of the run was given, and none was stopped before its planned end
 */
public record MergedResult(Summary summary, List<Criterion.Verdict> verdicts, boolean complete) {

    /** gsf load's exit codes: 2 when incomplete or an agent's run did not take place, else 0 passed, 1 failed. */
    public int exitCode() {
        if (!complete || summary.result.aborted()) {
            return ExitCodes.BAD_INPUT;
        }
        return verdicts.stream().allMatch(Criterion.Verdict::passed) ? ExitCodes.PASSED : ExitCodes.FAILED;
    }
}
