package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile HTTP/2 peers: streams past the limit, rapid reset (CVE-2023-44487), PING floods, CONTINUATION floods,
 * window overflow, frames on idle streams, streams reset mid-download and clients that stop reading. Each is refused
 * with the right code and leaves nothing behind: after every test no download is in progress and no connection open,
 * and the server answers the next client. One ENBA server for the class (the limits are the connection's, not the
 * algorithm's; the algorithms' side of a reset is the sink's failed write, which H2AnswersTest runs under each).
 */
class H2LimitsTest {
    private static FileServer server;

    @BeforeAll
    static void start() throws Exception {
        server = Servers.start(Algorithm.ENBA, "workers", "4");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void nothingLeftBehind() throws Exception {
        Await.until("no download in progress", WAIT, () -> server.downloadsInProgress().isEmpty(),
                server::downloadsInProgress);
        Await.until("no connection open", WAIT, () -> server.connectionsOpen() == 0, server::connectionsOpen);
        try (H2Client next = H2Client.connect(server.port())) {
            assertThat(next.get("/1KB.bin").status).isEqualTo(200);
        }
    }

    @Test
    void streamsPastTheLimitAreRefused_andTheirDownloadsEndWithTheConnection() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.giveWindowBack(false); // every stream stalls on its window: all stay open
            int last = 0;
            for (int i = 0; i <= H2Connection.MAX_STREAMS; i++) {
                last = client.request("GET", "/200KB.bin");
            }
            assertThat(client.response(last).reset).isEqualTo(ErrorCode.REFUSED_STREAM_ERROR.code);
            Await.until("the open streams' downloads running", WAIT,
                    () -> server.downloadsInProgress().size() == H2Connection.MAX_STREAMS,
                    () -> server.downloadsInProgress().size());
        }
    }

    @Test
    void aStreamResetMidDownloadEndsItsDownload_andTheConnectionGoesOn() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.giveWindowBack(false);
            int stalled = client.request("GET", "/20MB.bin");
            Await.until("the download started", WAIT, () -> server.downloadsInProgress().size() == 1,
                    server::downloadsInProgress);
            client.send(new ResetFrame(stalled, ErrorCode.CANCEL_STREAM_ERROR.code));
            Await.until("the download ended", WAIT, () -> server.downloadsInProgress().isEmpty(),
                    server::downloadsInProgress);
            client.send(new WindowUpdateFrame(0, 1 << 20)); // what the stalled stream took of the connection's
            client.giveWindowBack(true);
            assertThat(client.get("/1KB.bin").status).isEqualTo(200);
        }
    }

    @Test
    void aStreamWhoseClientTakesNoByteIsResetByTheWriteTimeout() throws Exception {
        try (FileServer strict = Servers.start(Algorithm.ENBA, "workers", "2", "write-timeout", "300ms");
             H2Client client = H2Client.connect(strict.port())) {
            client.giveWindowBack(false);
            int stalled = client.request("GET", "/200KB.bin");
            assertThat(client.response(stalled).reset).isEqualTo(ErrorCode.INTERNAL_ERROR.code);
            Await.until("the download ended", WAIT, () -> strict.downloadsInProgress().isEmpty(),
                    strict::downloadsInProgress);
            client.send(new WindowUpdateFrame(0, 1 << 20));
            client.giveWindowBack(true);
            assertThat(client.get("/1KB.bin").status).isEqualTo(200); // the connection goes on
        }
    }

    @Test
    void rapidResetGetsGoAwayEnhanceYourCalm() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            flood(H2Connection.MAX_RESETS_PER_SECOND + 50, i -> {
                int id = client.request("GET", "/1KB.bin");
                client.send(new ResetFrame(id, ErrorCode.CANCEL_STREAM_ERROR.code));
            });
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.ENHANCE_YOUR_CALM_ERROR.code);
            client.awaitClosed();
        }
    }

    @Test
    void aPingFloodGetsGoAwayEnhanceYourCalm() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            flood(5000, i -> client.send(new PingFrame(i, false)));
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.ENHANCE_YOUR_CALM_ERROR.code);
            client.awaitClosed();
        }
    }

    @Test
    void aContinuationFloodIsCutOff() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.sendRaw(frame(1, 0, 1, new byte[] {(byte) 0x82})); // HEADERS :method GET, no END_HEADERS
            byte[] junk = new byte[16_000];
            java.util.Arrays.fill(junk, (byte) 0x40);
            flood(10, i -> client.sendRaw(frame(9, 0, 1, junk))); // CONTINUATION, never ending
            assertThat(client.await(GoAwayFrame.class).getError()).isNotEqualTo(ErrorCode.NO_ERROR.code);
            client.awaitClosed();
        }
    }

    @Test
    void aWindowPast2To31IsAFlowControlError() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE));
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.FLOW_CONTROL_ERROR.code);
            client.awaitClosed();
        }
    }

    @Test
    void dataOnAnIdleStreamIsAProtocolError() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.send(new DataFrame(99, ByteBuffer.wrap(new byte[10]), true));
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.PROTOCOL_ERROR.code);
            client.awaitClosed();
        }
    }

    /** Jetty's parser refuses it as INTERNAL_ERROR, a server's failure; RFC 9113 §8.4: PROTOCOL_ERROR. */
    @Test
    void aPushPromiseFromAClientIsAProtocolError() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.sendRaw(frame(5, 0x68, 0x656c6c6f, new byte[10])); // as H2FrameFuzzTest sent it
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.PROTOCOL_ERROR.code);
            client.awaitClosed();
        }
    }

    /** HEADERS never wait on DATA's flow control: an answer's HEADERS go out while the connection's window is 0. */
    @Test
    void anAnswersHeadersGoOutWhileTheConnectionsWindowIsZero() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.giveWindowBack(false);
            client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 1 << 20), false));
            int first = client.request("GET", "/200KB.bin"); // its own window stays open: it waits in line for DATA
            Await.until("the connection's window taken", WAIT, () -> client.bodyBytes(first) == 65_535,
                    () -> client.bodyBytes(first));
            int second = client.request("GET", "/1KB.bin"); // their DATA waits for the connection's window, not HEADERS
            int third = client.request("GET", "/1KB.bin");
            Await.until("the answers' HEADERS", WAIT, () -> client.status(second) == 200 && client.status(third) == 200,
                    () -> client.status(second) + ", " + client.status(third));
            assertThat(client.bodyBytes(second) + client.bodyBytes(third)).isZero();
        }
    }

    /**
     * Nothing follows a connection error's GOAWAY, not even the answer to a PING read after it: a frame queued then
     * went in a batch of its own, written after the lingering close had shut the socket for sending; that write failed,
     * the failure closed the connection at once with the client's last bytes unread, and the kernel's reset dropped the
     * GOAWAY still in the send buffer (H2FrameFuzzTest's finding, docs/fuzzing.md).
     */
    @Test
    void nothingFollowsAConnectionErrorsGoAway_notEvenAPingsAnswer() throws Exception {
        try (H2Client client = H2Client.connect(server.port())) {
            client.sendRaw(ByteBuffer.allocate(19 + 17).put(frame(0, 1, 99, new byte[10])) // DATA on an idle stream
                    .put(frame(6, 0, 0, new byte[8])).array()); // and a PING, in one write: read after the error
            assertThat(client.await(GoAwayFrame.class).getError()).isEqualTo(ErrorCode.PROTOCOL_ERROR.code);
            client.awaitClosed();
            assertThatThrownBy(() -> client.await(PingFrame.class)).hasMessageContaining("no PingFrame");
            assertThat(client.endedByReset()).isFalse();
        }
    }

    /** A frame as RFC 9113 §4.1 lays it out, for frames no library writes. */
    /** One frame (or request) of a flood, the {@code i}-th. */
    private interface FloodFrame {
        void send(int i) throws IOException;
    }

    /** Sends {@code frames} frames, or fewer: the server may close the connection before all are sent, as it should. */
    private static void flood(int frames, FloodFrame frame) throws IOException {
        try {
            for (int i = 0; i < frames; i++) {
                frame.send(i);
            }
        } catch (java.net.SocketException e) {
            // closed before the flood was all sent
        }
    }

    private static byte[] frame(int type, int flags, int stream, byte[] payload) {
        return ByteBuffer.allocate(9 + payload.length).put((byte) (payload.length >>> 16))
                .put((byte) (payload.length >>> 8)).put((byte) payload.length).put((byte) type).put((byte) flags)
                .putInt(stream).put(payload).array();
    }
}
