package dev.gsf.loadgen.agents;

import dev.gsf.loadgen.load.plan.ExitCodes;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.segment.Segment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.ParseResult;

/**
 * What {@code gsf load --agents} does once its options are valid: k8s writes the Job manifest and says how to run
 * it; local and ssh run a {@link Coordinator}. Runs on the command's thread.
 *
 * @param loadArgs  the options every agent gets (see {@link AgentsOptions#forwarded})
 * @param out       the coordinator's --out
 * @param runLength ramp-up + steady + ramp-down
 * @param agentMain the class whose main runs gsf load's options, for local agents
 */
public record Distributed(AgentsConfig config, List<String> loadArgs, Path out, Duration runLength, String agentMain) {
    /**
     * What --agents makes of a valid plan: the run a coordinator carries out, each agent started with the options
     * given ({@code parsed}) but the coordinator's own. IllegalArgumentException says why the plan cannot be
     * distributed, before any agent starts.
     */
    public static Distributed of(LoadPlan plan, AgentsOptions options, ParseResult parsed, String agentMain) {
        if (plan.runs() > 1) {
            throw new IllegalArgumentException("--runs cannot be combined with --agents: run the coordinator again");
        }
        if (plan.outDir() == null) {
            throw new IllegalArgumentException("--agents needs an --out directory (not none): the agents' results are merged there");
        }
        if (plan.startAt() != null || !plan.segment().equals(Segment.WHOLE)) {
            throw new IllegalArgumentException("--segment and --start-at are the coordinator's to give each agent");
        }
        var config = options.config();
        if (config.count() > plan.clients()) {
            throw new IllegalArgumentException("--agents: " + config.count() + " agents need at least as many --clients, not "
                    + plan.clients());
        }
        if (config.sharesPaths()) {
            plan.readWorkload(); // what each agent reads first, refused here before any starts
        }
        return new Distributed(config, AgentsOptions.forwarded(parsed), plan.outDir(), plan.total(), agentMain);
    }

    /** Returns gsf load's exit code; completing {@code stop} (with a reason) ends the run early, its results kept. */
    public int run(Coordinator.Merger merger, PrintStream log, boolean terminal, CompletableFuture<String> stop)
            throws IOException, InterruptedException {
        if (config.kind() == AgentsConfig.Kind.K8S) {
            return writeJob(log);
        }
        Launcher launcher = config.kind() == AgentsConfig.Kind.LOCAL
                ? new LocalLauncher(config.count(), out, agentMain)
                : new SshLauncher(config.hosts(), config.sshConfig(), config.remoteGsf(), runName());
        var settings = new Coordinator.Settings(launcher, loadArgs, out, config.margin(launcher.defaultMargin()),
                runLength, config.maxStartSkew(), terminal);
        return new Coordinator(settings, merger, log, stop).run();
    }

    private int writeJob(PrintStream log) throws IOException {
        Duration margin = config.margin(K8sJob.DEFAULT_MARGIN);
        K8sJob job = new K8sJob(K8sJob.DEFAULT_NAME, config.count(), config.image(), loadArgs,
                Instant.now().plus(margin), margin.plus(runLength).plus(Coordinator.GRACE));
        job.write(config.jobFile());
        log.println("gsf load: wrote " + config.jobFile() + ": " + config.count() + " agents, start at " + job.start()
                + " (apply it before then); to run it and collect the merged result into " + out + ":");
        job.commands(config.jobFile(), out).forEach(c -> log.println("  " + c));
        return ExitCodes.PASSED;
    }

    /** This run's name on remote hosts: time and pid, unique per coordinator. */
    private static String runName() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + ProcessHandle.current().pid();
    }
}
