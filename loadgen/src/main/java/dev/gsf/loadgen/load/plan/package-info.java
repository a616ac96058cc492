/**
 * What a load run is to do, validated once: {@link dev.gsf.loadgen.load.plan.LoadPlan} (every option of
 * {@code gsf load} as values), the pass/fail {@link dev.gsf.loadgen.load.plan.Criterion}s and their options
 * ({@link dev.gsf.loadgen.load.plan.CriteriaOptions}), {@link dev.gsf.loadgen.load.plan.Units} for rates, and the
 * {@link dev.gsf.loadgen.load.plan.ExitCodes} that gsf load, gsf merge and the suite share. The report and the merge
 * read a plan; the plan reads neither.
 *
 * <p>Threads: immutable values, made on the command's thread and read by any.
 */
package dev.gsf.loadgen.load.plan;
