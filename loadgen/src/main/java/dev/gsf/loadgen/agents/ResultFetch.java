package dev.gsf.loadgen.agents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Brings back the result directories of the agents that wrote one, those that ran to the end and those stopped early
 * when asked, and checks each: copied, summary.json there, its run took place, its ramp-up began within the allowed
 * skew of the common start. What is wrong fails the run through the {@link AgentsReport}. Used by the coordinator's
 * thread; each copy blocks it for a bounded time.
 *
 * @param out          the coordinator's --out: each result goes to its agent-I/
 * @param maxStartSkew an agent whose ramp-up began later than this after the common start missed it
 */
record ResultFetch(Launcher launcher, Path out, Duration maxStartSkew, AgentsReport report) {
    /** The longest copying one agent's result back may take. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** The result directories to merge, in agent order. */
    List<Path> fetch(List<RunningAgent> running) throws InterruptedException {
        List<Path> results = new ArrayList<>();
        for (RunningAgent r : running) {
            boolean stopped = r.stoppedEarly();
            if (!r.ranToTheEnd() && !stopped) {
                continue;
            }
            if (stopped) {
                report.stoppedEarly(r.agent);
            }
            Path local = fetch(r.agent);
            if (local != null) {
                results.add(local);
                report.merged(r.agent);
            }
        }
        return results;
    }

    /** One agent's result, copied and checked; null when there is none to merge. */
    private Path fetch(Agent agent) throws InterruptedException {
        Path local = out.resolve(agent.name());
        try {
            long t0 = System.nanoTime();
            launcher.fetch(agent, local, TIMEOUT);
            report.fetched(agent, Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            report.fail(agent, agent.label() + ": " + e.getMessage());
            return null;
        }
        JsonNode run = firstRun(local.resolve("summary.json"));
        if (run == null) {
            report.fail(agent, agent.label() + " finished without writing a readable summary.json");
            return null;
        }
        if (!run.path("aborted").isNull()) {
            return null; // stopped before its start: its run did not take place, there is nothing of it to merge
        }
        double skew = run.path("clock").path("startSkewMs").isNumber()
                ? run.path("clock").path("startSkewMs").doubleValue() : Double.NaN;
        report.skew(agent, skew);
        if (skew > maxStartSkew.toNanos() / 1e6) {
            report.fail(agent, String.format(Locale.ROOT, "%s missed the start: its ramp-up began %.0f ms after it"
                    + " (--max-start-skew %d ms)", agent.label(), skew, maxStartSkew.toMillis()));
        }
        return local;
    }

    /** runs[0] of a summary.json; null when the file is not there or cannot be read. */
    private static JsonNode firstRun(Path summary) {
        if (!Files.isRegularFile(summary)) {
            return null;
        }
        try {
            JsonNode run = Json.tree(summary).path("runs").path(0);
            return run.isObject() ? run : null;
        } catch (IOException e) {
            return null;
        }
    }
}
