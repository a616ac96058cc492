package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.merge.Merge;
import dev.gsf.loadgen.merge.MergedResult;
import dev.gsf.report.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gsf load stopped before its planned end, as real processes against our real server: an agent by its
 * coordinator's stop instruction on its standard input, a plain run by SIGTERM. Both end their load at once and write
 * their results, marked stopped; the run is 60 s long, so only the stop can end it within the test's bounds.
 */
@Timeout(60)
class StopEarlyTest {
    /** A progress line of steady state that counts at least one download. */
    private static final Pattern DOWNLOADING = Pattern.compile("^steady .* ([1-9]\\d*) downloads");

    @Test
    void theStopInstructionMakesARunningAgentWriteItsResultsMarkedStoppedAndExitWithFour(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("agent-0");
        try (Running agent = Running.start(dir, out, "--agent")) {
            agent.lines.await(DOWNLOADING);

            agent.process.getOutputStream().write("stop\n".getBytes(StandardCharsets.UTF_8));
            agent.process.getOutputStream().flush();

            assertThat(agent.process.waitFor(10, TimeUnit.SECONDS)).as("stopped within 10 s of the instruction")
                    .isTrue();
            assertThat(agent.process.exitValue()).as(agent.lines.all()).isEqualTo(LoadCommand.STOPPED);
            JsonNode run = assertStopped(out, "coordinator");
            assertThat(agent.lines.all()).contains("the coordinator asks this agent to stop")
                    .contains("stopped early (coordinator)");

            // its result merges, and the merge says it is incomplete and why
            MergedResult merged = Merge.of(List.of(out)).result();
            assertThat(merged.complete()).isFalse();
            assertThat(merged.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(merged.summary().result.stopped().reason()).isEqualTo("agents stopped early: agent-0");
            assertThat(merged.summary().result.metrics().steadyDownloads())
                    .isEqualTo(run.required("summary").required("steadyDownloads").longValue());
            assertThat(merged.summary().agents.get(0).stoppedAt()).isNotNull();
        }
    }

    @Test
    void aStopWhileWaitingForTheStartEndsTheAgentWithoutLoadingAndSaysSo(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("agent-0");
        String startAt = java.time.Instant.now().plusSeconds(50).toString();
        try (Running agent = Running.start(dir, out, "--agent", "--start-at", startAt)) {
            agent.lines.await(Pattern.compile("waiting .* for --start-at"));

            agent.process.getOutputStream().write("stop\n".getBytes(StandardCharsets.UTF_8));
            agent.process.getOutputStream().flush();

            assertThat(agent.process.waitFor(10, TimeUnit.SECONDS)).as("stopped within 10 s of the instruction")
                    .isTrue();
            assertThat(agent.process.exitValue()).as(agent.lines.all()).isEqualTo(LoadCommand.STOPPED);
            JsonNode run = Json.tree(out.resolve("summary.json")).required("runs").required(0);
            assertThat(run.required("aborted").asText()).isEqualTo("stopped before its start (coordinator)");
            assertThat(run.required("stopped").required("reason").asText()).isEqualTo("coordinator");
            assertThat(run.required("summary").required("completed").longValue()).isZero();
            assertThat(out.resolve("histograms.hlog")).doesNotExist();
        }
    }

    @Test
    void sigtermOnAPlainRunWritesItsResultsMarkedStopped(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (Running load = Running.start(dir, out)) {
            load.lines.await(DOWNLOADING);

            load.process.destroy(); // SIGTERM

            assertThat(load.process.waitFor(15, TimeUnit.SECONDS)).as("stopped within 15 s of SIGTERM").isTrue();
            assertThat(load.process.exitValue()).as(load.lines.all()).isEqualTo(128 + 15);
            assertStopped(out, "signal");
        }
    }

    @Test
    void sigtermOnACoordinatorStopsItsAgentsAndMergesWhatTheyMeasured(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        // 1 s to the common start instead of local's 3 s (a wait every agent up early sits out), and an agent JVM
        // that starts later is no fault here: this test is the stop's, not the start's
        try (Running coordinator = Running.start(dir, out, "--agents", "local:2", "--launch-margin", "1s",
                "--max-start-skew", "10s")) {
            List<ProcessHandle> agents = AgentProcesses.awaitLoading(out, 2, coordinator.served().url());

            // SIGTERM, to the coordinator alone; through its handle, as Process.destroy would also close its output
            coordinator.process.toHandle().destroy();

            assertThat(coordinator.process.waitFor(30, TimeUnit.SECONDS)).as("ended within 30 s of SIGTERM").isTrue();
            assertThat(coordinator.process.exitValue()).as(coordinator.lines.all()).isEqualTo(128 + 15);
            coordinator.lines.await(Pattern.compile("the coordinator was stopped \\(signal\\).*"
                    + "\\(2 of 2 agents, 2 of them stopped early\\)")); // its output, read to the end
            for (ProcessHandle agent : agents) {
                assertThat(agent.isAlive()).as("agent pid " + agent.pid()).isFalse();
            }
            JsonNode report = Json.tree(out.resolve("agents.json"));
            assertThat(report.required("stoppedEarly")).extracting(JsonNode::asText)
                    .containsExactly("agent-0", "agent-1");
            JsonNode merged = Json.tree(out.resolve("summary.json")).required("runs").required(0);
            assertThat(merged.required("complete").booleanValue()).isFalse();
            assertThat(merged.required("summary").required("steadyDownloads").longValue()).isPositive();
        }
    }

    /** Our server on the small files and a gsf load process loading it; closing kills the process, stops the server. */
    private record Running(LoadFixture.Served served, Process process, Lines lines) implements AutoCloseable {
        /** gsf load for 60 s of steady state, 2 clients without limit, a progress line every 200 ms. */
        static Running start(Path dir, Path out, String... more) throws IOException {
            LoadFixture.Served served = LoadFixture.serveSmall(Files.createDirectories(dir.resolve("files")));
            List<String> command = new ArrayList<>(List.of(AgentProcesses.gsfScript(dir).toString(), "load", "--url",
                    served.url(), "--manifest", served.manifest().toString(), "--clients", "2", "--ramp-up", "0s",
                    "--steady", "60s", "--ramp-down", "0s", "--interval", "200ms", "--threads", "1", "--out",
                    out.toString()));
            command.addAll(List.of(more));
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
                return new Running(served, process, Lines.of(process));
            } catch (IOException e) {
                served.close();
                throw e;
            }
        }

        @Override
        public void close() throws InterruptedException {
            try {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            } finally {
                served.close();
            }
        }
    }

