package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Clients that vanish mid-body leave no file descriptor, no busy worker and no download behind.
 */
@Isolated("counts every descriptor of the JVM")
class AbortedDownloadsTest {
    private static final int ABORTS = 1000;
    private static final int CLIENT_THREADS = 8;
    /** Sockets the JVM may still hold briefly (selector wake-ups, the JDK's own caches): far below a leak's 1000. */
    private static final int FD_TOLERANCE = 8;

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void thousandAbortedDownloadsReturnEverythingToBaseline(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "workers", "4")) {
            try (RawHttp warmUp = new RawHttp(server.port())) {
                assertThat(warmUp.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
            }
            Await.until("the warm-up download to end", Duration.ofSeconds(10),
                    () -> server.algorithmStats().inProgress() == 0);
            long baselineFds = openFileDescriptors();

            try (ExecutorService clients = Executors.newFixedThreadPool(CLIENT_THREADS)) {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < CLIENT_THREADS; t++) {
                    done.add(clients.submit(() -> {
                        for (int i = 0; i < ABORTS / CLIENT_THREADS; i++) {
                            abortMidBody(server.port());
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(120, TimeUnit.SECONDS);
                }
            }
            Await.until("all 1000 downloads to end", Duration.ofSeconds(30), () -> {
                AlgorithmStats.Snapshot s = server.algorithmStats();
                return s.inProgress() == 0 && s.waiting() == 0 && s.admitted() == ABORTS + 1;
            }, server::algorithmStats);
            AlgorithmStats.Snapshot stats = server.algorithmStats();
            assertThat(stats.ended(Outcome.CLIENT_GONE) + stats.ended(Outcome.COMPLETED)).isEqualTo(ABORTS + 1);
            assertThat(stats.ended(Outcome.SERVER_ERROR)).isZero();
            assertThat(stats.ended(Outcome.WRITE_TIMEOUT)).isZero();
            if (LibcSendfile.UNAVAILABLE.isEmpty()) {
                // so the baseline below also covers the server's own sendfile(2) path (SendfileSession, ConnectionSocket)
                assertThat(server.sendfileCalls()).as("sendfile(2) calls of the server's own").isPositive();
            }
            Await.until("no busy worker", Duration.ofSeconds(10), () -> server.busyWorkers() == 0);
            Await.until("open file descriptors back at baseline " + baselineFds, Duration.ofSeconds(20),
                    () -> openFileDescriptors() <= baselineFds + FD_TOLERANCE, AbortedDownloadsTest::describeFds);
        }
    }

    /** Starts a 20 MB download, reads a little of the body, and resets the connection. */
    private static void abortMidBody(int port) throws IOException {
        try (RawHttp http = new RawHttp(port)) {
            if (http.startDownload("/20MB.bin").status() != 200) {
                throw new IOException("download refused");
            }
            http.readSome(new byte[1024]);
            http.socket().setSoLinger(true, 0);
        }
    }

    /** The open descriptors by kind (socket, pipe, file name), for the failure message. */
    private static String describeFds() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    return target.replaceAll("\\[\\d+\\]", "").replaceAll(".*/", "");
                } catch (IOException e) {
                    return "gone";
                }
            }).collect(java.util.stream.Collectors.groupingBy(k -> k, java.util.TreeMap::new,
                    java.util.stream.Collectors.counting())).toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static long openFileDescriptors() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
