package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Relay;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TLS records of small responses, counted on the wire by a proxy between a JDK client and the server: a response
 * head and the small body behind it leave in one record (nginx sends one; under BoringSSL they were two, a record
 * per buffer), whether the body was sent with its head at once ({@code inline-max}) or by the algorithm, and so does
 * every answer the server writes whole (HEAD, 304, 404, a range); pipelined requests are answered in order. And,
 * through {@link EnginePeer} (a JDK engine over a plain socket, so that a test chooses what one read holds), requests
 * in the read of the client's Finished, and behind a TLS 1.3 KeyUpdate, are answered. Every algorithm under both
 * providers, every byte checked.
 */
@ParameterizedClass(name = "{0} tls-provider={1}")
@MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmUnderEachProvider")
class ResponseRecordsTest {
    /** Written at once with its head (under the server's inline-max); {@link #BY_ALGORITHM} is not. */
    private static final String INLINE = "/300B.bin";
    private static final String BY_ALGORITHM = "/1KB.bin";
    private static final int INLINE_MAX = 512;
    @TempDir
    static Path root;
    /** The running server of each invocation: a class's invocations may run at once. */
    private static final Map<String, FileServer> SERVERS = new ConcurrentHashMap<>();
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    String provider;


    @BeforeParameterizedClassInvocation
    static void start(Algorithm algorithm, String provider) throws IOException {
        Random random = new Random(7);
        for (String name : new String[] {INLINE, BY_ALGORITHM}) {
            Path file = root.resolve(name.substring(1));
            if (!Files.exists(file)) {
                byte[] bytes = new byte[name.equals(INLINE) ? 300 : 1024];
                random.nextBytes(bytes);
                Files.write(file, bytes);
            }
        }
        Transport transport = Transport.overTls(provider);
        SERVERS.put(algorithm + provider, Servers.start(root, algorithm,
                transport.keys("inline-max", Integer.toString(INLINE_MAX))));
    }

    @AfterParameterizedClassInvocation
    static void stop(Algorithm algorithm, String provider) {
        SERVERS.remove(algorithm + provider).close();
    }