    /** The result in {@code out} is written in full and marked stopped for {@code reason}, with downloads. */
    private static JsonNode assertStopped(Path out, String reason) throws IOException {
        JsonNode run = Json.tree(out.resolve("summary.json")).required("runs").required(0);
        JsonNode stopped = run.required("stopped");
        assertThat(stopped.required("reason").asText()).isEqualTo(reason);
        assertThat(stopped.required("afterSeconds").doubleValue()).isPositive().isLessThan(60);
        assertThat(run.required("complete").booleanValue()).isFalse();
        assertThat(run.required("passed").booleanValue()).isFalse();
        assertThat(run.required("aborted").isNull()).isTrue();
        assertThat(run.required("summary").required("steadyDownloads").longValue()).isPositive();
        assertThat(run.required("summary").required("totalThroughputMBs").doubleValue()).isPositive();
        assertThat(out.resolve("histograms.hlog")).isNotEmptyFile();
        assertThat(out.resolve("report.html")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("summary.txt"))).contains("s into the run (" + reason + ")")
                .contains("RESULT: STOPPED EARLY");
        return run;
    }

    /** A process's output, read line by line (\n or \r) by a daemon thread, awaited with bounded waits. */
    private static final class Lines {
        private final StringBuffer all = new StringBuffer();
        private final List<CompletableFuture<String>> waiting = new ArrayList<>();
        private final List<Pattern> patterns = new ArrayList<>();

        static Lines of(Process process) {
            Lines lines = new Lines();
            Thread t = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // the process is gone
                }
            }, "output-of-" + process.pid());
            t.setDaemon(true);
            t.start();
            return lines;
        }

        private synchronized void add(String line) {
            all.append(line).append('\n');
            for (int i = 0; i < patterns.size(); i++) {
                Matcher m = patterns.get(i).matcher(line.strip());
                if (m.find()) {
                    waiting.get(i).complete(line);
                }
            }
        }

        /** Waits (at most 30 s) for a line that matches. */
        void await(Pattern pattern) throws Exception {
            CompletableFuture<String> seen = new CompletableFuture<>();
            synchronized (this) {
                for (String line : all.toString().split("\n")) {
                    if (pattern.matcher(line.strip()).find()) {
                        return;
                    }
                }
                patterns.add(pattern);
                waiting.add(seen);
            }
            try {
                seen.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("no line matching " + pattern + " within 30 s in:\n" + all, e);
            }
        }

        String all() {
            return all.toString();
        }
    }
}
