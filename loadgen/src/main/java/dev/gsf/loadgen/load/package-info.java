/**
 * {@code gsf load}, a Faban-like load generator: simulated HTTP clients download a file mix, every download is
 * verified, and init time, speed and throughput are reported.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.LoadCommand}: the command; parses and validates into a
 *       {@link dev.gsf.loadgen.load.LoadPlan}, its criterion options ({@link dev.gsf.loadgen.load.CriteriaOptions})
 *       into {@link dev.gsf.loadgen.load.Criterion}s.</li>
 *   <li>{@link dev.gsf.loadgen.load.LoadRun}: runs one plan (probe, event loops, sampling, merge).</li>
 *   <li>{@link dev.gsf.loadgen.load.Criterion}: a pass/fail rule over one figure, whose value the report's
 *       {@code Summary} gives (the report depends on the rule, not the rule on the report); {@link
 *       dev.gsf.loadgen.load.Target} is the server under load; {@link dev.gsf.loadgen.load.Units} parses rates.</li>
 * </ul>
 *
 * <p>Sub-packages: {@code driver} (event loops and simulated clients), {@code workload} (what is downloaded),
 * {@code metrics} (what is measured), {@code report} (what is written).
 *
 * <p>Threads: the command and {@code LoadRun} run on the caller's thread, which blocks for the run's duration plus
 * a bounded grace period. The load depends on {@code dev.gsf.common} only, never on the server.
 */
package dev.gsf.loadgen.load;
