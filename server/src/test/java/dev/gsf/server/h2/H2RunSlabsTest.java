package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.util.Map;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The direct slabs a batch holds while it waits in a full socket come back when the connection ends under it: the
 * client goes (closes with bytes unread), and the server stops. With 16 KiB frames (the client announces no
 * SETTINGS_MAX_FRAME_SIZE) and zero-copy on, a 1 MiB body's bytes on h2c are read into slabs in runs
 * ({@link H2Batch#addDataRun}, frames under {@link H2Batch#SENDFILE_FRAME_MIN}): no sendfile(2) call; over TLS the
 * sealed frames are built in slabs too. Under every algorithm; a reset stream's slabs: {@link H2ResetTest}.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2RunSlabsTest {
    private static final int STREAMS = 4;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void slabsOfABatchStuckInTheSocketComeBackWhenTheClientGoesAndWhenTheServerStops(Algorithm algorithm,
            Transport transport) throws Exception {
        FileServer server = Servers.start(algorithm, transport.keys("workers", "8", "zero-copy", "true",
                "send-buffer", "16K"));
        try {
            stuck(server, transport).close();
            Await.until("every slab back after the client went", WAIT, () -> server.http2FrameSlabsInUse() == 0,
                    server::http2FrameSlabsInUse);
            Await.until("every download of the closed connection ended", WAIT,
                    () -> server.downloadsInProgress().isEmpty(), server::downloadsInProgress);
            if (transport == Transport.HTTP && LibcSendfile.UNAVAILABLE.isEmpty()) {
                assertThat(server.sendfileCalls()).as("sendfile(2) calls: 16 KiB frames are copied in runs").isZero();
            }
            try (H2Client left = stuck(server, transport)) {
                server.close();
                Await.until("every slab back after the server stopped", WAIT,
                        () -> server.http2FrameSlabsInUse() == 0, server::http2FrameSlabsInUse);
            }
        } finally {
            server.close();
        }
    }

    /** A connection whose client reads nothing, with wide windows and 1 MiB streams: a batch holds slabs in the socket. */
    private static H2Client stuck(FileServer server, Transport transport) throws IOException {
        H2Client client = H2AnswersTest.connect(server, transport);
        client.pauseReading(true);
        client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 16 << 20), false));
        client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE - 65_535)); // only the socket stops them
        for (int i = 0; i < STREAMS; i++) {
            client.request("GET", "/1MB.bin");
        }
        Await.until("a batch holding slabs, every download under way", WAIT,
                () -> server.http2FrameSlabsInUse() > 0 && server.downloadsInProgress().size() == STREAMS,
                server::http2FrameSlabsInUse);
        return client;
    }
}
