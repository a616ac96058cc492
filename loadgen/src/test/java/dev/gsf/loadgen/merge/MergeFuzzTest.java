package dev.gsf.loadgen.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gsf.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target: the inputs of {@code gsf merge}, two agents' result directories of which the second has its
 * summary.json or its histograms.hlog changed: a value at one of the places merge reads set to the fuzzer's, or the
 * file's bytes overwritten. Invariants: merged, the init times counted are exactly the steady ones of both logs (none
 * lost, none counted twice); refused, an IllegalArgumentException of one line; nothing else.
 */
class MergeFuzzTest {
    /** Where merge reads summary.json: a value set here reaches its checks rather than the JSON parser. */
    private static final List<String> PLACES = List.of("/tool", "/runs/0/config/segment", "/runs/0/config/seed",
            "/runs/0/config/clients", "/runs/0/clock/startEpochMs", "/runs/0/clock/steadyStartEpochMs",
            "/runs/0/clock/steadyEndEpochMs", "/runs/0/stopped", "/runs/0/histogramLog", "/runs/0/summary/steadyBytes",
            "/runs/0/errorsByKind/reset/all", "/runs/0/intervals", "/runs/0/files", "/runs/0/aborted");
    @TempDir
    static Path dir;
    private static Path a;
    private static byte[] summary;
    private static byte[] log;

    @BeforeAll
    static void agents() throws Exception {
        a = MergeTest.agent(dir.resolve("a"), "0/2", new long[][] {{1000, 7}, {3000, 5}});
        Path b = MergeTest.agent(dir.resolve("b"), "1/2", new long[][] {{2000, 11}});
        summary = Files.readAllBytes(b.resolve("summary.json"));
        log = Files.readAllBytes(b.resolve("histograms.hlog"));
    }

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void mergesEveryValueOnceOrRefusesWithOneLine(FuzzedDataProvider data) throws IOException {
        Path b = dir.resolve("b");
        Files.write(b.resolve("summary.json"), summary);
        Files.write(b.resolve("histograms.hlog"), log);
        int how = data.consumeInt(0, 2);
        if (how == 0) {
            ObjectNode root = (ObjectNode) Json.tree(b.resolve("summary.json"));
            String place = data.pickValue(PLACES);
            ObjectNode parent = (ObjectNode) root.at(place.substring(0, place.lastIndexOf('/')));
            String key = place.substring(place.lastIndexOf('/') + 1);
            JsonNode value = valueOf(data);
            parent.set(key, value);
            Files.writeString(b.resolve("summary.json"), root.toString());
        } else {
            Path file = b.resolve(how == 1 ? "summary.json" : "histograms.hlog");
            byte[] bytes = Files.readAllBytes(file);
            int at = data.consumeInt(0, bytes.length);
            byte[] with = data.consumeRemainingAsBytes();
            System.arraycopy(with, 0, bytes, at, Math.min(with.length, bytes.length - at));
            Files.write(file, bytes);
        }
        MergedResult merged;
        try {
            merged = Merge.of(List.of(a, b)).result();
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).isNotBlank().doesNotContain("\n");
            return;
        }
        long steady = AgentResult.read(a).steady().get("init").getTotalCount()
                + AgentResult.read(b).steady().getOrDefault("init", new org.HdrHistogram.Histogram(3)).getTotalCount();
        assertThat(merged.summary().initMs.count()).isEqualTo(steady);
    }

    /** A finding, kept as an example: a stop time that is no instant. */
    @org.junit.jupiter.api.Test
    void aStopTimeThatIsNoInstantIsRefusedNamingTheFile() throws IOException {
        Path b = dir.resolve("b");
        Files.write(b.resolve("histograms.hlog"), log);
        ObjectNode root = (ObjectNode) Json.tree(new String(summary, java.nio.charset.StandardCharsets.UTF_8));
        ((ObjectNode) root.at("/runs/0")).putObject("stopped").put("at", "yesterday").put("reason", "signal");
        Files.writeString(b.resolve("summary.json"), root.toString());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Merge.of(List.of(a, b)).result())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("summary.json");
    }

    /** A finding, kept as an example: an interval log named by a path, or by a name with a NUL, is refused in one line. */
    @org.junit.jupiter.api.Test
    void anIntervalLogOutsideItsDirectoryIsRefusedInOneLine() throws IOException {
        Path b = dir.resolve("b");
        Files.write(b.resolve("histograms.hlog"), log);
        for (String name : new String[] {"../a/histograms.hlog", "/etc/hostname", "\n\u0000", ".."}) {
            ObjectNode root = (ObjectNode) Json.tree(new String(summary, java.nio.charset.StandardCharsets.UTF_8));
            ((ObjectNode) root.at("/runs/0")).put("histogramLog", name);
            Files.writeString(b.resolve("summary.json"), root.toString());
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Merge.of(List.of(a, b)).result()).as(name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not the name of a file in its directory").hasMessageNotContaining("\n");
        }
    }

    /**
     * A summary.json nested 10,000 deep is refused in one line naming the file: Jackson's reader stops at a depth of
     * 1,000 (StreamReadConstraints' default) and builds trees without recursing, so no StackOverflowError.
     */
    @org.junit.jupiter.api.Test
    void aSummaryNestedTenThousandDeepIsRefusedInOneLine() throws IOException {
        Path b = dir.resolve("b");
        Files.write(b.resolve("histograms.hlog"), log);
        String json = new String(summary, java.nio.charset.StandardCharsets.UTF_8).strip();
        Files.writeString(b.resolve("summary.json"),
                "{\"deep\":" + "[".repeat(10_000) + "]".repeat(10_000) + "," + json.substring(1));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Merge.of(List.of(a, b)).result())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("summary.json")
                .hasMessageContaining("nesting depth").hasMessageNotContaining("\n");
    }

    private static JsonNode valueOf(FuzzedDataProvider data) {
        return switch (data.consumeInt(0, 4)) {
            case 0 -> JsonNodeFactory.instance.textNode(data.consumeRemainingAsString());
            case 1 -> JsonNodeFactory.instance.numberNode(data.consumeLong());
            case 2 -> JsonNodeFactory.instance.numberNode(data.consumeDouble());
            case 3 -> JsonNodeFactory.instance.nullNode();
            default -> Json.object().put(data.consumeString(20), data.consumeRemainingAsString());
        };
    }
}
