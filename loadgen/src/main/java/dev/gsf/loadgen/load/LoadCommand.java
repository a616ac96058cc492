package dev.gsf.loadgen.load;

import dev.gsf.common.options.MixinDefaults;
import dev.gsf.loadgen.agents.AgentsOptions;
import dev.gsf.loadgen.agents.Coordinator;
import dev.gsf.loadgen.agents.Distributed;
import dev.gsf.loadgen.agents.StdinWatchdog;
import dev.gsf.loadgen.load.plan.ExitCodes;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.plan.PlanOptions;
import dev.gsf.loadgen.load.workload.Workload;
import dev.gsf.loadgen.merge.Merge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gsf load}: drives simulated clients against an HTTP server and reports what they saw. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = MixinDefaults.class,
        description = {"Faban-like load generator: simulated clients download the file mix, every download is"
                + " verified (status, headers, length, MD5), and init time, speed and throughput are reported.",
                "Over https:// the server's certificate is checked against the JDK's trust store, or against --ca, or"
                + " not at all with --insecure (the log and the summary say so).",
                "Writes summary.txt, summary.json and report.html to --out, a new directory per invocation unless"
                + " given; --out none writes none.",
                "Exit code: 0 all criteria passed, 1 a criterion failed, 2 bad input or the run could not start,"
                + " 3 an agent whose coordinator is gone, 4 an agent stopped early by its coordinator (partial results"
                + " written, marked stopped). SIGINT/SIGTERM also writes the partial results, marked stopped."})
public final class LoadCommand implements Callable<Integer> {
    public static final int PASSED = ExitCodes.PASSED;
    public static final int FAILED = ExitCodes.FAILED;
    public static final int BAD_INPUT = ExitCodes.BAD_INPUT;
    public static final int STOPPED = ExitCodes.STOPPED;

    /** What the run is to do. */
    @Mixin
    PlanOptions planOptions;

    /** --agents (this process coordinates) or --agent (it is one of a coordinator's agents). */
    @Mixin
    AgentsOptions agents;

    @Spec
    CommandSpec spec;

    /** An agent process's entry point (the local launcher's): gsf load's options, without the word 'load'. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new LoadCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        return execute(System.out, System.err, isTerminal());
    }

    /** Since JDK 22 System.console() exists even when redirected; Console.isTerminal() (22+) tells the truth. */
    private static boolean isTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console exists only on a terminal
        }
    }

    /** Runs with the given streams: the summary goes to {@code out}, progress and problems to {@code log}. */
    public int execute(PrintStream out, PrintStream log, boolean terminal) throws InterruptedException {
        try {
            LoadPlan plan = planOptions.plan(agents::sourcesHere);
            return agents.coordinating() ? coordinate(plan, out, log, terminal) : runHere(plan, out, log, terminal);
        } catch (IllegalArgumentException e) {
            log.println("gsf load: " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException e) {
            log.println("gsf load: " + e.getMessage());
            return FAILED;
        }
    }

    /** --agents: the run handed to the agents' coordinator, which SIGINT/SIGTERM stop with their results kept. */
    private int coordinate(LoadPlan plan, PrintStream out, PrintStream log, boolean terminal)
            throws IOException, InterruptedException {
        var stop = new CompletableFuture<String>();
        try (SignalStop signals = SignalStop.install(() -> stop.complete("signal"), Coordinator.STOP_BOUND)) {
            Distributed distributed = Distributed.of(plan, agents, spec.commandLine().getParseResult(),
                    LoadCommand.class.getName());
            return distributed.run((results, dir) -> merge(plan, results, dir, out, log), log, terminal, stop);
        }
    }

    /** The plan's runs in this process, alone or as one agent of a coordinator (--agent). */
    private int runHere(LoadPlan plan, PrintStream out, PrintStream log, boolean terminal) throws InterruptedException {
        Workload workload = plan.readWorkload();
        RunStop stop = new RunStop();
        if (agents.agent()) {
            StdinWatchdog.watch(System.in, log, () -> stop.request(RunStop.COORDINATOR));
        }
        try (SignalStop signals = SignalStop.install(() -> stop.request(RunStop.SIGNAL), SignalStop.BOUND)) {
            // an agent writes its progress as on a terminal, one line per interval, for its coordinator's live line
            return exitCode(LoadSession.run(plan, workload, out, log, terminal || agents.agent(), stop));
        }
    }

    /** The agents' results merged into {@code dir} and judged by this run's criteria: gsf load's exit code. */
    private static int merge(LoadPlan plan, List<Path> results, Path dir, PrintStream out, PrintStream log) {
        return Merge.of(results).withCriteria(plan.criteria()).writeTo(dir, out, log).exitCode();
    }

    /**
     * {@link #STOPPED} when the last run was stopped early, {@link #BAD_INPUT} when a run could not take place, else
     * whether every criterion passed.
     */
    public static int exitCode(LoadSession.Outcome outcome) {
        if (outcome.stopped()) {
            return STOPPED;
        }
        return outcome.aborted() ? BAD_INPUT : outcome.passed() ? PASSED : FAILED;
    }
}
