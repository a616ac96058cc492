package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Clients that half-close: they send their requests, shut their sending side down (shutdown(SHUT_WR), as
 * {@code nc -N} and many scripted clients do) and read until the server closes. Each gets every response whole (most
 * bodies several times longer than the client's receive buffer and the server's send buffer, both set small, so that
 * the end of stream reaches the server while the download is in progress; one small, answered at once from memory),
 * and then the end of the connection, as nginx sends a static file to such a client; a client that half-closes with
 * nothing asked is closed. Every algorithm over HTTP and over HTTPS (BoringSSL), and ENBA over the JDK's TLS (the
 * byte-for-byte cases under both providers: tls/RecordSplitterTest): over HTTPS the JDK client's half-close is a
 * close_notify (TLS 1.3 allows one direction to close, RFC 8446 section 6.1) sent right behind the requests, often in
 * the same read; it ends the server's reading only once the requests before it are answered (the TLS port's
 * {@code RecordSplitter}). One server per algorithm and transport, one connection per test.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("everyAlgorithmOverHttpAndHttps")
@Execution(ExecutionMode.CONCURRENT)
class HalfCloseTest {
    private static final String LARGE = "1MB.bin";
    private static final String SMALLER = "200KB.bin";
    private static final String SMALL = "1KB.bin";
    /** The client's receive and the server's send buffer: LARGE is 4 times both together (Linux doubles each). */
    private static final int BUFFER = 64 << 10;

    /** The running servers by algorithm and transport: a class's invocations may run at once. */
    private static final Map<List<Object>, FileServer> SERVERS = new ConcurrentHashMap<>();

    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    Transport transport;

    static Stream<Arguments> everyAlgorithmOverHttpAndHttps() {
        return Stream.concat(Stream.of(Transport.HTTP, Transport.HTTPS)
                .flatMap(t -> Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, t))),
                Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS_JDK)));
    }

    @BeforeParameterizedClassInvocation
    static void startServer(Algorithm algorithm, Transport transport) throws IOException {
        SERVERS.put(List.of(algorithm, transport),
                Servers.start(algorithm, transport.keys("send-buffer", String.valueOf(BUFFER))));
    }

    @AfterParameterizedClassInvocation
    static void stopServer(Algorithm algorithm, Transport transport) {
        SERVERS.remove(List.of(algorithm, transport)).close();
    }

    private FileServer server() {
        return SERVERS.get(List.of(algorithm, transport));
    }

    @Test
    void aGetThenHalfClose_getsTheWholeBodyThenTheEnd() throws IOException {
        try (RawHttp http = halfClosedAfter(get(LARGE, ""))) {
            assertWhole(http, LARGE);
            assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
        }
    }

    @Test
    void aGetWithConnectionCloseThenHalfClose_getsTheWholeBodyThenTheEnd() throws IOException {
        try (RawHttp http = halfClosedAfter(get(LARGE, "Connection: close\r\n"))) {
            assertWhole(http, LARGE);
            assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
        }
    }

    @Test
    void twoPipelinedGetsThenHalfClose_getBothBodiesWholeThenTheEnd() throws IOException {
        try (RawHttp http = halfClosedAfter(get(LARGE, "") + get(SMALLER, ""))) {
            assertWhole(http, LARGE);
            assertWhole(http, SMALLER);
            assertThat(http.closedByServer()).as("the server closes after the second body").isTrue();
        }
    }

    @Test
    void aSmallGetThenHalfClose_getsItThenTheEnd() throws IOException {
        try (RawHttp http = halfClosedAfter(get(SMALL, ""))) { // answered at once, from memory
            assertWhole(http, SMALL);
            assertThat(http.closedByServer()).as("the server closes after the body").isTrue();
        }
    }

    @Test
    void aHalfCloseWithNothingAsked_isClosedAtOnce() throws IOException {
        try (RawHttp http = transport.connect(server())) {
            http.socket().shutdownOutput();
            assertThat(http.closedByServer()).as("the server closes").isTrue();
        }
    }

    private static String get(String file, String extraHeaders) {
        return "GET /" + file + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "\r\n";
    }

    /**
     * A connection with a small receive buffer that has sent {@code requests} in one write, then shut its sending side
     * down (over TLS: close_notify, FIN).
     */
    private RawHttp halfClosedAfter(String requests) throws IOException {
        RawHttp http = transport.connect(server(), BUFFER);
        try {
            http.sendRaw(requests.getBytes(StandardCharsets.ISO_8859_1));
            http.socket().shutdownOutput();
            return http;
        } catch (IOException e) {
            http.close();
            throw e;
        }
    }

    private static void assertWhole(RawHttp http, String file) throws IOException {
        RawHttp.Response response = http.read(false);
        assertThat(response.status()).as(file).isEqualTo(200);
        assertThat(response.bodyLength()).as(file).isEqualTo(
                TestFiles.fileSet().resolve(file).toFile().length());
        assertThat(response.md5()).as(file).isEqualTo(TestFiles.md5Of(file));
    }
}
