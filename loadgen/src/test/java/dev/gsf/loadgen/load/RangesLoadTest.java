package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `gsf load --ranges`: multi-range answers of our real server verified part by part under every send algorithm, and
 * spoiled answers of a fake server counted as errors of the right kind.
 */
@Timeout(60)
class RangesLoadTest {
    private static final List<String> KINDS = List.of("connect", "status", "header", "length", "md5", "timeout",
            "reset", "part");
    /**
     * The real server's clients' pause between downloads: 100 ms, not LoadFixture.PACED_THINK's 10 ms. Each answer is
     * verified part by part either way, and the test asks for 3 per range set: at 10 ms each of the 15 runs (3.1 s)
     * verified about 700 answers (the class alone 21.9 CPU-s), at 100 ms about 80 (10.8 CPU-s).
     */
    private static final String THINK = "100ms";

    @ParameterizedTest
    @ValueSource(strings = {"SBA", "EBA", "ENBA", "VTA", "ADA"})
    void everyPartOfOurServersAnswersVerifiesUnderEveryAlgorithm(String algorithm, @org.junit.jupiter.api.io.TempDir
            Path root, @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        Path manifest = LoadFixture.files(root, LoadFixture.SMALL);
        try (FileServer server = FileServer.start(ServerConfig.from(Map.of("root", root.toString(), "port", "0",
                "algorithm", algorithm, "workers", "4")))) {
            // The three range sets at once, each a load of its own against the one server: every answer is still
            // verified part by part, in a third of the wall time (the runs' length is fixed, their clients think).
            Map<String, Future<LoadFixture.Outcome>> runs = new LinkedHashMap<>();
            try (ExecutorService loads = Executors.newFixedThreadPool(3)) {
                for (String ranges : List.of("3x1K", "0-99,200-299,-100", "500-")) {
                    runs.put(ranges, loads.submit(() -> load(out.resolve(ranges.replace(',', '_')), "--url",
                            LoadFixture.url(server), "--manifest", manifest.toString(), "--ranges", ranges,
                            "--clients", "3", "--think", THINK, "--ramp-up", "1s", "--steady", "2s",
                            "--ramp-down", "100ms")));
                }
            }
            for (Map.Entry<String, Future<LoadFixture.Outcome>> entry : runs.entrySet()) {
                String ranges = entry.getKey();
                var run = entry.getValue().get();
                // every answer verified part by part (the count depends on how busy the machine is); 3 clients
                // that think between downloads (THINK), not unthrottled ones: each answer is checked the same, and 15
                // unthrottled runs took both cores for their whole 33 s. A ramp-up of 1 s (its downloads count
                // too): the first run of a cold JVM finished no download in 0.7 s at load 17, nor in 2.2 s at load 21.
                assertThat(run.exitCode()).as(ranges + ": " + run.out() + run.log()).isZero();
                assertThat(run.out()).contains("ranges: " + ranges + " (206");
                assertThat(run.run().required("config").required("ranges").asText()).isEqualTo(ranges);
                JsonNode s = run.summary();
                assertThat(s.required("completed").longValue()).as(ranges).isGreaterThanOrEqualTo(3);
                for (String kind : KINDS) {
                    assertThat(run.errors(kind)).as(ranges + " " + kind).isZero();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FakeRangeServer.Fault.class)
    void aWrongPartIsCountedAsAnError(FakeRangeServer.Fault fault, @org.junit.jupiter.api.io.TempDir Path root,
                                      @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        Path manifest = LoadFixture.files(root, LoadFixture.SMALL);
        try (FakeRangeServer server = new FakeRangeServer(root, fault)) {
            // a client that thinks 10 ms: a spoiled answer is not an error the client backs off from, so without
            // it the client asked again at once (mostly on a new connection) for the whole run
            var run = load(out, "--url", server.url(), "--manifest", manifest.toString(), "--mix", "1KB.bin",
                    "--ranges", "0-99,200-299", "--clients", "1", "--think", LoadFixture.PACED_THINK, "--threads", "1",
                    "--ramp-up", "100ms", "--steady", "500ms", "--ramp-down", "100ms");

            String kind = switch (fault) {
                case CONTENT_RANGE -> "part";
                case BYTES -> "md5";
                case NO_CLOSE -> "length";
            };
            assertThat(run.exitCode()).as(run.out() + run.log()).isEqualTo(LoadCommand.FAILED);
            assertThat(run.errors(kind)).as(run.log()).isPositive();
            for (String other : KINDS) {
                if (!other.equals(kind)) {
                    assertThat(run.errors(other)).as(other + ": " + run.log()).isZero();
                }
            }
            assertThat(run.log()).contains("first " + kind + " error: 1KB.bin: ");
            assertThat(run.summary().required("completed").longValue()).isZero();
        }
    }

    @Test
    void aLocalCopyThatIsNotTheManifestsFileIsBadInput(@org.junit.jupiter.api.io.TempDir Path root,
                                                       @org.junit.jupiter.api.io.TempDir Path elsewhere,
                                                       @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        Path manifest = LoadFixture.files(root, LoadFixture.SMALL);
        java.nio.file.Files.write(elsewhere.resolve("1KB.bin"), new byte[1024]);
        try (FileServer server = LoadFixture.serve(root)) {
            var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--mix",
                    "1KB.bin", "--ranges", "2x100", "--local-files", elsewhere.toString(), "--steady", "1s");

            assertThat(run.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(run.out() + run.log()).contains("is not the file the manifest describes");
        }
    }
}
