package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.merge.MergeCommand;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Interval logs, segments and their merge, against our real file server on a loopback port. */
@Timeout(60)
class DistributedRunTest {
    @RegisterExtension
    static final ServedFiles served = ServedFiles.byOurServer();

    @Test
    void theIntervalLogHoldsTheSummarysHistogramsOnAbsoluteTime(@TempDir Path out) throws Exception {
        var run = served.load(out, "--clients", "3", "--think", LoadFixture.PACED_THINK, "--ramp-up", "300ms",
                "--steady", "1500ms", "--ramp-down", "300ms", "--interval", "250ms");
        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode clock = run.run().required("clock");
        double start = clock.required("startEpochMs").doubleValue();
        double end = clock.required("endEpochMs").doubleValue();
        assertThat(clock.required("steadyStartEpochMs").doubleValue()).isCloseTo(start + 300, within(1));
        assertThat(clock.required("steadyEndEpochMs").doubleValue()).isCloseTo(start + 1800, within(1));
        assertThat(run.run().required("histogramLog").asText()).isEqualTo("histograms.hlog");

        Map<String, Histogram> sums = new HashMap<>();
        int initIntervals = 0;
        try (HistogramLogReader reader = new HistogramLogReader(new File(out.resolve("histograms.hlog").toString()))) {
            for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
                Histogram h = (Histogram) e;
                assertThat((double) h.getStartTimeStamp()).isBetween(start - 1, end + 1);
                assertThat((double) h.getEndTimeStamp()).isBetween(start, end + 10_000);
                sums.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add(h);
                initIntervals += h.getTag().equals("init") ? 1 : 0;
            }
        }
        assertThat(initIntervals).isGreaterThanOrEqualTo(7); // every 250 ms of 2.1 s, and the last partial one
        JsonNode initMs = run.run().required("initMs");
        Histogram steadyInit = sums.get("steady.init");
        assertThat(steadyInit.getTotalCount()).isEqualTo(initMs.required("count").longValue()).isPositive();
        assertThat(steadyInit.getValueAtPercentile(99) / 1000.0).isEqualTo(initMs.required("p99").doubleValue());
        assertThat(sums.get("init").getTotalCount()).isGreaterThanOrEqualTo(steadyInit.getTotalCount());
        JsonNode file = run.run().required("files").required(0);
        assertThat(sums.get("steady.time:1KB.bin").getTotalCount()).isEqualTo(file.required("downloads").longValue());
        assertThat(sums.get("steady.speed:1KB.bin").getMaxValue() / (double) (1 << 20))
                .isCloseTo(file.required("speedMBs").required("max").doubleValue(), within(1e-9));
    }

    @Test
    void twoSegmentsMergeIntoOneRunJudgedByTheCriteria(@TempDir Path dir) throws Exception {
        // Segment 0 waits for an instant ahead; segment 1 is given one already past, so it starts at once, late.
        Instant ahead = Instant.now().plusMillis(1000);
        Instant past = Instant.now().minusMillis(2000);
        var runs = Executors.newFixedThreadPool(2);
        try {
            Future<LoadFixture.Outcome> first = runs.submit(() -> segment(dir.resolve("agent-0"), "0/2", ahead));
            Future<LoadFixture.Outcome> second = runs.submit(() -> segment(dir.resolve("agent-1"), "1/2", past));
            LoadFixture.Outcome a = first.get(30, TimeUnit.SECONDS);
            LoadFixture.Outcome b = second.get(30, TimeUnit.SECONDS);
            assertThat(a.exitCode()).as(a.out() + a.log()).isZero();
            assertThat(b.exitCode()).as(b.out() + b.log()).isZero();
            assertThat(a.log()).contains("for --start-at " + ahead);
            assertThat(b.log()).contains("after --start-at " + past);
            assertThat(b.run().required("clock").required("startSkewMs").doubleValue()).isGreaterThanOrEqualTo(2000);
            assertThat(a.run().required("config").required("segmentClients").intValue()
                    + b.run().required("config").required("segmentClients").intValue()).isEqualTo(5);

            var merged = merge(dir.resolve("merged"), dir.resolve("agent-0"), dir.resolve("agent-1"));
            assertThat(merged.exitCode()).as(merged.log()).isZero();
            JsonNode run = merged.run();
            long downloads = a.summary().required("steadyDownloads").longValue()
                    + b.summary().required("steadyDownloads").longValue();
            assertThat(run.required("summary").required("steadyDownloads").longValue()).isEqualTo(downloads)
                    .isPositive();
            assertThat(run.required("initMs").required("count").longValue()).isEqualTo(
                    a.run().required("initMs").required("count").longValue()
                            + b.run().required("initMs").required("count").longValue());
            assertThat(run.required("summary").required("steadyBytes").longValue()).isEqualTo(
                    a.summary().required("steadyBytes").longValue() + b.summary().required("steadyBytes").longValue());
            assertThat(run.required("warnings")).as("each agent's log agrees with its summary").isEmpty();
            assertThat(run.required("config").required("clients").intValue()).isEqualTo(5);
            assertThat(run.required("agents")).hasSize(2);
            assertThat(run.required("agents").required(1).required("startSkewMs").doubleValue())
                    .isGreaterThanOrEqualTo(2000);
            assertThat(merged.out()).contains("agent-0").contains("agent-1").contains("RESULT: PASSED");
            assertThat(dir.resolve("merged").resolve("report.html")).isNotEmptyFile();
            assertThat(dir.resolve("merged").resolve("histograms.hlog")).isNotEmptyFile();

            var failed = merge(dir.resolve("failed"), dir.resolve("agent-0"), dir.resolve("agent-1"),
                    "--min-throughput", "100000");
            assertThat(failed.exitCode()).isEqualTo(LoadCommand.FAILED);
            var incomplete = merge(dir.resolve("incomplete"), dir.resolve("agent-1"));
            assertThat(incomplete.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(incomplete.log()).contains("incomplete: no result of segment 0/2");
            var notResults = merge(dir.resolve("none"), served.root());
            assertThat(notResults.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(notResults.log()).contains("holds no summary.json");
        } finally {
            runs.shutdownNow();
        }
    }

    private static LoadFixture.Outcome segment(Path out, String segment, Instant startAt) throws Exception {
        return served.load(out, "--clients", "5", "--think", LoadFixture.PACED_THINK, "--ramp-up", "300ms",
                "--steady", "1500ms", "--ramp-down", "300ms", "--interval", "250ms", "--segment", segment,
                "--start-at", startAt.toString());
    }

    /** Runs `gsf merge --out OUT ARGS` in this JVM, capturing its output. */
    private static LoadFixture.Outcome merge(Path out, Object... args) {
        List<String> all = new ArrayList<>(List.of("--out", out.toString()));
        for (Object a : args) {
            all.add(a.toString());
        }
        MergeCommand command = new MergeCommand();
        new CommandLine(command).parseArgs(all.toArray(String[]::new));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int code = command.execute(new PrintStream(text, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        return new LoadFixture.Outcome(code, text.toString(StandardCharsets.UTF_8), log.toString(StandardCharsets.UTF_8),
                out);
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
