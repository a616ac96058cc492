/**
 * {@code gsf load}, a Faban-like load generator: simulated HTTP clients download a file mix, every download is
 * verified, and init time, speed and throughput are reported.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.LoadCommand}: the command; it only parses and dispatches. Its options are
 *       mixins: {@link dev.gsf.loadgen.load.plan.PlanOptions} (validated into a
 *       {@link dev.gsf.loadgen.load.plan.LoadPlan}) and {@link dev.gsf.loadgen.agents.AgentsOptions}. With
 *       {@code --agents} it hands the plan to {@code dev.gsf.loadgen.agents} and merges the agents' results through
 *       {@code dev.gsf.loadgen.merge}; otherwise (alone, or as an agent with {@code --agent}) it runs the plan
 *       here.</li>
 *   <li>{@link dev.gsf.loadgen.load.LoadSession}: one invocation's runs; {@link dev.gsf.loadgen.load.LoadRun} runs
 *       one plan (probe, event loops, sampling, merge of the loops' figures); {@code IntervalLogging} writes the
 *       interval log beside the results.</li>
 *   <li>{@link dev.gsf.loadgen.load.RunStop}: ends a run early on request (an agent's coordinator, or
 *       {@code SignalStop} on SIGINT/SIGTERM), its partial results written and marked stopped.</li>
 * </ul>
 *
 * <p>Sub-packages: {@code plan} (what a run is to do: its options, their validation, its criteria), {@code driver}
 * (event loops, simulated clients, their TLS, and the server they connect to), {@code workload} (what is
 * downloaded), {@code metrics} (what is measured), {@code report} (what is written, and the progress line).
 *
 * <p>The load generator's packages in layers, each importing only from those below it, never back up:
 * <ol>
 *   <li>{@code dev.gsf.loadgen.load} (this package: the command, the session, the run);</li>
 *   <li>{@code dev.gsf.loadgen.merge} and {@code dev.gsf.loadgen.agents} (neither imports the other);</li>
 *   <li>{@code load.report};</li>
 *   <li>{@code load.plan};</li>
 *   <li>{@code load.driver};</li>
 *   <li>{@code load.workload}, {@code load.metrics} and {@code dev.gsf.loadgen.segment}, which import no other
 *       package of the load generator.</li>
 * </ol>
 *
 * <p>Threads: the command and {@code LoadRun} run on the caller's thread, which blocks for the run's duration plus
 * a bounded grace period. The load depends on {@code dev.gsf.common} and {@code dev.gsf.report} only, never on the
 * server.
 */
package dev.gsf.loadgen.load;
