package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** FileServer.drain with real downloads: in progress ones finish, new connections are refused, the rest is cut. */
@Execution(ExecutionMode.CONCURRENT)
class DrainTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aDownloadInProgressFinishes_whileNewConnectionsAreRefusedAndNewRequests503(Algorithm algorithm)
            throws Exception {
        try (FileServer server = Servers.start(algorithm);
             RawHttp downloading = new RawHttp(server.port());
             RawHttp idle = new RawHttp(server.port())) {
            assertThat(idle.exchange("GET", "/1KB.bin").status()).isEqualTo(200); // a kept-alive connection
            Await.until("the first download to end", WAIT, () -> server.algorithmStats().inProgress() == 0,
                    server::algorithmStats);
            assertThat(downloading.startDownload("/20MB.bin").status()).isEqualTo(200);
            CompletableFuture<FileServer.Drained> drained =
                    drainInBackground(server, Duration.ofSeconds(60), new CountDownLatch(1));
            awaitListenerClosed(server);
            RawHttp.Response refused = idle.exchange("GET", "/1KB.bin");
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.header("Connection")).isEqualTo("close");

            java.security.MessageDigest md5 = RawHttp.md5();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = downloading.readSome(buffer)) > 0; ) {
                md5.update(buffer, 0, n);
            }
            assertThat(java.util.HexFormat.of().formatHex(md5.digest())).isEqualTo(TestFiles.md5Of("20MB.bin"));
            FileServer.Drained result = drained.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(result).isEqualTo(new FileServer.Drained(1, 1, 1, 0, result.took()));
            assertThatThrownBy(() -> new RawHttp(server.port()).close()).isInstanceOf(ConnectException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aDownloadStillRunningWhenTheGraceEndsIsCut(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm);
             RawHttp stalled = startStalledDownload(server)) {
            FileServer.Drained result = server.drain(Duration.ofMillis(300), new CountDownLatch(1));
            assertThat(result).isEqualTo(new FileServer.Drained(1, 0, 0, 1, result.took()));
            assertThat(server.algorithmStats().inProgress()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aCutEndsTheDrainAtOnce_withoutWaitingForTheGrace(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm);
             RawHttp stalled = startStalledDownload(server)) {
            CountDownLatch cutNow = new CountDownLatch(1);
            CompletableFuture<FileServer.Drained> drained = drainInBackground(server, Duration.ofMinutes(10), cutNow);
            cutNow.countDown();
            // Far below the ten-minute grace: only the cut ends the drain in time.
            assertThat(drained.get(WAIT.toSeconds(), TimeUnit.SECONDS).cut()).isEqualTo(1);
        }
    }

    /** A 100 MB download whose client never reads. */
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aDrainWaitsForTheDownloadOfAReplacedGeneration_andRefusesReloads(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "send-buffer", "16K");
             RawHttp downloading = new RawHttp(server.port())) {
            RawHttp.Response head = downloading.startDownload("/20MB.bin");
            Await.until("the download to start", WAIT, () -> server.algorithmStats().inProgress() == 1,
                    server::algorithmStats);
            server.reconfigure(Servers.config(TestFiles.fileSet(), next(algorithm), "send-buffer", "16K"));
            assertThat(server.retiringGenerations()).isEqualTo(1);

            CompletableFuture<FileServer.Drained> drained =
                    drainInBackground(server, Duration.ofSeconds(60), new CountDownLatch(1));
            awaitListenerClosed(server);
            assertThatThrownBy(() -> server.reconfigure(Servers.config(TestFiles.fileSet(), algorithm)))
                    .isInstanceOf(ConfigException.class).hasMessageContaining("the server is stopping");

            RawHttp.Response body = downloading.readBody(head);
            assertThat(body.header("X-Send-Algorithm")).isEqualTo(algorithm.name());
            assertThat(body.md5()).isEqualTo(TestFiles.md5Of("20MB.bin"));
            FileServer.Drained result = drained.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(result).isEqualTo(new FileServer.Drained(1, 1, 1, 0, result.took()));
            assertThat(server.retiringGenerations()).isZero();
            assertThat(server.workerThreads()).as("every pool stopped").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aDownloadOfAReplacedGenerationStillRunningWhenTheGraceEndsIsCut(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm);
             RawHttp stalled = startStalledDownload(server)) {
            server.reconfigure(Servers.config(TestFiles.fileSet(), next(algorithm)));
            FileServer.Drained result = server.drain(Duration.ofMillis(300), new CountDownLatch(1));
            assertThat(result).isEqualTo(new FileServer.Drained(1, 0, 0, 1, result.took()));
            assertThat(server.algorithmStats().inProgress()).isZero();
            assertThat(server.retiringGenerations()).isZero();
            assertThat(server.workerThreads()).isZero();
        }
    }

    private static void awaitListenerClosed(FileServer server) {
        Await.until("the listener to close", WAIT, () -> {
            try (RawHttp ignored = new RawHttp(server.port())) {
                return false;
            } catch (IOException refused) {
                return true;
            }
        });
    }

    private static Algorithm next(Algorithm algorithm) {
        return Algorithm.values()[(algorithm.ordinal() + 1) % Algorithm.values().length];
    }

    private static RawHttp startStalledDownload(FileServer server) throws IOException {
        RawHttp stalled = new RawHttp(server.port());
        stalled.socket().setReceiveBufferSize(16 * 1024);
        stalled.send("GET", "/100MB.bin");
        Await.until("the download to start", WAIT, () -> server.algorithmStats().inProgress() == 1,
                server::algorithmStats);
        return stalled;
    }

    private static CompletableFuture<FileServer.Drained> drainInBackground(FileServer server, Duration grace,
                                                                         CountDownLatch cutNow) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return server.drain(grace, cutNow);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
