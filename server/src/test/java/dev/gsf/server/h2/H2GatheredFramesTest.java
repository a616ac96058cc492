package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.nio.file.Files;
import java.util.Map;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A client that announces no SETTINGS_MAX_FRAME_SIZE (16 KiB frames, as h2load and curl) with zero-copy on: on h2c
 * every file body is copied in gathered runs, one read for up to four frames ({@link H2Batch#addDataRun}), a body
 * shorter than {@link H2Stream.Source#SENDFILE_MIN} (a range of 300,000 bytes, a 200 KB file) as a 1 MiB body whose
 * section sendfile could carry (frames under {@link H2Batch#SENDFILE_FRAME_MIN}), in the same batches, so the server
 * makes no sendfile(2) call; over TLS every frame is sealed as before. Under every algorithm, the three streams at
 * once on one connection come byte-exact in 16 KiB frames through a 16 KiB send buffer (the socket fills mid-batch),
 * and once they have ended every direct slab the batches took is back (none leaks with a run's read or a batch's
 * write).
 */
@Execution(ExecutionMode.CONCURRENT)
class H2GatheredFramesTest {
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void sixteenKibFramesGoInGatheredRunsByteExactAndEverySlabComesBack(Algorithm algorithm, Transport transport)
            throws Exception {
        byte[] whole = Files.readAllBytes(TestFiles.fileSet().resolve("1MB.bin"));
        try (FileServer server = Servers.start(algorithm, transport.keys("workers", "4", "zero-copy", "true",
                "send-buffer", "16K"));
             H2Client client = H2AnswersTest.connect(server, transport)) {
            client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 1 << 30), false));
            client.send(new WindowUpdateFrame(0, 1 << 30));
            H2DataFramesTest.threeStreamsComeByteExact(client, whole);
            assertThat(client.largestDataFrame()).as("16 KiB frames: the client announced none longer")
                    .isEqualTo(16_384);
            if (transport == Transport.HTTP && LibcSendfile.UNAVAILABLE.isEmpty()) {
                assertThat(server.sendfileCalls()).as("sendfile(2) calls: 16 KiB frames are copied in runs").isZero();
            }
            Await.until("every frame slab back", WAIT, () -> server.http2FrameSlabsInUse() == 0,
                    server::http2FrameSlabsInUse);
        }
    }
}
