/**
 * What a load run is to do, validated once: {@link dev.gsf.loadgen.load.plan.PlanOptions} (gsf load's options but
 * the distributed run's, a picocli mixin) validates into a {@link dev.gsf.loadgen.load.plan.LoadPlan} (every option
 * as values), with the pass/fail {@link dev.gsf.loadgen.load.plan.Criterion}s and their options
 * ({@link dev.gsf.loadgen.load.plan.CriteriaOptions}), {@link dev.gsf.loadgen.load.plan.StartAt} for
 * {@code --start-at}, {@link dev.gsf.loadgen.load.plan.Units} for rates, and the
 * {@link dev.gsf.loadgen.load.plan.ExitCodes} that gsf load, gsf merge, the agents and the suite share. The plan
 * reads the driver's {@code Target} and {@code Connecting} (whose {@code TlsClient} sets up TLS from --ca and
 * --insecure), the workload's think time, the metrics' scraper (its URL) and the segment; the report, the merge and
 * the agents read a plan, the plan reads none of them.
 *
 * <p>Threads: the options are read and the plan is made on the command's thread; the plan is immutable and read by
 * any; {@code StartAt.await} blocks the run's thread until the start.
 */
package dev.gsf.loadgen.load.plan;
