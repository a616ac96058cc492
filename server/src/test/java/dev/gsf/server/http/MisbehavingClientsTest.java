package dev.gsf.server.http;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Clients that stall, send garbage or vanish each get a defined answer and cost the server nothing lasting. */
@Execution(ExecutionMode.CONCURRENT)
class MisbehavingClientsTest {
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aClientThatStopsReadingIsDroppedAfterTheWriteTimeout(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(algorithm, "workers", "1", "write-timeout", "300ms");
             RawHttp stalled = new RawHttp(server.port())) {
            assertThat(stalled.startDownload("/100MB.bin").status()).isEqualTo(200);
            Await.until("the stalled download to time out", WAIT,
                    () -> server.algorithmStats().ended(Outcome.WRITE_TIMEOUT) == 1, server::algorithmStats);
            // The worker is free again: another client is served in full.
            try (RawHttp next = new RawHttp(server.port())) {
                RawHttp.Response r = next.exchange("GET", "/1MB.bin");
                assertThat(r.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
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

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSlowReaderThatKeepsReadingIsNotDropped_thoughOneChunkTakesItLongerThanTheWriteTimeout(Algorithm algorithm)
            throws Exception {
        // 256K chunks through a 16K send buffer to a 16K receive buffer, read at 80 KB/s: a chunk takes the client
        // about three seconds, three write timeouts, but no write stands still for one (nginx's send_timeout). (The
        // kernel lets a writer go on in steps of several kilobytes, a few hundred milliseconds apart at this pace.)
        try (FileServer server = Servers.start(algorithm, "write-timeout", "1s", "send-buffer", "16K",
                "chunk", "256K", "zero-copy", "false");
             RawHttp slow = new RawHttp(server.port())) {
            assertThat(slow.startDownload("/1MB.bin").status()).isEqualTo(200);
            byte[] some = new byte[8192];
            long read = 0;
            // until more than a chunk is read (at this pace over 3 s): on a busy machine that takes longer, not less
            long end = System.nanoTime() + WAIT.toNanos();
            while (read <= 256 * 1024 && System.nanoTime() < end) {
                for (int tick = 0; tick < some.length; ) { // 8 KB a tick
                    int n = slow.readSome(java.util.Arrays.copyOf(some, some.length - tick));
                    assertThat(n).as("still sent").isPositive();
                    tick += n;
                }
                read += some.length;
                Thread.sleep(100); // the pace of a slow reader
            }
            assertThat(read).as("more than a chunk read").isGreaterThan(256 * 1024);
            assertThat(server.algorithmStats().ended(Outcome.WRITE_TIMEOUT)).isZero();
            assertThat(server.algorithmStats().inProgress()).as("still downloading").isOne();
        }
    }

    @Test
    void malformedRequestsGetTheirStatusAtOnce_andTheServerKeepsServing(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("ok.txt"), "ok\n");
        // Each is answered at once by the strict head check, and its connection closed.
        Map<String, Integer> answered = new LinkedHashMap<>();
        answered.put("GET /ok.txt HTTP/9.9\r\nHost: x\r\n\r\n", 505);
        answered.put("GET /ok.txt HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n", 400);
        answered.put("GET /ok.txt HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400);
        answered.put("GET /ok.txt HTTP/1.1\r\n\r\n", 400); // HTTP/1.1 without Host
        answered.put("GET /" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414);
        answered.put("GET /ok.txt HTTP/1.1\r\nHost: x\r\nX: " + "a".repeat(20_000) + "\r\n\r\n", 431);
        // Not HTTP at all: answered 400 at once rather than left to the idle timeout (nginx does the same).
        answered.put("GARBAGE\r\n\r\n", 400);
        answered.put("GET\r\n\r\n", 400);
        answered.put("\u0000\u0001\u0002\r\n\r\n", 400);
        try (FileServer server = Servers.start(root, Algorithm.SBA, "idle-timeout", "60m")) {
            answered.forEach((request, status) -> {
                try (RawHttp http = new RawHttp(server.port())) {
                    http.sendRaw(request.getBytes(StandardCharsets.ISO_8859_1));
                    RawHttp.Response r = http.read(false);
                    assertThat(r.status()).as(request.substring(0, Math.min(60, request.length()))).isEqualTo(status);
                    assertThat(r.header("Connection")).isEqualTo("close");
                    assertThat(http.closedByServer()).isTrue();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/ok.txt").body()).isEqualTo("ok\n");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSlowDownloadOutlivesTheIdleTimeout_whichOnlyCountsBetweenRequests(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(algorithm, "idle-timeout", "1s");
             RawHttp slow = new RawHttp(server.port())) {
            assertThat(slow.startDownload("/20MB.bin").status()).isEqualTo(200);
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
    void theAccessLogHasOneCombinedLogFormatLinePerRequest_withTheBytesActuallySent(@TempDir Path dir)
            throws IOException {
        Path log = dir.resolve("access.log");
        try (FileServer server = Servers.start(Algorithm.EBA, "access-log", log.toString());
             RawHttp http = new RawHttp(server.port())) {
            http.exchange("GET", "/1KB.bin");
            http.exchange("GET", "/missing", "Referer: http://r/", "User-Agent: curl/8");
            http.exchange("GET", "/1MB.bin", "Range: bytes=0-99");
            Await.until("the downloads to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(3);
        String clf = "127\\.0\\.0\\.1 - - \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}] ";
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf + "\"GET /1KB.bin HTTP/1.1\" 200 1024 \"-\" \"-\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf + "\"GET /missing HTTP/1.1\" 404 \\d+ \"http://r/\" \"curl/8\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf + "\"GET /1MB.bin HTTP/1.1\" 206 100 \"-\" \"-\""));
    }

    @Test
    void hostileRequestLinesAndHeadersAreEscapedAsNginxDoes_oneRequestOneLine(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("access.log");
        List<String> requests = List.of(
                "\r\nGET /1KB.bin HTTP/1.1\r\nHost: x\r\n\r\n", // leading CRLF: ignored, not logged
                "GET /1KB.bin HTTP/1.1\r\nHost: x\r\nUser-Agent: a\"b\\c\u00ff\r\n\r\n", // obs-text: '?'
                "GET /\u00ff\u0080 HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /1KB.bin HTTP/1.1\r\nHost: x\r\nReferer: \" 200 1 \"fake\r\n\r\n",
                "GET /a\"b\\c HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /\u001b[2J HTTP/1.1\r\nHost: x\r\n\r\n", // control byte in the target: 400
                "GET /1KB.bin HTTP/1.1\r\nHost: x\r\nUser-Agent: a\rb\r\n\r\n", // bare CR: 400
                "\u0016\u0003\u0001\u0000\u00a5\r\nGET / HTTP/1.1"); // TLS bytes, then a CRLF
        try (FileServer server = Servers.start(Algorithm.SBA, "access-log", log.toString())) {
            for (String request : requests) {
                try (RawHttp http = new RawHttp(server.port())) {
                    http.sendRaw(request.getBytes(StandardCharsets.ISO_8859_1));
                    http.read(false);
                }
            }
            Await.until("the downloads to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
        }
        // A download's line is written when it ends, which may come after the next request's: order is not asserted
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(requests.size());
        String combined = "127\\.0\\.0\\.1 - - \\[[^\\]]+] \"([^\"\\\\]|\\\\x[0-9A-F]{2})*\" \\d{3} (\\d+|-)"
                + " \"([^\"\\\\]|\\\\x[0-9A-F]{2})*\" \"([^\"\\\\]|\\\\x[0-9A-F]{2})*\"";
        assertThat(lines).allSatisfy(line -> assertThat(line).matches(combined).doesNotContain("\r"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"GET /1KB.bin HTTP/1.1\" 200 1024"));
        assertThat(lines).anySatisfy(line -> assertThat(line).endsWith("\"a\\x22b\\x5Cc?\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"GET /\\xFF\\x80 HTTP/1.1\" 400")); // raw non-ASCII
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"\\x22 200 1 \\x22fake\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"GET /a\\x22b\\x5Cc HTTP/1.1\" 400")); // a backslash in a path
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"GET /\\x1B[2J HTTP/1.1\" 400"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"GET /1KB.bin HTTP/1.1\" 400"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("\"\\x16\\x03\\x01\\x00\\xA5\" 400"));
    }
}
