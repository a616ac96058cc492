package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Offsets and lengths past 2 GiB, on a sparse file that takes no disk space. */
@Execution(ExecutionMode.CONCURRENT)
class LargeFileTest {
    private static final long SIZE = 5L << 30; // 5 GiB, past both the int and the unsigned-int range
    private static final String MARKER = "the-end-of-a-5-GiB-file";
    @TempDir
    static Path root;

    @BeforeAll
    static void makeSparseFile() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(root.resolve("big.bin").toFile(), "rw")) {
            file.setLength(SIZE);
            file.seek(SIZE - MARKER.length());
            file.write(MARKER.getBytes(StandardCharsets.US_ASCII));
        }
    }

    @ParameterizedTest(name = "{0} zero-copy={1} {2}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsZeroCopyAndTransport")
    void lengthAndRangesPastTwoGibAreExact(Algorithm algorithm, boolean zeroCopy, Transport transport)
            throws IOException {
        try (FileServer server = Servers.start(root, algorithm, transport.keys("zero-copy", Boolean.toString(zeroCopy)));
             RawHttp http = transport.connect(server)) {
            assertThat(http.exchange("HEAD", "/big.bin").header("Content-Length")).isEqualTo(Long.toString(SIZE));

            RawHttp.Response tail = http.exchange("GET", "/big.bin", "Range: bytes=-" + MARKER.length());
            assertThat(tail.status()).isEqualTo(206);
            assertThat(tail.header("Content-Range"))
                    .isEqualTo("bytes " + (SIZE - MARKER.length()) + "-" + (SIZE - 1) + "/" + SIZE);
            assertThat(tail.body()).isEqualTo(MARKER);

            long start = SIZE - (3 << 20); // 3 MiB of zeros then the marker: several chunks past 4 GiB
            RawHttp.Response near = http.exchange("GET", "/big.bin", "Range: bytes=" + start + "-");
            assertThat(near.bodyLength()).isEqualTo(3 << 20);
            assertThat(near.md5()).isEqualTo(md5OfZerosThenMarker(3 << 20));
        }
    }

    private static String md5OfZerosThenMarker(int length) {
        byte[] bytes = new byte[length];
        byte[] marker = MARKER.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(marker, 0, bytes, length - marker.length, marker.length);
        return RawHttp.md5Hex(bytes, 0, length);
    }
}
