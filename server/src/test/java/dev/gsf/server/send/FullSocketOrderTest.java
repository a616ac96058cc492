package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Over HTTP/1.1 no file chunk is lost behind a buffer in Grizzly's write queue. Grizzly 5.0.2 loses a file chunk queued
 * right behind a buffer that is then written in part (TCPNIOAsyncQueueWriter.aggregate parks the chunk as the queue's
 * current element and the partial write puts the buffer back there, over it); h2c hit it when it sent DATA payloads by
 * sendfile (docs/http2.md, "Zero-copy on h2c"). Here heads (buffers) are followed by sendfile sections, and multipart
 * boundaries lie between sendfile sections, on a socket kept full: a 4K receive buffer, pipelined requests the client
 * does not read until the server is stuck writing the first. Every byte and MD5 is checked; a lost chunk shows as wrong
 * bytes or a read that times out. It holds because a download queues its next write only when the previous one (the
 * head included) is all written ({@code Download.submit}), boundaries are sections too (never buffers), and a suspended
 * request reads no next request until its download ends.
 *
 * <p>The 4K send buffer: the kernel wakes a writer only once much of the buffer is free, so with 16K a
 * head (at most 12K gathered) always went out whole. At 4K a head goes in parts: with the sinks changed to tell the
 * head done once queued (so the first section queued behind it) all five algorithms stalled here on a lost chunk.
 */
@Execution(ExecutionMode.CONCURRENT)
class FullSocketOrderTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String FILE = "20MB.bin";
    private static final long FILE_SIZE = 20L << 20;
    /** Four ranges of 256 KiB, each sent by sendfile (past zero-copy-min), boundaries in memory between them. */
    private static final long[][] RANGES = {{0, 262_143}, {1 << 20, (1 << 20) + 262_143},
            {5 << 20, (5 << 20) + 262_143}, {FILE_SIZE - 262_144, FILE_SIZE - 1}};
    /** Pipelined after the ranges: answers of one buffer (the fast path) between answers of head and sections. */
    private static final String[] WHOLE_FILES = {"1MB.bin", "1KB.bin", "1MB.bin", "1KB.bin", "500KB.bin"};

    @ParameterizedTest(name = "{0}")
    @EnumSource(Algorithm.class)
    @Timeout(30)
    void pipelinedAnswersAndByterangesOnAFullSocketLoseNoByte(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "workers", "4", "zero-copy", "true", "send-buffer", "4K");
             RawHttp http = RawHttp.withReceiveBuffer(server.port(), 4096)) {
            http.socket().setSoTimeout((int) WAIT.toMillis());
            StringBuilder requests = new StringBuilder(request(FILE, "Range: bytes=" + rangeSpec()));
            for (String name : WHOLE_FILES) {
                requests.append(request(name, null));
            }
            http.sendRaw(requests.toString().getBytes(StandardCharsets.ISO_8859_1));
            Await.until("the server writing onto the full socket", WAIT,
                    () -> !server.downloadsInProgress().isEmpty(), server::downloadsInProgress);

            checkByteranges(http);
            for (String name : WHOLE_FILES) {
                RawHttp.Response response = http.read(false);
                assertThat(response.status()).as(name).isEqualTo(200);
                assertThat(response.md5()).as(name).isEqualTo(TestFiles.md5Of(name));
            }
            Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                    server::downloadsInProgress);
        }
    }

    private static String request(String name, String header) {
        return "GET /" + name + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (header == null ? "" : header + "\r\n") + "\r\n";
    }

    private static String rangeSpec() {
        StringBuilder spec = new StringBuilder();
        for (long[] range : RANGES) {
            spec.append(spec.isEmpty() ? "" : ",").append(range[0]).append('-').append(range[1]);
        }
        return spec.toString();
    }

    /** Reads the multipart/byteranges answer: each part's bytes must be the file's, the boundary right after them. */
    private static void checkByteranges(RawHttp http) throws IOException {
        RawHttp.Response head = http.readHead();
        assertThat(head.status()).isEqualTo(206);
        String type = head.header("Content-Type");
        assertThat(type).startsWith("multipart/byteranges; boundary=");
        byte[] body = readFully(http, Integer.parseInt(head.header("Content-Length")));
        String text = new String(body, StandardCharsets.ISO_8859_1);
        String delimiter = "\r\n--" + type.substring(type.indexOf('=') + 1);
        assertThat(text).startsWith(delimiter).endsWith(delimiter + "--\r\n");
        try (FileChannel file = FileChannel.open(TestFiles.fileSet().resolve(FILE))) {
            for (long[] range : RANGES) {
                String partHead = "Content-Range: bytes " + range[0] + "-" + range[1] + "/" + FILE_SIZE + "\r\n\r\n";
                int at = text.indexOf(partHead);
                assertThat(at).as(partHead).isPositive();
                int from = at + partHead.length();
                int length = (int) (range[1] - range[0] + 1);
                ByteBuffer expected = ByteBuffer.allocate(length);
                file.read(expected, range[0]);
                assertThat(Arrays.equals(body, from, from + length, expected.array(), 0, length))
                        .as("the bytes of " + partHead.strip()).isTrue();
                assertThat(text.startsWith(delimiter, from + length)).as("a boundary after " + partHead.strip())
                        .isTrue();
            }
        }
    }

    private static byte[] readFully(RawHttp http, int length) throws IOException {
        byte[] body = new byte[length];
        for (int at = 0; at < length; ) {
            byte[] piece = new byte[Math.min(1 << 16, length - at)]; // no byte of the next answer
            int n = http.readSome(piece);
            if (n < 0) {
                throw new EOFException("body ended after " + at + " of " + length + " bytes");
            }
            System.arraycopy(piece, 0, body, at, n);
            at += n;
        }
        return body;
    }
}
