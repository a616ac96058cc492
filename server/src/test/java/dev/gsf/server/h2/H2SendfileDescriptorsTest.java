package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Descriptors;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The streams of one h2c connection whose DATA payloads go by sendfile take no descriptor of their own: sendfile(2)
 * goes to the connection's socket by its own number ({@code send.ConnectionSocket}), where each stream's download
 * once held a dup of it (1,000 connections x 10 streams peaked at 6,021 descriptors). Counted at the server's end of
 * the connection ({@link Descriptors#ofConnection}): exactly 1 while every stream is mid-download, each having sent
 * by sendfile. And a connection closed while a batch is stuck mid-payload in a full socket leaks nothing: every
 * download ends, no descriptor leads to it, and the next connection, which may take its number, gets its own bytes.
 * Every algorithm; h2c only (over TLS the payloads are encrypted copies, never sendfile). The client allows
 * {@link #FRAME}-byte frames: shorter ones (h2load's and curl's 16 KiB) are copied in runs, not sent by sendfile.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2SendfileDescriptorsTest {
    /** Fewer than the workers: SBA and EBA pin one per download waiting on its window. */
    private static final int STREAMS = 6;
    /** A stream's window, never given back: each stream sends this much by sendfile, then waits mid-download. */
    private static final int WINDOW = 65_535;
    /** The client's SETTINGS_MAX_FRAME_SIZE: {@link H2Batch#SENDFILE_FRAME_MIN}, the shortest frame sent by sendfile. */
    private static final int FRAME = H2Batch.SENDFILE_FRAME_MIN;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Algorithm.class)
    void streamsMidSendfileTakeNoDescriptorAndAClosedConnectionLeavesNone(Algorithm algorithm) throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (FileServer server = Servers.start(algorithm, "workers", "8", "zero-copy", "true", "send-buffer", "16K")) {
            streamsStoppedByTheirWindows(server);
            closedWithABatchStuckMidPayload(server);
            H2Response next;
            try (H2Client client = H2Client.connect(server.port())) {
                next = client.get("/1MB.bin");
            }
            assertThat(next.status).isEqualTo(200);
            assertThat(H2AnswersTest.md5(next.body.toByteArray())).as("the next connection's own bytes")
                    .isEqualTo(TestFiles.md5Of("1MB.bin"));
            // The tracker forgets a download before its outcome is counted: wait until every one of the two
            // connections' streams and the next download is counted, so that a late SERVER_ERROR is seen.
            Await.until("every download's outcome counted", WAIT,
                    () -> server.algorithmStats().endedTotal() == 2L * STREAMS + 1,
                    () -> server.algorithmStats().ended());
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
        }
    }

    /** Every stream has sent its window by sendfile and waits for more: the connection's one descriptor, no dup. */
    private static void streamsStoppedByTheirWindows(FileServer server) throws Exception {
        long callsBefore = server.sendfileCalls();
        try (H2Client client = H2Client.connect(server.port())) {
            client.giveWindowBack(false);
            client.send(new SettingsFrame(Map.of(SettingsFrame.MAX_FRAME_SIZE, FRAME), false));
            client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE - WINDOW)); // only the streams' windows stop them
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < STREAMS; i++) {
                ids.add(client.request("GET", "/1MB.bin"));
            }
            Await.until("every stream's window sent", WAIT,
                    () -> ids.stream().allMatch(id -> client.bodyBytes(id) == WINDOW),
                    () -> ids.stream().map(client::bodyBytes).toList());
            assertThat(server.sendfileCalls() - callsBefore).as("payloads by sendfile(2)").isGreaterThanOrEqualTo(
                    STREAMS);
            assertThat(server.downloadsInProgress()).hasSize(STREAMS);
            assertThat(Descriptors.ofConnection(server.port(), client.localPort()))
                    .as("descriptors of the connection's socket with %d streams mid-download by sendfile", STREAMS)
                    .isEqualTo(1);
        }
        Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                server::downloadsInProgress);
    }

    /**
     * The client stops reading with wide windows: a batch waits mid-payload on the full socket; then it closes (a
     * reset: it leaves bytes unread).
     */
    private static void closedWithABatchStuckMidPayload(FileServer server) throws Exception {
        int port;
        try (H2Client client = H2Client.connect(server.port())) {
            port = client.localPort();
            client.pauseReading(true);
            client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 16 << 20,
                    SettingsFrame.MAX_FRAME_SIZE, FRAME), false));
            client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE - WINDOW));
            long callsBefore = server.sendfileCalls();
            for (int i = 0; i < STREAMS; i++) {
                client.request("GET", "/20MB.bin");
            }
            Await.until("every download under way, sendfile(2) called", WAIT,
                    () -> server.downloadsInProgress().size() == STREAMS && server.sendfileCalls() > callsBefore,
                    server::downloadsInProgress);
            assertThat(Descriptors.ofConnection(server.port(), port)).as("the stalled connection's descriptors")
                    .isEqualTo(1);
        }
        Await.until("every download of the closed connection ended", WAIT,
                () -> server.downloadsInProgress().isEmpty(), server::downloadsInProgress);
        Await.until("no descriptor of the closed connection", WAIT,
                () -> Descriptors.ofConnection(server.port(), port) == 0);
    }
}