    @Test
    void aSmallResponseIsOneRecord_headAndBodyTogether() throws Exception {
        try (Counted client = connect()) {
            for (String target : new String[] {INLINE, BY_ALGORITHM}) {
                RawHttp.Response response = client.records(1, () -> client.http.exchange("GET", target));
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.md5()).as(target).isEqualTo(md5(target));
                assertThat(client.last()).as("the record's plaintext holds the body").isGreaterThan(
                        (int) Files.size(root.resolve(target.substring(1))));
            }
        }
    }

    @Test
    void headNotModifiedNotFoundAndARange_areOneRecordEach() throws Exception {
        try (Counted client = connect()) {
            assertThat(client.records(1, () -> client.http.exchange("HEAD", INLINE)).bodyLength()).isZero();
            String etag = client.records(1, () -> client.http.exchange("GET", BY_ALGORITHM)).header("etag");
            assertThat(client.records(1, () -> client.http.exchange("GET", BY_ALGORITHM, "If-None-Match: " + etag))
                    .status()).isEqualTo(304);
            assertThat(client.records(1, () -> client.http.exchange("GET", "/missing.bin")).status()).isEqualTo(404);
            RawHttp.Response range = client.records(1, () -> client.http.exchange("GET", BY_ALGORITHM,
                    "Range: bytes=100-199"));
            assertThat(range.status()).isEqualTo(206);
            assertThat(range.md5()).isEqualTo(RawHttp.md5Hex(Files.readAllBytes(root.resolve("1KB.bin")), 100, 100));
        }
    }

    @Test
    void pipelinedRequests_areAnsweredInOrder_aRecordEach() throws Exception {
        try (Counted client = connect()) {
            String requests = ("GET " + BY_ALGORITHM + " HTTP/1.1\r\nHost: x\r\n\r\n").repeat(2)
                    + "GET " + INLINE + " HTTP/1.1\r\nHost: x\r\n\r\n";
            RawHttp.Response[] answers = new RawHttp.Response[3];
            client.records(3, () -> {
                client.http.sendRaw(requests.getBytes(StandardCharsets.ISO_8859_1));
                for (int i = 0; i < answers.length; i++) {
                    answers[i] = client.http.read(false);
                }
                return answers[2];
            });
            assertThat(answers[0].md5()).isEqualTo(md5(BY_ALGORITHM));
            assertThat(answers[1].md5()).isEqualTo(md5(BY_ALGORITHM));
            assertThat(answers[2].md5()).isEqualTo(md5(INLINE));
        }
    }

    /**
     * The client's Finished and two requests in one read (the handshake's step gets the Finished and the first): the
     * server's first write after the handshake finds the engine owing records (BoringSSL's two session tickets, 482
     * bytes, sealed in the same wrap as the head); both answers follow them. This does not reach TlsRecords' wrap
     * that seals only what was owed (5afe34d): over HTTP/1.1 the first write is a head of at most inline-max (12 KB)
     * and its body, which fits beside the tickets; that takes a first write of 16 KB or more (an h2 HEADERS and DATA).
     */
    @Test
    void aRequestInTheReadOfTheFinished_isAnsweredAfterWhatTheEngineOwed() throws Exception {
        try (EnginePeer client = new EnginePeer(tlsPort(), true)) {
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            read.write(client.records(get(INLINE, "keep-alive"))); // behind the Finished: a read of three records
            read.write(client.records(get(BY_ALGORITHM, "close")));
            client.writeRaw(read.toByteArray());
            assertAnswered(client.readToTheEnd(), INLINE, BY_ALGORITHM);
        }
    }

    /**
     * A TLS 1.3 KeyUpdate that asks for the server's, and two requests behind it in one read (a record each): the
     * server's KeyUpdate leaves before the answers, both answered in order.
     */
    @Test
    void requestsBehindAKeyUpdate_areAnswered() throws Exception {
        try (EnginePeer client = new EnginePeer(tlsPort())) {
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            read.write(client.keyUpdate());
            read.write(client.records(get(INLINE, "keep-alive")));
            read.write(client.records(get(BY_ALGORITHM, "close")));
            client.writeRaw(read.toByteArray());
            assertAnswered(client.readToTheEnd(), INLINE, BY_ALGORITHM);
        }
    }

    private int tlsPort() {
        return SERVERS.get(algorithm + provider).tlsPort().orElseThrow();
    }

    private static String get(String target, String connection) {
        return "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: " + connection + "\r\n\r\n";
    }

    /** {@code ending} holds a 200 with each of {@code targets}' bodies, in order, and a close_notify and FIN after. */
    private static void assertAnswered(EnginePeer.Ending ending, String... targets) throws IOException {
        assertThat(ending.end()).isEqualTo("FIN");
        assertThat(ending.closeNotify()).as("close_notify").isTrue();
        int at = 0;
        for (String target : targets) {
            at = ending.text().indexOf("HTTP/1.1 200 ", at);
            assertThat(at).as(target + "'s answer in " + ending.text().length() + " bytes").isNotNegative();
            String body = new String(Files.readAllBytes(root.resolve(target.substring(1))), StandardCharsets.ISO_8859_1);
            at = ending.text().indexOf(body, at);
            assertThat(at).as(target + "'s body").isNotNegative();
        }
    }

    private static String md5(String target) throws IOException {
        byte[] bytes = Files.readAllBytes(root.resolve(target.substring(1)));
        return RawHttp.md5Hex(bytes, 0, bytes.length);
    }

    /** A client through a record-counting proxy, past its handshake (and the session tickets after it). */
    private Counted connect() throws Exception {
        Relay proxy = Relay.readingRecords(SERVERS.get(algorithm + provider).tlsPort().orElseThrow(), 0);
        Counted client = new Counted(proxy, RawHttp.overTls(proxy.port(), TestCerts.clientContext()));
        assertThat(client.http.exchange("GET", INLINE).status()).isEqualTo(200); // the handshake's records
        return client;
    }

    private record Counted(Relay proxy, RawHttp http) implements AutoCloseable {
        interface Exchange {
            RawHttp.Response run() throws IOException;
        }

        /** Runs {@code exchange} and checks the server sent {@code expected} records for it. */
        RawHttp.Response records(int expected, Exchange exchange) throws IOException {
            int before = proxy.records().size();
            RawHttp.Response response = exchange.run(); // read whole: the proxy saw its records' headers first
            assertThat(proxy.records().subList(before, proxy.records().size())).as("records of the response")
                    .hasSize(expected);
            return response;
        }

        /** The length of the last record the server sent. */
        int last() {
            return proxy.records().getLast();
        }

        @Override
        public void close() throws Exception {
            http.close();
            proxy.close();
        }
    }
}
