package dev.gsf.server.h2;

import static dev.gsf.server.h2.H2AnswersTest.md5;
import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * h2c DATA with zero-copy on (payloads by sendfile between their frame headers: {@link SendfileFrames}) and off
 * (payloads copied into their frames, in gathered runs: {@link H2Batch#addDataRun}), under every algorithm, on one
 * server each: three streams interleaved on one connection (a whole file, a range of it, a smaller file) come
 * byte-exact, in frames exactly as long as the client's SETTINGS_MAX_FRAME_SIZE (an odd 40,000 bytes: frames of at
 * least {@link H2Batch#SENDFILE_FRAME_MIN}, whose payloads may go by sendfile; shorter ones are copied in runs whatever
 * zero-copy says, {@link H2GatheredFramesTest}), with a 16 KiB send buffer so that the socket fills mid-batch; with
 * zero-copy on the server made sendfile(2) calls, off it made none. Then a file truncated under a running download
 * (held mid-way by the stream's window) ends that stream (RST_STREAM when the copy finds it short while the batch is
 * built; the connection closed when a frame's header is out before its sendfile payload), what came is the file's
 * start, no download is left running, and the server answers the next connection. Before the RST_STREAM went into the
 * batch being built, the batch could be empty, was not written, and the download waited on its write until the write
 * timeout; before a failed batch write terminated the connection, Grizzly's graceful close waited behind it for good.
 * Every direct frame slab is back after the failed batches.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2DataFramesTest {
    private static final int FRAME = 40_000;
    private static final int TRUNCATED_LENGTH = 8 << 20;

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0} zero-copy={1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void interleavedStreamsComeByteExactAtThePeersFrameSize_andATruncatedFileEndsItsStream(Algorithm algorithm,
            boolean zeroCopy) throws Exception {
        byte[] whole = Files.readAllBytes(TestFiles.fileSet().resolve("1MB.bin"));
        Files.write(root.resolve("1MB.bin"), whole);
        Files.copy(TestFiles.fileSet().resolve("200KB.bin"), root.resolve("200KB.bin"));
        try (FileServer server = Servers.start(root, algorithm, "workers", "4", "zero-copy",
                Boolean.toString(zeroCopy), "send-buffer", "16K")) {
            try (H2Client client = openClient(server)) {
                threeStreamsComeByteExact(client, whole);
                assertThat(client.largestDataFrame()).as("the client's SETTINGS_MAX_FRAME_SIZE").isEqualTo(FRAME);
            }
            if (LibcSendfile.UNAVAILABLE.isEmpty()) {
                assertThat(server.sendfileCalls()).as("sendfile(2) calls").matches(n -> zeroCopy == n > 0);
            }
            aTruncatedFileEndsItsStream(server);
        }
    }

    /** A whole file (1MB.bin, {@code whole}), a range of it and a smaller file, asked at once on one connection. */
    static void threeStreamsComeByteExact(H2Client client, byte[] whole) throws Exception {
        int full = client.request("GET", "/1MB.bin");
        int range = client.request("GET", "/1MB.bin", "range", "bytes=1000-300999");
        int small = client.request("GET", "/200KB.bin");
        assertThat(md5(client.response(full).body.toByteArray())).isEqualTo(TestFiles.md5Of("1MB.bin"));
        H2Response part = client.response(range);
        assertThat(part.status).isEqualTo(206);
        assertThat(part.body.toByteArray()).isEqualTo(Arrays.copyOfRange(whole, 1000, 301_000));
        assertThat(md5(client.response(small).body.toByteArray())).isEqualTo(TestFiles.md5Of("200KB.bin"));
    }

    private void aTruncatedFileEndsItsStream(FileServer server) throws Exception {
        byte[] content = new byte[TRUNCATED_LENGTH];
        new Random(36).nextBytes(content);
        Path file = root.resolve("t.bin");
        Files.write(file, content);
        try (H2Client client = H2Client.connect(server.port())) {
            // The stream's window stays at its first 65,535 bytes until the file is truncated: the download waits
            // mid-way, its answer's head out (a download failing before that is answered 500 instead).
            client.giveWindowBack(false);
            client.send(new SettingsFrame(Map.of(SettingsFrame.MAX_FRAME_SIZE, FRAME), false));
            client.send(new WindowUpdateFrame(0, 1 << 30));
            int id = client.request("GET", "/t.bin");
            Await.until("the stream's first window", WAIT, () -> client.bodyBytes(id) == 65_535,
                    () -> client.bodyBytes(id));
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(1 << 20);
            }
            client.send(new WindowUpdateFrame(id, 1 << 30));
            byte[] got;
            try {
                H2Response r = client.response(id);
                got = r.body.toByteArray();
                assertThat(r.reset).as("the stream ends by RST_STREAM, not END_STREAM: status %d, %d bytes",
                        r.status, got.length).isPositive();
            } catch (IllegalStateException closed) { // the connection closed before the stream ended
                client.awaitClosed();
                got = null;
            }
            if (got != null) {
                assertThat(got.length).isLessThan(TRUNCATED_LENGTH);
                assertThat(got).isEqualTo(Arrays.copyOf(content, got.length));
            }
        }
        Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                server::downloadsInProgress);
        Await.until("every frame slab back after the failed batch", WAIT, () -> server.http2FrameSlabsInUse() == 0,
                server::http2FrameSlabsInUse);
        try (H2Client next = openClient(server)) {
            assertThat(md5(next.get("/200KB.bin").body.toByteArray())).isEqualTo(TestFiles.md5Of("200KB.bin"));
        }
    }

    /** A client allowing {@link #FRAME}-byte frames and opening its windows wide, as h2load does. */
    private static H2Client openClient(FileServer server) throws Exception {
        H2Client client = H2Client.connect(server.port());
        client.send(new SettingsFrame(Map.of(SettingsFrame.MAX_FRAME_SIZE, FRAME,
                SettingsFrame.INITIAL_WINDOW_SIZE, 1 << 30), false));
        client.send(new WindowUpdateFrame(0, 1 << 30));
        return client;
    }
}
