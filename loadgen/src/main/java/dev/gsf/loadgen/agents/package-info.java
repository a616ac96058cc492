/**
 * Distributed load ({@code gsf load --agents}): one coordinator, agents that each run a {@code --segment} of the
 * load, one merged result. gsf load parses its options and dispatches here; the distributed path is this package's.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.agents.AgentsOptions}: the options (a picocli mixin of gsf load), validated into
 *       {@link dev.gsf.loadgen.agents.AgentsConfig}; {@link dev.gsf.loadgen.agents.Distributed#of} checks that a
 *       valid plan can be distributed (one run, an --out, no --segment or --start-at of its own, a client per agent,
 *       the inputs the agents will read) and is what gsf load hands the run to.</li>
 *   <li>{@link dev.gsf.loadgen.agents.Launcher}: where agents run, how their results come back and which exit codes
 *       are the launcher's own: {@link dev.gsf.loadgen.agents.LocalLauncher} (processes on this host),
 *       {@link dev.gsf.loadgen.agents.SshLauncher} (the system's OpenSSH client); {@link
 *       dev.gsf.loadgen.agents.K8sJob} writes a Kubernetes Indexed Job instead of running anything. Each
 *       {@link dev.gsf.loadgen.agents.Agent} runs one {@link dev.gsf.loadgen.segment.Segment} of the run.</li>
 *   <li>{@link dev.gsf.loadgen.agents.Coordinator}: clock offsets ({@link dev.gsf.loadgen.agents.ClockOffset}), the
 *       common start, the deadline, failure handling (the others stopped early), bringing the results back
 *       ({@code ResultFetch}), the merge (through a {@link dev.gsf.loadgen.agents.Coordinator.Merger} that gsf load
 *       gives it) and agents.json; it knows the agents only through their {@code Launcher}. Its live line
 *       ({@code LiveLine}) reads the agents' progress lines through {@link dev.gsf.loadgen.load.report.ProgressLine}.</li>
 *   <li>{@link dev.gsf.loadgen.agents.StdinWatchdog}: the agent's side: it stops early on its coordinator's
 *       {@code stop} line, and halts at once when its coordinator is gone.</li>
 * </ul>
 *
 * <p>Threads: the coordinator runs on gsf load's thread and blocks it until the run and the merge are over; each
 * agent has two daemon reader threads (its standard error into the {@code LiveLine}, its standard output into its
 * log) and one waiting for its exit.
 *
 * <p>Dependencies, one way: this package reads the plan it distributes and the exit codes
 * ({@code dev.gsf.loadgen.load.plan}), the progress line ({@code dev.gsf.loadgen.load.report}) and the segments
 * ({@code dev.gsf.loadgen.segment}). It never depends on {@code dev.gsf.loadgen.load} itself (which depends on it),
 * on the driver, nor on the merge: an agent is a process and a result directory here.
 */
package dev.gsf.loadgen.agents;
