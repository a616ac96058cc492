package dev.gsf.loadgen.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.report.Json;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging result directories whose histograms hold known values. */
class MergeTest {
    private static final long START = 1_700_000_000_000L;

    @Test
    void theMergedP99IsThatOfAllValuesNotTheAverageOfTheAgentsP99s(@TempDir Path dir) throws Exception {
        // agent 0: 990 init times of 1 ms and 10 of 100 ms (p99 1 ms); agent 1: 1000 of 50 ms (p99 50 ms)
        Path a = agent(dir.resolve("a"), "0/2", new long[][]{{1000, 495}, {100_000, 10}, {1000, 495}});
        Path b = agent(dir.resolve("b"), "1/2", new long[][]{{50_000, 600}, {50_000, 400}});
        Histogram all = new Histogram(3);
        all.recordValueWithCount(1000, 990);
        all.recordValueWithCount(100_000, 10);
        all.recordValueWithCount(50_000, 1000);

        MergedResult merged = Merge.of(List.of(a, b)).result();

        double p99 = merged.summary().initPercentileMs(99);
        assertThat(p99).isEqualTo(all.getValueAtPercentile(99) / 1000.0)
                .isCloseTo(50.0, org.assertj.core.data.Percentage.withPercentage(0.1)); // 3 significant digits
        assertThat(p99).isNotCloseTo((1.0 + 50.0) / 2, org.assertj.core.data.Percentage.withPercentage(10));
        assertThat(merged.summary().initMs.count()).isEqualTo(2000);
        assertThat(merged.summary().result.metrics().steadyDownloads()).isEqualTo(2000);
        assertThat(merged.summary().initMs.mean()).isEqualTo(all.getMean() / 1000.0);
        assertThat(merged.summary().result.metrics().steadyBytes).isEqualTo(2 * 1_000_000L);
        // Jain's index of the four clients (100, 300, 200, 200 bytes): 800^2 / (4 * 180,000), not either agent's
        assertThat(merged.summary().fairness).isCloseTo(640_000.0 / 720_000, within(1e-12));
        assertThat(merged.summary().result.metrics().fairness.clients()).isEqualTo(4);
        assertThat(merged.summary().minClientMBs * merged.summary().result.steadySeconds()).isCloseTo(100.0 / (1 << 20),
                within(1e-9));
        assertThat(merged.summary().result.metrics().errors[ErrorKind.RESET.ordinal()]).isEqualTo(2);
        assertThat(merged.summary().agents).extracting(r -> r.segment()).containsExactly("0/2", "1/2");
        assertThat(merged.complete()).isTrue();
        assertThat(merged.exitCode()).isZero();
    }

    @Test
    void aMissingSegmentMakesTheResultIncompleteAndOtherRunsAreRefused(@TempDir Path dir) throws Exception {
        Path a = agent(dir.resolve("a"), "0/3", new long[][]{{1000, 10}});
        Path c = agent(dir.resolve("c"), "2/3", new long[][]{{1000, 10}});
        Path out = dir.resolve("merged");
        PrintStream quiet = new PrintStream(java.io.OutputStream.nullOutputStream());

        MergedResult merged = Merge.of(List.of(a, c)).writeTo(out, quiet, quiet);

        assertThat(merged.complete()).isFalse();
        assertThat(merged.exitCode()).isEqualTo(2);
        assertThat(Json.tree(out.resolve("summary.json")).required("runs").required(0).required("aborted").asText())
                .contains("incomplete").contains("1/3");
        Path other = agent(dir.resolve("other"), "1/3", new long[][]{{1000, 10}});
        ObjectNode json = (ObjectNode) Json.tree(other.resolve("summary.json"));
        ((ObjectNode) json.required("runs").required(0).required("config")).put("seed", 7);
        Json.write(other.resolve("summary.json"), json);
        assertThatThrownBy(() -> Merge.of(List.of(a, other))).hasMessageContaining("seed 1 in a, 7 in other");
        assertThatThrownBy(() -> Merge.of(List.of(a, a))).hasMessageContaining("segment 0/3 is given twice");
        assertThatThrownBy(() -> Merge.of(List.of(dir))).hasMessageContaining("holds no summary.json");
    }

