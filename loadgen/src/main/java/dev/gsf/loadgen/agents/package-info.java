/**
 * Distributed load ({@code gsf load --agents}): one coordinator, agents that each run a {@code --segment} of the
 * load, one merged result.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.agents.AgentsOptions}: the options (a picocli mixin of gsf load), validated into
 *       {@link dev.gsf.loadgen.agents.AgentsConfig}; {@link dev.gsf.loadgen.agents.Distributed} is what gsf load
 *       hands the run to.</li>
 *   <li>{@link dev.gsf.loadgen.agents.Launcher}: where agents run and how their results come back:
 *       {@link dev.gsf.loadgen.agents.LocalLauncher} (processes on this host),
 *       {@link dev.gsf.loadgen.agents.SshLauncher} (the system's OpenSSH client); {@link
 *       dev.gsf.loadgen.agents.K8sJob} writes a Kubernetes Indexed Job instead of running anything.</li>
 *   <li>{@link dev.gsf.loadgen.agents.Coordinator}: clock offsets ({@link dev.gsf.loadgen.agents.ClockOffset}), the
 *       common start, the deadline, failure handling (the others stopped early), bringing the results back
 *       ({@code ResultFetch}), the merge (through a {@link dev.gsf.loadgen.agents.Coordinator.Merger} that gsf load
 *       gives it) and agents.json.</li>
 *   <li>{@link dev.gsf.loadgen.agents.StdinWatchdog}: the agent's side: it stops early on its coordinator's
 *       {@code stop} line, and halts at once when its coordinator is gone.</li>
 * </ul>
 *
 * <p>Threads: the coordinator runs on gsf load's thread and blocks it until the run and the merge are over; each
 * agent has two daemon reader threads (its standard error into the {@code LiveLine}, its standard output into its
 * log) and one waiting for its exit. This package knows agents as processes and result directories only: it does
 * not depend on {@code dev.gsf.loadgen.load} (which depends on it) nor on the merge.
 */
package dev.gsf.loadgen.agents;
