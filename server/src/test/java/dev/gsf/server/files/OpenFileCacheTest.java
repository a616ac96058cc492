package dev.gsf.server.files;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Descriptors;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The open-file cache: a replaced, truncated or deleted file is seen by new requests within the validity, and
 * nothing stays open once unused (that downloads of one file share one descriptor: SharedDescriptorTest).
 */
@Execution(ExecutionMode.CONCURRENT)
class OpenFileCacheTest {
    @TempDir
    Path root;

    @ParameterizedTest(name = "{0} zero-copy={1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void aReplacedFileIsServedWithinTheValidity_whileARunningDownloadFinishesTheFileItOpened(Algorithm algorithm,
            boolean zeroCopy) throws Exception {
        byte[] before = bytes(4 << 20, 'a');
        byte[] after = bytes(1 << 20, 'b');
        Path file = root.resolve("f.bin");
        Files.write(file, before);
        try (FileServer server = Servers.start(root, algorithm, "zero-copy", Boolean.toString(zeroCopy),
                "open-file-cache", "200ms", "send-buffer", "64K");
             RawHttp running = new RawHttp(server.port())) {
            assertThat(running.startDownload("/f.bin").header("content-length"))
                    .isEqualTo(Long.toString(before.length));

            replace(file, after);
            Await.until("new requests to get the new file", WAIT, () -> serves(server, "/f.bin", after));

            assertThat(readBody(running, before.length)).as("the running download").isEqualTo(md5(before));
            Await.until("the downloads to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void validityZeroLooksEveryRequestUp_whileALongValidityKeepsServingTheFileItOpened(Algorithm algorithm)
            throws Exception {
        Path file = root.resolve("f.txt");
        for (String validity : List.of("0", "60m")) {
            Files.writeString(file, "one\n");
            try (FileServer server = Servers.start(root, algorithm, "open-file-cache", validity)) {
                assertThat(new String(get(server, "/f.txt"))).isEqualTo("one\n");
                replace(file, "two, longer\n".getBytes());
                String expected = validity.equals("0") ? "two, longer\n" : "one\n";
                assertThat(new String(get(server, "/f.txt"))).as("open-file-cache=" + validity).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "{0} zero-copy={1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void aFileTruncatedUnderARunningDownloadEndsItUnpadded_andNewRequestsGetTheShortFile(Algorithm algorithm,
            boolean zeroCopy) throws Exception {
        byte[] content = bytes(20 << 20, 'c');
        int shortLength = 1 << 20;
        Path file = root.resolve("t.bin");
        Files.write(file, content);
        try (FileServer server = Servers.start(root, algorithm, "zero-copy", Boolean.toString(zeroCopy),
                "open-file-cache", "200ms", "send-buffer", "64K", "write-timeout", "2s");
             RawHttp running = new RawHttp(server.port())) {
            assertThat(running.startDownload("/t.bin").status()).isEqualTo(200);
            assertThat(running.readSome(new byte[1024])).isPositive();
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(shortLength);
            }
            long received = drain(running);
            assertThat(received).as("bytes after the first read").isLessThan(content.length - 1024);

            Await.until("the truncated download to end", WAIT, () -> server.algorithmStats().inProgress() == 0);
            AlgorithmStats.Snapshot stats = server.algorithmStats();
            assertThat(stats.ended(Outcome.COMPLETED)).isZero();
            if (!zeroCopy) { // a short transferTo is made an error by the zero-copy fix in algorithms/, not here
                assertThat(stats.ended(Outcome.SERVER_ERROR)).isEqualTo(1);
            }
            byte[] expected = Arrays.copyOf(content, shortLength);
            Await.until("new requests to get the short file", WAIT, () -> serves(server, "/t.bin", expected));
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aDeletedFileIs404WithinTheValidity_andIsClosedOnceUnused(Algorithm algorithm) throws Exception {
        Path file = root.resolve("d.bin");
        Files.write(file, bytes(100_000, 'd'));
        String openedAs = file.toRealPath().toString();
        try (FileServer server = Servers.start(root, algorithm, "open-file-cache", "200ms")) {
            assertThat(get(server, "/d.bin")).hasSize(100_000);
            Files.delete(file);
            Await.until("a 404 for the deleted file", WAIT, () -> status(server, "/d.bin") == 404);
            Await.until("no descriptor of the deleted file", WAIT,
                    () -> Descriptors.targets().stream().noneMatch(fd -> fd.startsWith(openedAs)), Descriptors::targets);
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aMissingFileIsNotCached_soAFileCreatedLaterIsServedAtOnce(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(root, algorithm, "open-file-cache", "60m")) {
            assertThat(status(server, "/later.txt")).isEqualTo(404);
            Files.writeString(root.resolve("later.txt"), "here\n");
            assertThat(new String(get(server, "/later.txt"))).isEqualTo("here\n");
        }
    }

    /** fill, fill + 1, ... fill + 6, over and over: the first 7 bytes, then the array doubled onto itself. */
    private static byte[] bytes(int length, char fill) {
        byte[] b = new byte[length];
        for (int i = 0; i < Math.min(7, length); i++) {
            b[i] = (byte) (fill + i);
        }
        for (int done = Math.min(7, length); done < length; done *= 2) {
            System.arraycopy(b, 0, b, done, Math.min(done, length - done));
        }
        return b;
    }

    /** Writes the new content beside the file and renames it over, as a deploy would. */
    private static void replace(Path file, byte[] content) throws IOException {
        Path next = file.resolveSibling("." + file.getFileName() + ".next");
        Files.write(next, content);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Whether a GET of {@code path} answers 200 with exactly {@code expected}. The polls of the tests above ask while
     * the old file (4 MB, or 20 MB cut short) may still be served: an answer of another length is not it, and its
     * body is not read (reading and hashing each was a quarter of this class's CPU).
     */
    private static boolean serves(FileServer server, String path, byte[] expected) {
        try (RawHttp http = new RawHttp(server.port())) {
            http.send("GET", path);
            RawHttp.Response head = http.readHead();
            return head.status() == 200 && Long.toString(expected.length).equals(head.header("content-length"))
                    && Arrays.equals(http.body(head).readAllBytes(), expected);
        } catch (IOException e) {
            return false;
        }
    }

    /** The body of a 200 response; an empty array for any other answer or a body cut short. */
    private static byte[] get(FileServer server, String path) {
        try (RawHttp http = new RawHttp(server.port())) {
            http.send("GET", path);
            RawHttp.Response head = http.readHead();
            if (head.status() != 200) {
                return new byte[0];
            }
            long length = Long.parseLong(head.header("content-length"));
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            byte[] buffer = new byte[1 << 16];
            while (body.size() < length) {
                int n = http.readSome(buffer);
                if (n < 0) {
                    return new byte[0];
                }
                body.write(buffer, 0, n);
            }
            return body.toByteArray();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static int status(FileServer server, String path) {
        try (RawHttp http = new RawHttp(server.port())) {
            return http.exchange("GET", path).status();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The MD5 of the next {@code length} body bytes. */
    private static String readBody(RawHttp http, long length) throws IOException {
        MessageDigest md5 = RawHttp.md5();
        byte[] buffer = new byte[1 << 16];
        for (long left = length; left > 0; ) {
            int n = http.readSome(buffer);
            if (n < 0) {
                throw new IOException("body ended " + left + " bytes short");
            }
            int used = (int) Math.min(n, left);
            md5.update(buffer, 0, used);
            left -= used;
        }
        return HexFormat.of().formatHex(md5.digest());
    }

    /** Reads until the server closes the connection; the bytes read. */
    private static long drain(RawHttp http) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        try {
            for (int n; (n = http.readSome(buffer)) > 0; ) {
                total += n;
            }
        } catch (SocketException reset) {
            // a reset is a close too
        }
        return total;
    }

    private static String md5(byte[] content) {
        return HexFormat.of().formatHex(RawHttp.md5().digest(content));
    }
}
