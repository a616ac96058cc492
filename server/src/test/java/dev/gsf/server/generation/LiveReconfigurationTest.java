package dev.gsf.server.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ConfigFile;
import dev.gsf.server.config.Reload;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Live reconfiguration against a real server: downloads in flight finish under the algorithm, pool and settings
 * they started with, new requests (on the same connections too) use the new ones, the replaced pool's threads end,
 * and a reload that cannot apply changes nothing.
 */
@Isolated("counts worker threads by generation name, the same in every server of the JVM")
class LiveReconfigurationTest {
    private static final Path FILES = TestFiles.fileSet();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int IN_FLIGHT = 100;
    private static final String MD5_1MB = TestFiles.md5Of("1MB.bin");
    private static final String MD5_200KB = TestFiles.md5Of("200KB.bin");
    private static final String MD5_1KB = TestFiles.md5Of("1KB.bin");

    /** Every algorithm is switched from and to once, zero-copy flipping with it. */
    static Stream<Arguments> switches() {
        return Stream.of(
                Arguments.of(Algorithm.SBA, false, Algorithm.ENBA, true),
                Arguments.of(Algorithm.ENBA, true, Algorithm.VTA, false),
                Arguments.of(Algorithm.VTA, false, Algorithm.EBA, true),
                Arguments.of(Algorithm.EBA, true, Algorithm.SBA, false));
    }

    @ParameterizedTest(name = "{0} (zero-copy {1}) to {2} (zero-copy {3})")
    @MethodSource("switches")
    void hundredDownloadsInFlightFinishUnderTheirAlgorithm_whileNewOnesUseTheNewOne(
            Algorithm from, boolean fromZeroCopy, Algorithm to, boolean toZeroCopy) throws Exception {
        // A small send buffer and receive window keep every 1 MB download in flight while its client reads nothing.
        Map<String, String> values = values("algorithm", from.name(), "zero-copy", Boolean.toString(fromZeroCopy),
                "workers", Integer.toString(IN_FLIGHT), "send-buffer", "16K");
        try (FileServer server = FileServer.start(ServerConfig.from(values));
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            CountDownLatch switched = new CountDownLatch(1);
            List<Future<List<String>>> results = new ArrayList<>();
            for (int i = 0; i < IN_FLIGHT; i++) {
                results.add(clients.submit(() -> {
                    try (RawHttp http = new RawHttp(server.port())) {
                        RawHttp.Response head = http.startDownload("/1MB.bin");
                        if (!switched.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                            return List.of("no switch");
                        }
                        RawHttp.Response first = http.readBody(head);
                        // the same connection; past inline-max, so through the algorithm (only the first download
                        // must outlast the switch: 1 MB here too was a quarter of the class's CPU)
                        RawHttp.Response second = http.exchange("GET", "/200KB.bin");
                        return List.of(summary(first), summary(second));
                    }
                }));
            }
            Await.until(IN_FLIGHT + " downloads in progress on " + from, WAIT,
                    () -> stats(server, from).inProgress() == IN_FLIGHT, server::algorithmStatsByKind);

            Set<ServerConfig.Key> changed = server.reconfigure(ServerConfig.from(
                    with(values, "algorithm", to.name(), "zero-copy", Boolean.toString(toZeroCopy))));

            assertThat(changed).containsExactlyInAnyOrder(ServerConfig.Key.ALGORITHM, ServerConfig.Key.ZERO_COPY);
            assertThat(server.config().algorithm()).isEqualTo(to);
            try (RawHttp fresh = new RawHttp(server.port())) {
                assertThat(summary(fresh.exchange("GET", "/1MB.bin"))).isEqualTo("200 " + to + " " + MD5_1MB);
            }
            assertThat(stats(server, from).inProgress()).as("still in flight on " + from).isEqualTo(IN_FLIGHT);
            assertThat(server.retiringGenerations()).isEqualTo(1);

            switched.countDown();
            for (Future<List<String>> result : results) {
                assertThat(result.get(120, TimeUnit.SECONDS))
                        .containsExactly("200 " + from + " " + MD5_1MB, "200 " + to + " " + MD5_200KB);
            }
            Await.until("the replaced configuration to close", WAIT,
                    () -> server.retiringGenerations() == 0 && server.algorithmStats().inProgress() == 0,
                    server::algorithmStatsByKind);
            assertThat(stats(server, from).ended()).containsEntry(Outcome.COMPLETED, (long) IN_FLIGHT);
            assertThat(stats(server, to).ended()).containsEntry(Outcome.COMPLETED, IN_FLIGHT + 1L);
            AlgorithmStats.Snapshot all = server.algorithmStats();
            assertThat(all.rejected()).as("refused").isZero();
            assertThat(all.ended(Outcome.COMPLETED)).as("nothing cut").isEqualTo(2L * IN_FLIGHT + 1);
            // Its pool and its write-timeout sweeper are gone; the new pool runs.
            awaitNoThreads("gsf-worker-g1-");
            awaitNoThreads(from.name().toLowerCase(Locale.ROOT) + "-write-timeouts");
            assertThat(threads("gsf-worker-g2-")).isEqualTo(to == Algorithm.VTA ? 0 : IN_FLIGHT);
        }
    }

