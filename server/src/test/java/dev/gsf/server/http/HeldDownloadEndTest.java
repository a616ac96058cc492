package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client's end of stream during a held download ({@link DownloadHold}: a plain GET's body sent with the
 * connection's read interest armed): a client that half-closes right after its request, or sends a second request
 * and then half-closes while the first body is still coming, gets every body byte for byte, then the close. Every
 * body goes through the algorithm ({@code inline-max=0}), so every size here is a held download; the server's send
 * buffer and the client's receive buffer are small, so that the end of stream reaches the server while the larger
 * bodies are in progress. Every algorithm over HTTP and over HTTPS (BoringSSL: its plain GETs are held alike; the
 * client's half-close is its close_notify and FIN). One server per algorithm and transport, one connection per case.
 * Each body is compared byte for byte with the file served, not hashed.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("everyAlgorithmOverHttpAndHttps")
@Execution(ExecutionMode.CONCURRENT)
class HeldDownloadEndTest {
    /**
     * The sizes of the files served: 1 KB, 64 KB, 1 MB, 4 MB. The largest is 4 MB, not 20: with these buffers (a few
     * hundred KB in flight, the kernel doubling each 64 KB) it is still over ten times what the sockets hold when the
     * end of stream comes, and every algorithm writes it in several chunks (four of 1 MB under SBA and VTA, where 1 MB
     * is one; 64 of 64 KB under EBA, ENBA and ADA), which 20 MB only repeated: 320 of the class's 422 MB, half of
     * them through TLS, and their MD5.
     */
    private static final int[] SIZES = {1 << 10, 64 << 10, 1 << 20, 4 << 20};
    /** The client's receive and the server's send buffer. */
    private static final int BUFFER = 64 << 10;

    private static final Map<List<Object>, FileServer> SERVERS = new ConcurrentHashMap<>();
    private static Path root;

    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    Transport transport;

    static Stream<Arguments> everyAlgorithmOverHttpAndHttps() {
        return Stream.of(Transport.HTTP, Transport.HTTPS)
                .flatMap(t -> Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, t)));
    }

    @BeforeAll
    static void writeFiles() throws IOException {
        root = Files.createTempDirectory("held-download-end");
        Random random = new Random(39);
        for (int size : SIZES) {
            byte[] bytes = new byte[size];
            random.nextBytes(bytes);
            Files.write(root.resolve(size + ".bin"), bytes);
        }
    }

    @AfterAll
    static void deleteFiles() throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @BeforeParameterizedClassInvocation
    static void startServer(Algorithm algorithm, Transport transport) throws IOException {
        SERVERS.put(List.of(algorithm, transport), Servers.start(root, algorithm,
                transport.keys("send-buffer", String.valueOf(BUFFER), "inline-max", "0")));
    }

    @AfterParameterizedClassInvocation
    static void stopServer(Algorithm algorithm, Transport transport) {
        SERVERS.remove(List.of(algorithm, transport)).close();
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {1 << 10, 64 << 10, 1 << 20, 4 << 20})
    void aHalfCloseRightAfterTheRequest_getsTheWholeBodyThenTheEnd(int size) throws IOException {
        try (RawHttp http = transport.connect(server(), BUFFER)) {
            http.sendRaw(get(size).getBytes(StandardCharsets.ISO_8859_1));
            http.socket().shutdownOutput();
            assertWhole(http, size);
            assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
        }
    }

    /**
     * The second request and the end of stream come while the first body is held: both are read only once it is
     * written, and the second is answered whole before the close.
     */
    @ParameterizedTest(name = "{0} bytes first")
    @ValueSource(ints = {1 << 20, 4 << 20})
    void aSecondGetAndAHalfCloseDuringTheFirstBody_getBothBodiesWholeThenTheEnd(int size) throws IOException {
        try (RawHttp http = transport.connect(server(), BUFFER)) {
            http.sendRaw(get(size).getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response head = http.readHead(); // its download has begun
            http.sendRaw(get(64 << 10).getBytes(StandardCharsets.ISO_8859_1));
            http.socket().shutdownOutput();
            assertBody(http, head, size);
            assertWhole(http, 64 << 10);
            assertThat(http.closedByServer()).as("the server closes after the second body").isTrue();
        }
    }

    private FileServer server() {
        return SERVERS.get(List.of(algorithm, transport));
    }

    private static String get(int size) {
        return "GET /" + size + ".bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    private static void assertWhole(RawHttp http, int size) throws IOException {
        RawHttp.Response head = http.readHead();
        assertThat(head.status()).as(size + " bytes").isEqualTo(200);
        assertBody(http, head, size);
    }

    /** The body of {@code head}'s response is the file of {@code size} bytes, byte for byte. */
    private static void assertBody(RawHttp http, RawHttp.Response head, int size) throws IOException {
        assertThat(head.header("Content-Length")).as(size + " bytes").isEqualTo(Integer.toString(size));
        assertThat(RawHttp.firstDifference(http.body(head), root.resolve(size + ".bin")))
                .as(size + " bytes: the first byte that differs").isEqualTo(-1);
    }
}
