package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.files.OpenFiles;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.SocketTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The send path end to end: a file truncated on disk ends its download at once, and nothing of a response is
 * committed before its download's first turn (that an idle connection costs nothing: IdleConnectionCpuTest).
 */
class SendPathTest {
    /** With zero-copy on, sendfile is used for every range (no copy below a minimum size). */
    private static String[] sendMode(boolean zeroCopy) {
        return new String[] {"zero-copy", Boolean.toString(zeroCopy), "zero-copy-min", "0"};
    }

    private static String[] with(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @ParameterizedTest
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void aFileTruncatedDuringItsDownloadEndsItAtOnce_asServerError_neverPadded(Algorithm algorithm, boolean zeroCopy,
                                                                             @TempDir Path root) throws Exception {
        Path file = root.resolve("shrinking.bin");
        byte[] bytes = new byte[16 << 20];
        new Random(1).nextBytes(bytes);
        Files.write(file, bytes);
        try (FileServer server = Servers.start(root, algorithm,
                with(sendMode(zeroCopy), "write-timeout", "20s", "send-buffer", "64K"));
             RawHttp http = new RawHttp(server.port())) {
            assertThat(http.startDownload("/shrinking.bin").status()).isEqualTo(200);
            byte[] buffer = new byte[8192];
            long received = 0;
            while (received < 256 * 1024) {
                received += http.readSome(buffer);
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(1 << 20); // the server is at most a few hundred KB ahead of the client
            }
            long truncatedAt = System.nanoTime();
            try {
                for (int n; (n = http.readSome(buffer)) > 0; ) {
                    received += n;
                }
            } catch (java.net.SocketException reset) {
                // the server terminated the connection: also an end
            }
            long tookMillis = (System.nanoTime() - truncatedAt) / 1_000_000;
            assertThat(tookMillis).as("ms from truncation to the connection's end (write timeout 20 s)")
                    .isLessThan(10_000); // half the write timeout: a loaded 2-core machine took 5055 ms once
            assertThat(received).as("bytes received, never more than the file had").isLessThanOrEqualTo(1 << 20);
            Await.until("the download counted as a server error", WAIT,
                    () -> server.algorithmStats().ended(Outcome.SERVER_ERROR) == 1, server::algorithmStats);
            // zero-copy by the server's own sendfile(2) where it can call it (LibcSendfileTest)
            boolean direct = zeroCopy && Runtime.version().feature() >= 22;
            assertThat(server.sendfileCalls()).as("sendfile(2) calls").matches(calls -> direct == calls > 0);
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void noStatusIsSentWhileTheDownloadWaitsForItsFirstTurn_thenHeadAndBodyCome(Algorithm algorithm)
            throws Exception {
        try (FileServer server = Servers.start(algorithm, "max-downloads", "1", "send-buffer", "64K",
                "inline-max", "0");
             RawHttp holder = new RawHttp(server.port());
             RawHttp waiter = new RawHttp(server.port())) {
            waitBehind(server, holder, "/100MB.bin", waiter, "/1KB.bin");
            waiter.socket().setSoTimeout(300);
            assertThatThrownBy(waiter::readHead).as("no byte of the response before its first turn")
                    .isInstanceOf(SocketTimeoutException.class);
            holder.close(); // its download ends, the place goes to the waiting one
            waiter.socket().setSoTimeout(30_000);
            RawHttp.Response response = waiter.read(false);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aFileUnreadableAtItsFirstTurnIsAnswered500_notACut200(Algorithm algorithm, @TempDir Path root)
            throws Exception {
        try (RandomAccessFile big = new RandomAccessFile(root.resolve("big.bin").toFile(), "rw")) {
            big.setLength(256L << 20);
        }
        Path small = Files.write(root.resolve("small.bin"), new byte[100_000]);
        Path log = Files.createTempFile("gsf-access", ".log");
        try (FileServer server = Servers.start(root, algorithm, "max-downloads", "1", "send-buffer", "64K",
                "access-log", log.toString());
             RawHttp holder = new RawHttp(server.port());
             RawHttp waiter = new RawHttp(server.port())) {
            waitBehind(server, holder, "/big.bin", waiter, "/small.bin");
            try (FileChannel channel = FileChannel.open(small, StandardOpenOption.WRITE)) {
                channel.truncate(0);
            }
            holder.close();
            RawHttp.Response response = waiter.read(false);
            assertThat(response.status()).isEqualTo(500);
            assertThat(response.body()).contains("cannot read the file");
            Await.until("the download counted as a server error", WAIT,
                    () -> server.algorithmStats().ended(Outcome.SERVER_ERROR) == 1, server::algorithmStats);
        }
        assertThat(Files.readAllLines(log)).anyMatch(line -> line.contains("\"GET /small.bin HTTP/1.1\" 500 25 "));
        Files.delete(log);
    }

    /** With max-downloads 1: the holder's download takes the only place, the waiter's request waits for it. */
    private static void waitBehind(FileServer server, RawHttp holder, String held, RawHttp waiter, String waiting)
            throws IOException {
        assertThat(holder.startDownload(held).status()).isEqualTo(200);
        waiter.send("GET", waiting);
        Await.until("the second download waiting for a place", WAIT,
                () -> server.algorithmStats().waiting() == 1, server::algorithmStats);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSmallFileTakesTheFastPath_pastAnAlgorithmWhosePlacesAreAllTaken(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "max-downloads", "1", "send-buffer", "64K");
             RawHttp holder = new RawHttp(server.port());
             RawHttp small = new RawHttp(server.port())) {
            assertThat(server.startLine()).contains("inline-max=12K");
            assertThat(holder.startDownload("/100MB.bin").status()).isEqualTo(200);
            for (int i = 0; i < 3; i++) { // the same connection: each response ends properly
                RawHttp.Response response = small.exchange("GET", "/1KB.bin");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.header("X-Send-Algorithm")).isEqualTo(algorithm.name());
                assertThat(response.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
            }
            Await.until("the three counted as the algorithm's", WAIT,
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == 3, server::algorithmStats);
            assertThat(server.algorithmStats().inProgress()).as("the big download still holds its place").isOne();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSmallRangeUnreadableOnTheFastPathIsAnswered500(Algorithm algorithm, @TempDir Path root) throws Exception {
        // A range of a file too big to be held in memory: the fast path reads it from the file.
        Path big = Files.write(root.resolve("big.bin"), new byte[OpenFiles.IN_MEMORY_MAX + 1000]);
        try (FileServer server = Servers.start(root, algorithm, "open-file-cache", "60s");
             RawHttp http = new RawHttp(server.port())) {
            assertThat(http.exchange("GET", "/big.bin", "Range: bytes=0-999").bodyLength()).isEqualTo(1000);
            try (FileChannel channel = FileChannel.open(big, StandardOpenOption.WRITE)) {
                channel.truncate(0); // the cache still says the old size
            }
            RawHttp.Response response = http.exchange("GET", "/big.bin", "Range: bytes=0-999");
            assertThat(response.status()).isEqualTo(500);
            assertThat(response.body()).contains("cannot read the file");
            Await.until("counted as a server error", WAIT,
                    () -> server.algorithmStats().ended(Outcome.SERVER_ERROR) == 1, server::algorithmStats);
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSmallFileIsHeldInMemory_servedAsLookedUpWithinTheValidity_withoutADescriptor(Algorithm algorithm,
            @TempDir Path root) throws Exception {
        byte[] before = new byte[OpenFiles.IN_MEMORY_MAX];
        java.util.Arrays.fill(before, (byte) 'a');
        Path small = Files.write(root.resolve("small.bin"), before);
        try (FileServer server = Servers.start(root, algorithm, "open-file-cache", "60s");
             RawHttp http = new RawHttp(server.port())) {
            assertThat(http.exchange("GET", "/small.bin").md5()).isEqualTo(md5(before));
            assertThat(server.openFiles()).as("nothing kept open for it").isZero();
            try (FileChannel channel = FileChannel.open(small, StandardOpenOption.WRITE)) {
                channel.truncate(0); // within the validity the headers and the bytes are still the looked-up ones
            }
            RawHttp.Response range = http.exchange("GET", "/small.bin", "Range: bytes=100-199");
            assertThat(range.status()).isEqualTo(206);
            assertThat(range.md5()).isEqualTo(md5(java.util.Arrays.copyOfRange(before, 100, 200)));
            assertThat(http.exchange("GET", "/small.bin").md5()).isEqualTo(md5(before));
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
        }
    }

    private static String md5(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(RawHttp.md5().digest(bytes));
    }
}