    @Test
    void reloadsInQuickSuccessionUnderLoad_cutNothing_andLeaveOnlyTheLastPoolRunning() throws Exception {
        int reloads = 40;
        int clients = 8;
        Algorithm[] cycle = Algorithm.values();
        Map<String, String> values = values("algorithm", cycle[0].name(), "workers", "4");
        try (FileServer server = FileServer.start(ServerConfig.from(values));
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            CountDownLatch done = new CountDownLatch(1);
            List<Future<Integer>> results = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                results.add(pool.submit(() -> {
                    int downloads = 0;
                    try (RawHttp http = new RawHttp(server.port())) {
                        while (done.getCount() > 0 && downloads < 10_000) {
                            RawHttp.Response r = http.exchange("GET", "/1MB.bin");
                            if (r.status() != 200 || !r.md5().equals(MD5_1MB)) {
                                throw new AssertionError("download " + downloads + ": " + summary(r));
                            }
                            downloads++;
                        }
                    }
                    return downloads;
                }));
            }
            for (int i = 1; i <= reloads; i++) {
                long completed = server.algorithmStats().ended(Outcome.COMPLETED);
                server.reconfigure(ServerConfig.from(with(values, "algorithm", cycle[i % cycle.length].name(),
                        "workers", Integer.toString(2 + i % 3))));
                Await.until("a download to complete after reload " + i, WAIT,
                        () -> server.algorithmStats().ended(Outcome.COMPLETED) > completed);
            }
            done.countDown();
            int downloads = 0;
            for (Future<Integer> result : results) {
                downloads += result.get(120, TimeUnit.SECONDS);
            }
            Await.until("every replaced configuration closed", WAIT,
                    () -> server.retiringGenerations() == 0 && server.algorithmStats().inProgress() == 0,
                    server::algorithmStatsByKind);
            AlgorithmStats.Snapshot all = server.algorithmStats();
            assertThat(all.ended(Outcome.COMPLETED)).isEqualTo(downloads);
            assertThat(all.rejected()).isZero();
            Algorithm last = cycle[reloads % cycle.length];
            Await.until("only the last pool's threads", WAIT, () -> Thread.getAllStackTraces().keySet().stream()
                    .map(Thread::getName).filter(name -> name.startsWith("gsf-worker-g"))
                    .allMatch(name -> name.startsWith("gsf-worker-g" + (reloads + 1) + "-")));
            assertThat(threads("gsf-worker-g" + (reloads + 1) + "-"))
                    .isEqualTo(last == Algorithm.VTA ? 0 : 2 + reloads % 3);
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aReloadChangesWorkersAndChunk_andAKeptConnectionUsesThem(Algorithm algorithm) throws IOException {
        Map<String, String> values = values("algorithm", algorithm.name(), "workers", "2", "chunk", "64K");
        try (FileServer server = FileServer.start(ServerConfig.from(values));
             RawHttp http = new RawHttp(server.port())) {
            assertThat(summary(http.exchange("GET", "/1MB.bin"))).isEqualTo("200 " + algorithm + " " + MD5_1MB);

            Set<ServerConfig.Key> changed = server.reconfigure(ServerConfig.from(
                    with(values, "workers", "3", "chunk", "16K")));

            assertThat(changed).containsExactlyInAnyOrder(ServerConfig.Key.WORKERS, ServerConfig.Key.CHUNK);
            assertThat(server.config().workers()).isEqualTo(3);
            assertThat(server.config().chunk()).isEqualTo(16 * 1024);
            assertThat(server.startLine()).contains("workers=3", "chunk=16K");
            assertThat(summary(http.exchange("GET", "/1MB.bin"))).isEqualTo("200 " + algorithm + " " + MD5_1MB);
            awaitNoThreads("gsf-worker-g1-");
            assertThat(threads("gsf-worker-g2-")).isEqualTo(algorithm == Algorithm.VTA ? 0 : 3);
            Await.until("the downloads counted", WAIT, () -> server.algorithmStats().inProgress() == 0);
            assertThat(server.algorithmStats().ended(Outcome.COMPLETED)).isEqualTo(2);
            assertThat(server.reconfigure(server.config())).as("the same configuration again").isEmpty();
        }
    }

    @Test
    void zeroCopyMinAndShutdownGraceChangeLive() throws IOException {
        Map<String, String> values = values("algorithm", "ENBA", "zero-copy", "true");
        try (FileServer server = FileServer.start(ServerConfig.from(values))) {
            assertThat(server.reconfigure(ServerConfig.from(with(values, "zero-copy-min", "0",
                    "shutdown-grace", "2s")))).containsExactlyInAnyOrder(ServerConfig.Key.ZERO_COPY_MIN,
                    ServerConfig.Key.SHUTDOWN_GRACE);
            assertThat(server.config().zeroCopyMin()).isZero();
            assertThat(server.config().shutdownGrace()).isEqualTo(Duration.ofSeconds(2));
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(summary(http.exchange("GET", "/1KB.bin"))).isEqualTo("200 ENBA " + MD5_1KB);
            }
        }
    }

