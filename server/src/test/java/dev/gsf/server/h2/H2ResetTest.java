package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Descriptors;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import dev.gsf.server.testing.Variants;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RST_STREAM from the client ends that stream and nothing else (RFC 9113 §5.4.2, §6.4), under every algorithm, on h2c
 * and h2 over TLS, for a body whose payloads go by sendfile on h2c (1 MB in 32 KiB frames, {@link
 * H2Batch#SENDFILE_FRAME_MIN}) and one copied into its frames in runs (500 KB in 16 KiB frames):
 * with the client not reading, one stream is reset while the batch stuck in the socket holds frames of it (mid-batch)
 * and another while its write only waits in line (queued). The queued one's download ends at once, the client still
 * not reading; once it reads again the other stream and a new one on the same connection arrive whole (MD5), and
 * every download, worker and file ends exactly once. A stream reset while its download waits on its window releases
 * the download (SBA's worker) at once. The bug this guards against: on h2c a reset stream's payloads were still in
 * the batch in flight when its download ended and closed its file, so the batch's next sendfile failed and the
 * connection was closed with every other stream on it. Once all have ended every direct frame slab is back.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2ResetTest {
    static Stream<Arguments> algorithmsOverH2cAndTls() {
        return Variants.everyAlgorithmOver(Transport.HTTP, Transport.HTTPS);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("algorithmsOverH2cAndTls")
    void aResetEndsItsStreamOnly(Algorithm algorithm, Transport transport) throws Exception {
        try (FileServer server = Servers.start(algorithm,
                transport.keys("workers", "8", "zero-copy", "true", "send-buffer", "16K"))) {
            int openFiles;
            try (H2Client client = H2AnswersTest.connect(server, transport)) {
                assertThat(client.get("/500KB.bin").status).isEqualTo(200); // the open-file cache's share, once
                assertThat(client.get("/1MB.bin").status).isEqualTo(200);
                openFiles = server.openFiles();
            }
            resetMidBatchAndQueued(server, transport, "1MB.bin");
            resetMidBatchAndQueued(server, transport, "500KB.bin");
            resetWaitingOnItsWindow(server, transport);
            Await.until("no download, no busy worker", WAIT,
                    () -> server.downloadsInProgress().isEmpty() && server.busyWorkers() == 0,
                    server::downloadsInProgress);
            Await.until("only the open-file cache's files open", WAIT, () -> server.openFiles() <= openFiles,
                    server::openFiles);
            // The tracker forgets a download before its outcome is counted: wait for all 11 to be counted.
            Await.until("every download's outcome counted", WAIT, () -> server.algorithmStats().endedTotal() == 11,
                    () -> server.algorithmStats().ended());
            var stats = server.algorithmStats();
            assertThat(stats.ended(Outcome.SERVER_ERROR)).isZero();
            assertThat(stats.ended(Outcome.COMPLETED)).as("2 warm-ups, 2 x (the other, the next)").isEqualTo(6);
            assertThat(stats.ended(Outcome.CLIENT_GONE)).as("5 resets, each download ended once").isEqualTo(5);
            Await.until("every frame slab back", WAIT, () -> server.http2FrameSlabsInUse() == 0,
                    server::http2FrameSlabsInUse);
        }
    }

    /**
     * On a new connection whose client reads nothing, streams a and b of {@code file}: a batch stuck in the socket
     * holds frames of both; then stream c, whose write can only wait in line. c is reset (queued), then a
     * (mid-batch), then the client reads again.
     */
    private static void resetMidBatchAndQueued(FileServer server, Transport transport, String file)
            throws Exception {
        try (H2Client client = H2AnswersTest.connect(server, transport)) { // its receive buffer not grown by reads
            client.pauseReading(true);
            int frame = file.equals("1MB.bin") ? H2Batch.SENDFILE_FRAME_MIN : 16_384; // by sendfile, or in runs
            client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 16 << 20,
                    SettingsFrame.MAX_FRAME_SIZE, frame), false));
            client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE - 65_535)); // only the socket stops them
            resetMidBatchAndQueued(server, client, transport, file);
            if (transport == Transport.HTTP) {
                assertThat(Descriptors.ofConnection(server.port(), client.localPort())).isEqualTo(1);
            }
        }
    }

    private static void resetMidBatchAndQueued(FileServer server, H2Client client, Transport transport,
                                               String file) throws Exception {
        long sendfileCalls = server.sendfileCalls();
        int a = client.request("GET", "/" + file);
        int b = client.request("GET", "/" + file);
        Await.until("a and b under way" + (transport == Transport.HTTP ? ", by sendfile for 1MB" : ""), WAIT,
                () -> server.downloadsInProgress().size() == 2 && (transport != Transport.HTTP
                        || !file.equals("1MB.bin") || server.sendfileCalls() > sendfileCalls + 2),
                server::downloadsInProgress);
        // c only once the kernel takes nothing more: a write it could still take (c's first, sent with its head) made
        // c's next frames part of the batch stuck in the socket, which only the client's reading ends (seen on a
        // loaded machine: c's reset did not end its download while the client did not read, 12 KB of it sent)
        int port = transport == Transport.HTTP ? server.port() : server.tlsPort().orElseThrow();
        Await.until("the connection's socket full, the client's window closed", WAIT,
                () -> Descriptors.unsentBytes(port, client.localPort()) > 0,
                () -> Descriptors.unsentBytes(port, client.localPort()));
        int c = client.request("GET", "/" + file);
        Await.until("c under way", WAIT, () -> server.downloadsInProgress().size() == 3,
                server::downloadsInProgress);
        client.send(new ResetFrame(c, ErrorCode.CANCEL_STREAM_ERROR.code));
        Await.until("c's download ended by its reset, the client still not reading", WAIT,
                () -> server.downloadsInProgress().size() == 2, server::downloadsInProgress);
        client.send(new ResetFrame(a, ErrorCode.CANCEL_STREAM_ERROR.code));
        client.pauseReading(false);
        H2Response other = client.response(b);
        assertThat(other.status).isEqualTo(200);
        assertThat(other.reset).isEqualTo(-1);
        assertThat(H2AnswersTest.md5(other.body.toByteArray())).as("b, beside a reset a").isEqualTo(
                TestFiles.md5Of(file));
        H2Response next = client.get("/" + file);
        assertThat(H2AnswersTest.md5(next.body.toByteArray())).as("the next stream on the connection")
                .isEqualTo(TestFiles.md5Of(file));
        assertThat(client.bodyBytes(a)).as("a's bytes, up to its reset").isLessThan(next.body.size());
        Await.until("a's download ended", WAIT, () -> server.downloadsInProgress().isEmpty(),
                server::downloadsInProgress);
        assertThat(client.endedByReset()).isFalse();
    }

    /** A stream whose download waits on its window (none given back) is reset: the download ends at once. */
    private static void resetWaitingOnItsWindow(FileServer server, Transport transport) throws Exception {
        try (H2Client client = H2AnswersTest.connect(server, transport)) {
            client.giveWindowBack(false);
            int stream = client.request("GET", "/1MB.bin");
            Await.until("its window sent", WAIT, () -> client.bodyBytes(stream) == 65_535);
            client.send(new ResetFrame(stream, ErrorCode.CANCEL_STREAM_ERROR.code));
            Await.until("the download waiting on its window ended by the reset", WAIT,
                    () -> server.downloadsInProgress().isEmpty() && server.busyWorkers() == 0,
                    server::downloadsInProgress);
        }
    }
}
