package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import dev.gsf.server.testing.Variants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * By hand only ({@code -Dgsf.test.pooledBuffersStress=true}): the server's shared buffers (PlainSink's first writes,
 * TLS records and pieces, HTTP/2 frame slabs, algorithms' copy buffers, the open-file cache's bytes) under many
 * keep-alive clients at once, every body's MD5 checked, so that a buffer touched after it went back to its pool
 * shows as a wrong download (docs/results/2026-11-28-pooled-buffers-audit.md). Every algorithm, over HTTP/1.1 and
 * HTTP/2 (h2c, and h2 by ALPN under both TLS providers). The files' heads differ in length between their size
 * classes (Content-Length of 4, 5 or 7 digits), and their sizes take every path: held in memory (1 KB), a first
 * write of head and 12 KiB with the rest behind it (12-64 KB), long downloads (1 MB; on h2c one by sendfile
 * payloads, 2^20 bytes, and one copied into frames). Each
 * HTTP/1.1 client goes through the files in its own order, every other one with a 16 KB receive buffer (so that
 * writes complete later on selector threads as well as inside the write call); each HTTP/2 connection asks for all
 * of them at once, round after round. {@code gsf.test.pooledBuffersClients} (HTTP/1.1 clients, 16),
 * {@code gsf.test.pooledBuffersConnections} (HTTP/2 connections, 4) and {@code gsf.test.pooledBuffersRounds} (10)
 * size it, {@code gsf.test.pooledBuffersOnly} picks invocations (e.g. {@code "HTTPS HTTP1"}); each prints its counts.
 */
@EnabledIfSystemProperty(named = "gsf.test.pooledBuffersStress", matches = "true")
class PooledBuffersStressTest {
    private static final String[] NAMES = {"a.bin", "one-kilobyte.bin", "first-write.bin", "m.bin",
        "forty-eight-k.bin", "sixty-four.bin", "mb.bin", "almost-a-megabyte.bin"};
    private static final int[] SIZES = {1_000, 1_024, 12_300, 20_000, 48_000, 64_000, 1 << 20, 1_000_000};
    @TempDir
    Path root;

    enum Protocol { HTTP1, H2 }

    /** Every algorithm, transport and protocol; {@code gsf.test.pooledBuffersOnly} (a regex) keeps those it finds. */
    static Stream<Arguments> everyAlgorithmTransportAndProtocol() {
        String only = System.getProperty("gsf.test.pooledBuffersOnly", "");
        return Stream.of(Protocol.values()).flatMap(p -> Variants.everyAlgorithmAndTransport()
                .map(a -> Arguments.of(a.get()[0], a.get()[1], p)))
                .filter(a -> java.util.regex.Pattern.compile(only).matcher(a.get()[0] + " " + a.get()[1] + " "
                        + a.get()[2]).find());
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("everyAlgorithmTransportAndProtocol")
    void everyBodyArrivesWhole(Algorithm algorithm, Transport transport, Protocol protocol) throws Exception {
        String[] md5 = new String[NAMES.length];
        for (int i = 0; i < NAMES.length; i++) {
            byte[] bytes = new byte[SIZES[i]];
            new Random(i).nextBytes(bytes);
            Files.write(root.resolve(NAMES[i]), bytes);
            md5[i] = RawHttp.md5Hex(bytes, 0, bytes.length);
        }
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        AtomicInteger whole = new AtomicInteger();
        int rounds = Integer.getInteger("gsf.test.pooledBuffersRounds", 10);
        try (FileServer server = Servers.start(root, algorithm, transport.keys("workers", "4"))) {
            int port = transport.isTls() ? server.tlsPort().orElseThrow() : server.port();
            int clients = protocol == Protocol.HTTP1 ? Integer.getInteger("gsf.test.pooledBuffersClients", 16)
                    : Integer.getInteger("gsf.test.pooledBuffersConnections", 4);
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            List<Future<?>> all = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                Client client = new Client(port, transport.isTls(), c, rounds, md5, whole, wrong);
                all.add(pool.submit(protocol == Protocol.HTTP1 ? client::http1 : client::h2));
            }
            for (Future<?> each : all) {
                each.get(10, TimeUnit.MINUTES);
            }
            pool.shutdown();
        }
        System.out.printf("pooled-buffers-stress %s %s %s: %d whole, %d wrong%n", algorithm, transport, protocol,
                whole.get(), wrong.size());
        assertThat(wrong).as(whole + " whole").isEmpty();
    }

    /** One client's rounds; a failed exchange or connection counts its downloads wrong and reconnects. */
    private record Client(int port, boolean tls, int index, int rounds, String[] md5, AtomicInteger whole,
                          Queue<String> wrong) {

        /** HTTP/1.1, one download at a time on a keep-alive connection, the files from {@code index} on. */
        Void http1() throws Exception {
            RawHttp http = null;
            for (int n = 0; n < rounds * NAMES.length; n++) {
                int which = (index + n) % NAMES.length;
                try {
                    http = http != null ? http : connect();
                    RawHttp.Response response = http.exchange("GET", "/" + NAMES[which]);
                    check(which, response.status(), response.bodyLength(), response.md5());
                } catch (IOException e) {
                    wrong.add(NAMES[which] + ": " + e);
                    http = closed(http);
                }
            }
            closed(http);
            return null;
        }

        /** Every other client with a 16 KB receive buffer: its downloads' writes wait for it. */
        private RawHttp connect() throws IOException {
            int receive = index % 2 == 1 ? 16 << 10 : 0;
            return tls ? RawHttp.overTls(port, TestCerts.clientContext(), receive)
                    : receive > 0 ? RawHttp.withReceiveBuffer(port, receive) : new RawHttp(port);
        }

        /**
         * HTTP/2, all the files at once on one connection each round, in an order of the round's own. A connection
         * that fails counts its round's downloads not yet checked as wrong.
         */
        Void h2() throws Exception {
            H2Client h2 = null;
            for (int round = 0; round < rounds; round++) {
                int[] ids = new int[NAMES.length];
                int checked = 0;
                try {
                    h2 = h2 != null ? h2 : tls ? H2Client.overTls(port, TestCerts.clientContext())
                            : H2Client.connect(port);
                    for (int i = 0; i < NAMES.length; i++) {
                        int which = (index + round + i) % NAMES.length;
                        ids[which] = h2.request("GET", "/" + NAMES[which]);
                    }
                    for (; checked < NAMES.length; checked++) {
                        H2Response r = h2.response(ids[checked]);
                        byte[] body = r.body.toByteArray();
                        check(checked, r.reset >= 0 ? -r.reset : r.status, body.length,
                                RawHttp.md5Hex(body, 0, body.length));
                        h2.forget(ids[checked]);
                    }
                } catch (IOException | IllegalStateException e) {
                    for (int which = checked; which < NAMES.length; which++) {
                        wrong.add(NAMES[which] + " (round " + round + "): " + e);
                    }
                    h2 = closed(h2);
                }
            }
            closed(h2);
            return null;
        }

        private static <T extends AutoCloseable> T closed(T connection) throws Exception {
            if (connection != null) {
                connection.close();
            }
            return null;
        }

        private void check(int which, int status, long length, String bodyMd5) {
            if (status == 200 && length == SIZES[which] && md5[which].equals(bodyMd5)) {
                whole.incrementAndGet();
            } else {
                wrong.add(NAMES[which] + ": status " + status + ", " + length + " of " + SIZES[which] + " bytes"
                        + (length == SIZES[which] ? ", wrong MD5" : ""));
            }
        }
    }
}
