package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Clients that stall, send garbage or vanish each get a defined answer and cost the server nothing lasting. */
class MisbehavingClientsTest {
    private static final Path FILES = TestFiles.fileSet();
    private static final Duration WAIT = Duration.ofSeconds(20);

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aClientThatStopsReadingIsDroppedAfterTheWriteTimeout(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(FILES, algorithm, "workers", "1", "write-timeout", "300ms");
             RawHttp stalled = new RawHttp(server.port())) {
            stalled.socket().setReceiveBufferSize(16 * 1024);
            stalled.send("GET", "/100MB.bin");
            assertThat(stalled.readHead().status()).isEqualTo(200);
            Await.until("the stalled download to time out", WAIT,
                    () -> server.algorithmStats().ended(Outcome.WRITE_TIMEOUT) == 1, server::algorithmStats);
            // The worker is free again: another client is served in full.
            try (RawHttp next = new RawHttp(server.port())) {
                RawHttp.Response r = next.exchange("GET", "/1MB.bin");
                assertThat(r.md5()).isEqualTo(WorkerPoolTest.md5Of("1MB.bin"));
            }
            // The stalled connection was closed by the server: draining it ends in end-of-stream, not a hang.
            byte[] sink = new byte[1 << 16];
            long drained = 0;
            try {
                for (int n; (n = stalled.readSome(sink)) > 0; ) {
                    drained += n;
                }
            } catch (java.net.SocketException reset) {
                // Linux resets rather than closes a connection whose unsent data was discarded: also a close.
            }
            assertThat(drained).isLessThan(100L << 20);
        }
    }

    @Test
    void malformedRequestsGet400_orAreClosedAtTheIdleTimeout_andTheServerKeepsServing(@TempDir Path root)
            throws IOException {
        Files.writeString(root.resolve("ok.txt"), "ok\n");
        // Grizzly answers what it can parse as a broken request at once.
        List<String> answered = List.of(
                "GET /ok.txt HTTP/9.9\r\nHost: x\r\n\r\n",
                "GET /ok.txt HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n",
                "GET /ok.txt HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                "GET /ok.txt HTTP/1.1\r\n\r\n", // HTTP/1.1 without Host
                "GET /" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        // A first line without spaces is not HTTP at all: Grizzly waits for more bytes, so the idle timeout ends it.
        List<String> silent = List.of("GARBAGE\r\n\r\n", "GET\r\n\r\n", "\u0000\u0001\u0002\r\n\r\n");
        try (FileServer server = Servers.start(root, Algorithm.SBA, "idle-timeout", "1s")) {
            for (String request : answered) {
                try (RawHttp http = new RawHttp(server.port())) {
                    http.sendRaw(request.getBytes(StandardCharsets.ISO_8859_1));
                    assertThat(http.readHead().status()).as(request).isIn(400, 505);
                }
            }
            for (String request : silent) {
                try (RawHttp http = new RawHttp(server.port())) {
                    http.socket().setSoTimeout(10_000); // ten times the idle timeout: a hang fails the test
                    http.sendRaw(request.getBytes(StandardCharsets.ISO_8859_1));
                    assertThat(http.closedByServer()).as(request).isTrue();
                }
            }
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/ok.txt").body()).isEqualTo("ok\n");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSlowDownloadOutlivesTheIdleTimeout_whichOnlyCountsBetweenRequests(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(FILES, algorithm, "idle-timeout", "1s");
             RawHttp slow = new RawHttp(server.port())) {
            slow.socket().setReceiveBufferSize(16 * 1024);
            slow.send("GET", "/20MB.bin");
            assertThat(slow.readHead().status()).isEqualTo(200);
            long deadline = System.nanoTime() + 3_000_000_000L; // three idle timeouts of trickling
            long received = 0;
            byte[] buffer = new byte[1024];
            while (System.nanoTime() < deadline) {
                received += slow.readSome(buffer);
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // about 1 MB/s at most
            }
            assertThat(received).isPositive();
            assertThat(server.algorithmStats().inProgress()).as("still downloading").isEqualTo(1);
        }
    }

    @Test
    void theAccessLogHasOneCommonLogFormatLinePerRequest_withTheBytesActuallySent(@TempDir Path dir)
            throws IOException {
        Path log = dir.resolve("access.log");
        try (FileServer server = Servers.start(FILES, Algorithm.EBA, "access-log", log.toString());
             RawHttp http = new RawHttp(server.port())) {
            http.exchange("GET", "/1KB.bin");
            http.exchange("GET", "/missing");
            http.exchange("GET", "/1MB.bin", "Range: bytes=0-99");
            Await.until("the downloads to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(3);
        String clf = "127\\.0\\.0\\.1 - - \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}] ";
        assertThat(lines.get(0)).matches(clf + "\"GET /1KB.bin HTTP/1.1\" 200 1024");
        assertThat(lines.get(1)).matches(clf + "\"GET /missing HTTP/1.1\" 404 \\d+");
        assertThat(lines.get(2)).matches(clf + "\"GET /1MB.bin HTTP/1.1\" 206 100");
    }
}
