package dev.gsf.server.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.Manifest;
import dev.gsf.common.TestFiles;
import dev.gsf.report.Json;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestSinks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The results log (one JSON line per download) and result sinks that fail or block, on a real server. */
class ResultsLogTest {
    private static final Path FILES = TestFiles.fileSet();
    private static final Manifest MANIFEST = TestFiles.committedManifest();
    private static final long MB = 1 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void resetSinks() {
        TestSinks.reset();
    }

    @ParameterizedTest(name = "{0} zero-copy={1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void oneTypedLinePerDownload_whole_range_andAClientThatLeaves(Algorithm algorithm, boolean zeroCopy)
            throws Exception {
        Path log = dir.resolve("results.jsonl");
        Instant before = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        try (FileServer server = start(algorithm, ResultDispatcher.QUEUE_CAPACITY, "zero-copy",
                Boolean.toString(zeroCopy), "results-log", log.toString())) {
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/1MB.bin").md5()).isEqualTo(md5("1MB.bin"));
                assertThat(http.exchange("GET", "/1MB.bin", "Range: bytes=100-1099").status()).isEqualTo(206);
            }
            try (RawHttp leaving = new RawHttp(server.port())) {
                assertThat(leaving.startDownload("/20MB.bin").status()).isEqualTo(200);
                leaving.readSome(new byte[1024]);
                leaving.socket().setSoLinger(true, 0); // close with a reset, mid-body
            }
            Await.until("three result lines", Duration.ofSeconds(20), () -> lines(log).size() == 3,
                    () -> lines(log));
        }
        Instant after = Instant.now();
        List<DownloadResult> results = new ArrayList<>();
        for (String line : lines(log)) {
            results.add(Json.read(line, DownloadResult.class));
        }
        Map<String, DownloadResult> byKind = new HashMap<>();
        results.forEach(r -> byKind.put(r.file() + " " + r.status(), r));
        assertThat(byKind).containsOnlyKeys("/1MB.bin 200", "/1MB.bin 206", "/20MB.bin 200");
        for (DownloadResult r : results) {
            assertThat(r.client()).isEqualTo("127.0.0.1");
            assertThat(r.algorithm()).isEqualTo(algorithm);
            assertThat(r.arrived()).isBetween(before, after);
            assertThat(r.durationMs()).isPositive();
        }
        DownloadResult whole = byKind.get("/1MB.bin 200");
        assertThat(whole.range()).isEqualTo(new ByteRange(0, MB - 1, MB));
        assertThat(whole.bytes()).isEqualTo(MB);
        assertThat(whole.outcome()).isEqualTo(Outcome.COMPLETED);
        assertThat(whole.timeToFirstByteMs()).isPositive().isLessThanOrEqualTo(whole.durationMs());

        DownloadResult range = byKind.get("/1MB.bin 206");
        assertThat(range.range()).isEqualTo(new ByteRange(100, 1099, MB));
        assertThat(range.bytes()).isEqualTo(1000);
        assertThat(range.outcome()).isEqualTo(Outcome.COMPLETED);
        assertThat(range.timeToFirstByteMs()).isPositive().isLessThanOrEqualTo(range.durationMs());

        DownloadResult left = byKind.get("/20MB.bin 200");
        assertThat(left.range()).isEqualTo(new ByteRange(0, 20 * MB - 1, 20 * MB));
        assertThat(left.outcome()).isEqualTo(Outcome.CLIENT_GONE);
        assertThat(left.bytes()).isLessThan(20 * MB);
        assertThat(Json.tree(lines(log).get(0)).fieldNames()).toIterable().containsExactly("time", "client", "file",
                "status", "range", "bytes", "outcome", "timeToFirstByteMs", "durationMs", "algorithm");
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSinkThatThrowsBreaksNeitherDownloadsNorTheLog(Algorithm algorithm) throws Exception {
        Path log = dir.resolve("results.jsonl");
        int downloads = 20;
        try (FileServer server = TestSinks.withSinks("throwing", () -> start(algorithm,
                ResultDispatcher.QUEUE_CAPACITY, "results-log", log.toString()))) {
            downloadAllVerified(server, downloads);
            Await.until(downloads + " result lines", Duration.ofSeconds(20), () -> lines(log).size() == downloads,
                    () -> lines(log).size());
            assertThat(TestSinks.thrown).hasValue(downloads);
            assertThat(server.resultsDropped()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSinkThatBlocksForeverSlowsNoDownload_resultsBeyondTheQueueAreDroppedAndCounted(Algorithm algorithm)
            throws Exception {
        int queue = 8;
        int downloads = 40;
        FileServer server = TestSinks.withSinks("throwing-and-blocking", () -> start(algorithm, queue));
        try (server) {
            // One download whose result the blocking sink then holds (after the throwing sink threw on it).
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/1KB.bin").md5()).isEqualTo(md5("1KB.bin"));
            }
            assertThat(TestSinks.blocked.await(10, TimeUnit.SECONDS)).as("the blocking sink was called").isTrue();
            assertThat(TestSinks.thrown).hasValue(1);

            downloadAllVerified(server, downloads);
            Await.until("every download ended", Duration.ofSeconds(20),
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == downloads + 1, server::algorithmStats);
            assertThat(server.resultsDropped()).as("results that found the queue of " + queue + " full")
                    .isEqualTo(downloads - queue);
        }
        assertThat(TestSinks.released.await(10, TimeUnit.SECONDS))
                .as("stopping the server interrupted the blocked sink").isTrue();
    }

    @org.junit.jupiter.api.Test
    void aResultsLogThatCannotBeOpenedStopsTheStartWithTheKeyNamed() {
        assertThatThrownBy(() -> Servers.start(Algorithm.SBA, "results-log", dir.toString()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("results-log: cannot open " + dir);
    }

    /** {@code downloads} downloads of 1MB.bin from 4 client threads, each checked whole with its MD5. */
    private static void downloadAllVerified(FileServer server, int downloads) throws Exception {
        try (ExecutorService clients = Executors.newFixedThreadPool(4)) {
            List<Future<String>> md5s = new ArrayList<>();
            for (int i = 0; i < downloads; i++) {
                md5s.add(clients.submit(() -> {
                    try (RawHttp http = new RawHttp(server.port())) {
                        RawHttp.Response response = http.exchange("GET", "/1MB.bin");
                        assertThat(response.status()).isEqualTo(200);
                        return response.md5();
                    }
                }));
            }
            for (Future<String> md5 : md5s) {
                assertThat(md5.get(60, TimeUnit.SECONDS)).isEqualTo(md5("1MB.bin"));
            }
        }
    }

    private static FileServer start(Algorithm algorithm, int resultsQueue, String... keyValues) throws IOException {
        return FileServer.start(Servers.config(FILES, algorithm, keyValues), resultsQueue);
    }

    private static String md5(String name) {
        return MANIFEST.entries().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow().md5();
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