    @Test
    void anAgentCountsOnceInEachMergedIntervalEvenWhenTwoOfItsSamplesFallInOne(@TempDir Path dir) throws Exception {
        // samples {seconds, connections, completed}: b's sample at 1.4 s lands in the 1 s interval beside its 1.0 s one
        Path a = agent(dir.resolve("a"), "0/2", new long[][]{{1000, 10}}, new double[][]{{1, 100, 5}, {2, 100, 5}});
        Path b = agent(dir.resolve("b"), "1/2", new long[][]{{1000, 10}}, new double[][]{{1, 50, 2}, {1.4, 50, 3}});

        MergedResult merged = Merge.of(List.of(a, b)).result();

        var first = merged.summary().result.intervals().get(0);
        assertThat(first.connections()).as("open connections: 100 + 50, not 100 + 50 + 50").isEqualTo(150);
        assertThat(first.completed()).as("downloads completed: every sample's").isEqualTo(5 + 2 + 3);
        assertThat(merged.summary().result.peakConnections()).isEqualTo(150);
    }

    static Path agent(Path dir, String segment, long[][] intervals) throws Exception {
        return agent(dir, segment, intervals, new double[0][]);
    }

    /**
     * A result directory as gsf load writes it, reduced to what merge reads: init times {value µs, count} in one
     * interval each (and as many 1KB.bin downloads taking as long), all inside steady state, 1,000,000 steady bytes
     * and one reset error; its time series' samples {seconds, connections, completed}.
     */
    private static Path agent(Path dir, String segment, long[][] intervals, double[][] samples) throws Exception {
        Files.createDirectories(dir);
        long count = 0;
        try (PrintStream file = new PrintStream(dir.resolve("histograms.hlog").toFile())) {
            HistogramLogWriter log = new HistogramLogWriter(file);
            log.outputStartTime(START);
            log.outputBaseTime(0);
            for (int i = 0; i < intervals.length; i++) {
                for (String tag : List.of("init", "steady.init", "steady.time:1KB.bin")) {
                    Histogram h = new Histogram(3);
                    h.recordValueWithCount(intervals[i][0], intervals[i][1]);
                    h.setTag(tag);
                    h.setStartTimeStamp(START + 1000 + i * 1000L);
                    h.setEndTimeStamp(START + 2000 + i * 1000L);
                    log.outputIntervalHistogram(h);
                }
                count += intervals[i][1];
            }
        }
        ObjectNode run = Json.object();
        run.put("passed", true).putNull("aborted");
        run.putObject("config").put("url", "http://127.0.0.1:8080/").put("model", "closed").put("clients", 10)
                .putNull("arrivalRatePerSecond").put("rateBytesPerSecond", 0).put("burstBytes", 0)
                .put("thinkMeanNanos", 0).put("thinkExponential", false).put("rampUpSeconds", 1.0)
                .put("steadySeconds", 10.0).put("rampDownSeconds", 1.0).put("intervalSeconds", 1.0).put("threads", 1)
                .put("seed", 1).put("mix", "").put("segment", segment).put("segmentClients", 5);
        run.putObject("clock").putNull("intendedStart").put("startEpochMs", START)
                .put("steadyStartEpochMs", START + 1000).put("steadyEndEpochMs", START + 11_000).putNull("startSkewMs");
        run.put("server", "test").putArray("warnings");
        ObjectNode summary = run.putObject("summary").put("steadyDownloads", 0).put("steadyErrors", 0)
                .put("steadyBytes", 1_000_000).put("completed", count).put("totalThroughputMBs", 0.1)
                .putNull("algorithm");
        // fairness: agent 0/2's clients received 100 and 300 bytes in steady state, the other's 200 and 200
        boolean first = segment.startsWith("0/");
        summary.putObject("fairness").put("clients", 2).put("sumBytes", 400)
                .put("sumSquaredBytes", first ? 100_000.0 : 80_000.0).put("minBytes", first ? 100 : 200)
                .put("maxBytes", first ? 300 : 200);
        run.putObject("initMs").put("count", count);
        run.putArray("files").addObject().put("name", "1KB.bin").put("length", 1024).put("errors", 0);
        ObjectNode errors = run.putObject("errorsByKind");
        for (ErrorKind k : ErrorKind.values()) {
            errors.putObject(k.label()).put("all", k == ErrorKind.RESET ? 1 : 0).put("steady", 0).putNull("sample");
        }
        run.putObject("loadGenerator").put("peakHeapBytes", 1);
        var series = run.putArray("intervals");
        for (double[] sample : samples) {
            series.addObject().put("seconds", sample[0]).put("throughputMBs", 0.0).put("completed", (long) sample[2])
                    .put("errors", 0).put("connections", (long) sample[1]).put("active", (long) sample[1])
                    .put("heapUsedBytes", 0).put("cpuPercent", 0.0);
        }
        run.put("histogramLog", "histograms.hlog");
        ObjectNode root = Json.object().put("tool", "gsf load").put("version", 1);
        root.putArray("runs").add(run);
        Json.write(dir.resolve("summary.json"), root);
        return dir;
    }
}
