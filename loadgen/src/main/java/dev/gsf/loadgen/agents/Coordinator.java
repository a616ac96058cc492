package dev.gsf.loadgen.agents;

import dev.gsf.loadgen.load.plan.ExitCodes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator of a distributed run: measures each host's clock, picks the common start (now + launch margin),
 * starts every agent through its {@link Launcher}, streams their progress into one {@link LiveLine}, waits for them
 * until a deadline, brings their results back and has them merged. The first agent that fails (an exit that is not a
 * finished run, a lost connection, the deadline) fails the run: the others are asked to stop early and write what
 * they measured (stopped at once when they have not within {@link #STOP_TIMEOUT}), the results of those that finished
 * or stopped early are merged, and {@code agents.json} says the run is incomplete, which agent failed how and which
 * were stopped early. Runs on the caller's thread, which it blocks until the run and its merge are over (bounded by
 * the deadline).
 */
public final class Coordinator {
    /** Past the agents' planned end: their JVMs' start, writing their reports. */
    static final Duration GRACE = Duration.ofSeconds(30);
    /** From asking the agents still running to stop early to stopping them at once: ending loads, writing results. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    /**
     * How long a signalled coordinator's exit waits for its agents to stop, their results to be fetched and merged:
     * past it the JVM exits, and the agents, their standard input closed, halt.
     */
    public static final Duration STOP_BOUND = Duration.ofSeconds(40);

    /**
     * Merges the result directories of the agents that finished into the coordinator's --out, judges the merged
     * figures by the run's criteria and returns gsf load's exit code for them. Called on the coordinator's thread.
     */
    @FunctionalInterface
    public interface Merger {
        int merge(List<Path> agentResults, Path out) throws IOException;
    }

    /**
     * @param loadArgs  gsf load's options to hand every agent, without the coordinator's own and without --out
     * @param out       the coordinator's --out: agent-I/ per agent, the merged result, agents.json
     * @param runLength ramp-up + steady + ramp-down of one agent
     * @param maxStartSkew an agent whose ramp-up begins later than this after the common start missed it
     */
    public record Settings(Launcher launcher, List<String> loadArgs, Path out, Duration margin, Duration runLength,
                           Duration maxStartSkew, boolean terminal) {
    }

    private final Settings settings;
    private final Merger merger;
    private final PrintStream log;
    /** Completed (with the reason) when the coordinator is to stop early, e.g. on SIGINT or SIGTERM. */
    private final CompletableFuture<String> stop;

    /** @param stop completed by any thread, with a reason, to end the run early as if an agent had failed */
    public Coordinator(Settings settings, Merger merger, PrintStream log, CompletableFuture<String> stop) {
        this.settings = settings;
        this.merger = merger;
        this.log = log;
        this.stop = stop;
    }

    /** Carries out the run; returns the exit code ({@link ExitCodes#FAILED} when an agent failed, else the merge's). */
    public int run() throws IOException, InterruptedException {
        Launcher launcher = settings.launcher();
        List<Agent> agents = launcher.agents();
        Files.createDirectories(settings.out());
        AgentsReport report = new AgentsReport(agents, settings.maxStartSkew());
        Map<Agent, ClockOffset> offsets = measureClocks(agents, report);
        if (report.failure() != null) {
            return finish(report, List.of());
        }
        Instant start = Instant.now().plus(settings.margin());
        report.start(start);
        log.println("gsf load: " + agents.size() + " agents start at " + start + " (in "
                + settings.margin().toMillis() + " ms)");
        LiveLine live = new LiveLine(log, settings.terminal(), agents.size());
        List<RunningAgent> running = new ArrayList<>();
        BlockingQueue<Optional<RunningAgent>> exits = new LinkedBlockingQueue<>(); // empty: the stop was asked for
        stop.thenRun(() -> exits.add(Optional.empty()));
        try {
            for (Agent agent : agents) {
                RunningAgent r = launch(agent, offsets.get(agent).there(start), live);
                if (r == null) {
                    report.fail(agent, agent.label() + " could not be started");
                    break;
                }
                running.add(r);
                r.onExit(exited -> exits.add(Optional.of(exited)));
            }
            if (report.failure() == null) {
                awaitAll(running, exits, start.plus(settings.runLength()).plus(GRACE), report);
            }
        } finally {
            stopAll(running);
            live.endLine();
        }
        running.forEach(r -> report.exit(r.agent, r.process.exitValue()));
        var results = new ResultFetch(launcher, settings.out(), settings.maxStartSkew(), report);
        return finish(report, results.fetch(running));
    }

    /**
     * Ends every agent: those still running (after a failure, or at the deadline) are asked to stop early and write
     * their results; those not gone within {@link #STOP_TIMEOUT} are stopped at once, as are any left when this
     * thread is interrupted (see {@link RunningAgent#stop}).
     */
    private void stopAll(List<RunningAgent> running) throws InterruptedException {
        List<RunningAgent> alive = running.stream().filter(r -> r.process.isAlive()).toList();
        if (!alive.isEmpty()) {
            log.println("gsf load: stopping " + alive.stream().map(r -> r.agent.name()).toList() + ": each writes"
                    + " what it measured (at most " + STOP_TIMEOUT.toSeconds() + " s)");
        }
        alive.forEach(RunningAgent::requestStop);
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        try {
            for (RunningAgent r : alive) {
                r.process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } finally {
            for (RunningAgent r : running) {
                r.stop(); // at once for those still there; a no-op wait for the others
            }
        }
    }

    private Map<Agent, ClockOffset> measureClocks(List<Agent> agents, AgentsReport report) throws InterruptedException {
        Map<Agent, ClockOffset> offsets = new LinkedHashMap<>();
        for (Agent agent : agents) {
            try {
                ClockOffset offset = settings.launcher().clockOffset(agent);
                offsets.put(agent, offset);
                report.clock(agent, offset);
                if (agent.host() != null) {
                    log.printf(java.util.Locale.ROOT, "gsf load: %s clock offset %+.3f ms (fastest round trip %.3f ms)%n",
                            agent.label(), offset.offsetNanos() / 1e6, offset.roundTripNanos() / 1e6);
                }
                if (offset.uncertain()) {
                    log.println("gsf load: warning: " + agent.label() + ": even the fastest clock round trip took more"
                            + " than " + ClockOffset.WARN_ROUND_TRIP.toMillis() + " ms: its start may be off by half of it");
                }
            } catch (IOException e) {
                report.fail(agent, agent.label() + ": measuring its clock failed: " + e.getMessage());
                return offsets;
            }
        }
        return offsets;
    }

    /** Starts one agent with its segment, its start instant on its own clock and its --out; null when it cannot. */
    private RunningAgent launch(Agent agent, Instant startThere, LiveLine live) throws IOException {
        List<String> args = new ArrayList<>(settings.loadArgs());
        args.addAll(List.of("--segment", agent.segment(), "--start-at", startThere.toString(),
                "--out", settings.launcher().outDir(agent), "--agent"));
        PrintStream agentLog = new PrintStream(Files.newOutputStream(settings.out().resolve(agent.name() + ".log")),
                true, StandardCharsets.UTF_8);
        try {
            return new RunningAgent(agent, settings.launcher().start(agent, args), agentLog, live);
        } catch (IOException e) {
            log.println("gsf load: " + agent.label() + " could not be started: " + e.getMessage());
            agentLog.close();
            return null;
        }
    }

    /** Waits for every agent's exit until the deadline; the first failure, or a stop asked for, ends the wait. */
    private void awaitAll(List<RunningAgent> running, BlockingQueue<Optional<RunningAgent>> exits, Instant deadline,
                          AgentsReport report) throws InterruptedException {
        for (int done = 0; done < running.size(); done++) {
            long wait = Duration.between(Instant.now(), deadline).toNanos();
            Optional<RunningAgent> next = wait > 0 ? exits.poll(wait, TimeUnit.NANOSECONDS) : null;
            if (next == null) {
                String late = running.stream().filter(r -> r.process.isAlive()).map(r -> r.agent.label())
                        .reduce((a, b) -> a + ", " + b).orElse("?");
                report.fail(null, late + " still running at the coordinator's deadline (" + deadline + ")");
                return;
            }
            if (next.isEmpty()) {
                report.fail(null, "the coordinator was stopped (" + stop.getNow("?") + ")");
                return;
            }
            RunningAgent exited = next.get();
            exited.awaitReaders();
            if (!exited.ranToTheEnd()) {
                report.fail(exited.agent, exited.failure(settings.launcher()));
                return;
            }
        }
    }

    /** Merges what there is, writes agents.json, says how the run ended and returns the exit code. */
    private int finish(AgentsReport report, List<Path> results) throws IOException {
        int merged = ExitCodes.FAILED;
        if (!results.isEmpty()) {
            try {
                merged = merger.merge(results, settings.out());
            } catch (IllegalArgumentException e) {
                report.fail(null, "the agents' results could not be merged: " + e.getMessage());
            }
        }
        report.write(settings.out().resolve("agents.json"));
        log.print(report.table());
        if (report.failure() != null) {
            log.println("gsf load: FAILED: " + report.failure() + "; the others were stopped; the merged result ("
                    + report.mergedCount() + ") is incomplete: see agents.json");
            return ExitCodes.FAILED;
        }
        return merged;
    }
}
