/**
 * {@code gsf load}, a Faban-like load generator: simulated HTTP clients download a file mix, every download is
 * verified, and init time, speed and throughput are reported.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.LoadCommand}: the command; parses and validates into a
 *       {@link dev.gsf.loadgen.load.plan.LoadPlan}, its criterion options into
 *       {@link dev.gsf.loadgen.load.plan.Criterion}s; with {@code --agents} it hands the run to
 *       {@code dev.gsf.loadgen.agents} and merges the agents' results through {@code dev.gsf.loadgen.merge}.</li>
 *   <li>{@link dev.gsf.loadgen.load.LoadRun}: runs one plan (probe, event loops, sampling, merge).</li>
 *   <li>{@code StartAt}, {@code IntervalLogging}, {@code LoadSession}: a segment's start instant, the interval log
 *       beside the results, one invocation's runs.</li>
 *   <li>{@link dev.gsf.loadgen.load.RunStop}: ends a run early on request (an agent's coordinator, or
 *       {@code SignalStop} on SIGINT/SIGTERM), its partial results written and marked stopped.</li>
 * </ul>
 *
 * <p>Sub-packages: {@code plan} (what a run is to do, and its criteria), {@code driver} (event loops, simulated
 * clients and the server they connect to), {@code workload} (what is downloaded), {@code metrics} (what is
 * measured), {@code report} (what is written). Imports run one way: this package → sub-packages; plan → driver,
 * workload; report → plan, metrics.
 *
 * <p>Threads: the command and {@code LoadRun} run on the caller's thread, which blocks for the run's duration plus
 * a bounded grace period. The load depends on {@code dev.gsf.common} only, never on the server.
 */
package dev.gsf.loadgen.load;