    @Test
    void anInvalidFileIsRefusedWithTheKeyNamed_andTheRunningConfigurationKeepsServing(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("gsf.properties");
        Files.writeString(file, "algorithm=SBA\n");
        // As `gsf serve --config FILE --root … --port 0` reads it: the file, then the flags over it.
        Map<String, String> flags = Map.of("root", FILES.toString(), "port", "0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (FileServer server = FileServer.start(fileThenFlags(file, flags))) {
            Reload reload = new Reload(server, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            Map<String, String> refusals = Map.of(
                    "algorithm=ENBA\nchunk=12\n", "chunk: 12 is out of range",
                    "algorithm=FOO\n", "algorithm: 'FOO' is not an algorithm",
                    "algorithm=ENBA\nworkrs=3\n", "config: unknown key 'workrs'",
                    "algorithm=ENBA\nidle-timeout=5s\n",
                    "idle-timeout: cannot change while the server runs (needs a restart)",
                    "algorithm=ENBA\naccess-log=" + dir.resolve("no/such/dir/access.log") + "\n",
                    "access-log: cannot open");
            for (Map.Entry<String, String> refusal : refusals.entrySet()) {
                Files.writeString(file, refusal.getKey());
                err.reset();

                assertThatThrownBy(() -> reload.apply(() -> fileThenFlags(file, flags))).as(refusal.getKey())
                        .isInstanceOf(ConfigException.class);

                assertThat(err.toString(StandardCharsets.UTF_8)).as(refusal.getKey())
                        .startsWith("gsf serve: reload refused, the running configuration stays in force: "
                                + refusal.getValue()).hasLineCount(1);
                assertThat(server.config().algorithm()).isEqualTo(Algorithm.SBA);
                try (RawHttp http = new RawHttp(server.port())) {
                    assertThat(summary(http.exchange("GET", "/1KB.bin"))).isEqualTo("200 SBA " + MD5_1KB);
                }
            }
            assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
            assertThat(server.retiringGenerations()).isZero();
            assertThat(threads("gsf-worker-g2-")).as("no generation was built").isZero();

            Files.writeString(file, "algorithm=ENBA\nchunk=16K\n");
            assertThat(reload.apply(() -> fileThenFlags(file, flags)))
                    .containsExactlyInAnyOrder(ServerConfig.Key.ALGORITHM, ServerConfig.Key.CHUNK);
            assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
                    "gsf: configuration reloaded, changed algorithm, chunk; downloads in flight finish under the"
                            + " previous settings",
                    server.startLine());
            assertThat(server.startLine()).contains("algorithm=ENBA", "chunk=16K");
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(summary(http.exchange("GET", "/1KB.bin"))).isEqualTo("200 ENBA " + MD5_1KB);
            }
        }
    }

    @Test
    void aKeyThatNeedsARestartIsRefused_andNothingElseOfThatReloadApplies(@TempDir Path otherRoot)
            throws IOException {
        Map<String, String> values = values("algorithm", "SBA");
        Map<String, String> restartOnly = Map.of("root", otherRoot.toString(), "host", "127.0.0.2", "port", "1",
                "idle-timeout", "5s", "follow-symlinks", "true", "open-file-cache", "0", "admin-host", "127.0.0.2",
                "admin-port", "0", "results-log", otherRoot.resolve("results.jsonl").toString());
        try (FileServer server = FileServer.start(ServerConfig.from(values))) {
            for (Map.Entry<String, String> change : restartOnly.entrySet()) {
                ServerConfig next = ServerConfig.from(with(values, "algorithm", "ENBA", change.getKey(),
                        change.getValue()));
                assertThatThrownBy(() -> server.reconfigure(next)).isInstanceOf(ConfigException.class)
                        .hasMessageStartingWith(change.getKey() + ": cannot change while the server runs (needs a"
                                + " restart); only algorithm, workers, queue, chunk, zero-copy, zero-copy-min,"
                                + " inline-max, max-downloads, write-timeout, send-buffer, tcp-nopush, access-log,"
                                + " shutdown-grace, tls-cert, tls-key, tls-handshake-timeout, max-ranges,"
                                + " precompressed, index, autoindex change live");
                assertThat(server.config()).isEqualTo(ServerConfig.from(values));
                try (RawHttp http = new RawHttp(server.port())) {
                    assertThat(summary(http.exchange("GET", "/1KB.bin"))).isEqualTo("200 SBA " + MD5_1KB);
                }
            }
            assertThat(threads("gsf-worker-g2-")).isZero();
        }
    }

    @Test
    void aDownloadInFlightLogsToTheAccessLogItStartedWith_andTheOldLogIsClosedAfterIt(@TempDir Path dir)
            throws IOException {
        Path before = dir.resolve("before.log");
        Path after = dir.resolve("after.log");
        Map<String, String> values = values("algorithm", "ENBA", "send-buffer", "16K", "access-log", before.toString());
        try (FileServer server = FileServer.start(ServerConfig.from(values));
             RawHttp held = new RawHttp(server.port())) {
            RawHttp.Response head = held.startDownload("/1MB.bin?held");
            Await.until("the download in progress", WAIT, () -> server.algorithmStats().inProgress() == 1);

            server.reconfigure(ServerConfig.from(with(values, "access-log", after.toString())));
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/1KB.bin?new").status()).isEqualTo(200);
            }
            assertThat(openDescriptors(before)).as("the old log, still in use").isEqualTo(1);
            assertThat(held.readBody(head).md5()).isEqualTo(MD5_1MB);

            Await.until("the held download's line in the old log", WAIT, () -> read(before).contains("?held"));
            Await.until("the old log closed", WAIT, () -> openDescriptors(before) == 0);
            assertThat(read(before)).doesNotContain("?new");

            // A reload that keeps the log file keeps its one writer.
            server.reconfigure(ServerConfig.from(with(values, "access-log", after.toString(), "chunk", "16K")));
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/1KB.bin?kept").status()).isEqualTo(200);
            }
            assertThat(openDescriptors(after)).isEqualTo(1);
        }
        assertThat(openDescriptors(after)).as("closed with the server").isZero();
        // The new log read after the close, which flushes it: waiting twice for its flush of every second (PlainGetTest
        // waits for one) took two seconds
        assertThat(read(after)).contains("?new", "?kept").doesNotContain("?held");
    }

    /** Key values for a server on an ephemeral loopback port serving the test files, alternating keys and values. */
    private static Map<String, String> values(String... keyValues) {
        return with(Map.of("root", FILES.toString(), "port", "0"), keyValues);
    }

    private static Map<String, String> with(Map<String, String> values, String... keyValues) {
        Map<String, String> copy = new HashMap<>(values);
        for (int i = 0; i < keyValues.length; i += 2) {
            copy.put(keyValues[i], keyValues[i + 1]);
        }
        return copy;
    }

    private static ServerConfig fileThenFlags(Path file, Map<String, String> flags) {
        Map<String, String> values = new HashMap<>(ConfigFile.read(file));
        values.putAll(flags);
        return ServerConfig.from(values);
    }

    private static AlgorithmStats.Snapshot stats(FileServer server, Algorithm algorithm) {
        AlgorithmStats.Snapshot stats = server.algorithmStatsByKind().get(algorithm);
        assertThat(stats).as("counters of " + algorithm).isNotNull();
        return stats;
    }

    /** Status, algorithm header and body MD5 of a response. */
    private static String summary(RawHttp.Response response) {
        return response.status() + " " + response.header("X-Send-Algorithm") + " " + response.md5();
    }

    private static long threads(String namePrefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(namePrefix)).count();
    }

    private static void awaitNoThreads(String namePrefix) {
        Await.until("no thread named " + namePrefix + "*", WAIT, () -> threads(namePrefix) == 0,
                () -> threads(namePrefix) + " left");
    }

    /** Descriptors of this JVM open on {@code file} (Linux /proc). */
    private static long openDescriptors(Path file) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            Path real = file.toRealPath();
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException gone) {
                    return false;
                }
            }).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
