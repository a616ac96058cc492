package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.LogWatch;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The socket driver: mutated requests of the conformance corpus ({@link RequestMutator}) sent to a real server on
 * loopback, each on its own connection, which the client then half-closes. Every answer must be well-formed HTTP/1.1
 * responses (or a close without one) within the read timeout, never a server error (500, 502, 503, 504: 501 and 505
 * are RFC 9110's answers to an unimplemented coding or version); after each batch the connections, busy workers,
 * downloads in progress, descriptors and threads are back at their baseline, and no unchecked exception or error
 * reached a log. A fixed seed and a bounded count keep CI
 * small; {@code -Dgsf.fuzz.requests=N} and {@code -Dgsf.fuzz.seed=S} run more (scripts/fuzz.sh socket).
 */
@Isolated("counts the JVM's descriptors and threads before and after each batch")
class MutatedRequestsTest {
    /** Per variant; over TLS a fifth of them by default, each connection's handshake being most of its cost. */
    private static final int REQUESTS = Integer.getInteger("gsf.fuzz.requests", 150);
    private static final int TLS_REQUESTS = Integer.getInteger("gsf.fuzz.tlsRequests", Math.max(1, REQUESTS / 5));
    private static final long SEED = Long.getLong("gsf.fuzz.seed", 37);
    private static final int CLIENTS = 4;
    private static final int BATCH = 400;
    private static final int READ_TIMEOUT_MS = 5000;
    /** Descriptors the JVM may hold briefly (selector wake-ups, the JDK's caches): far below a leak's. */
    private static final int FD_TOLERANCE = 8;
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 ([1-5][0-9][0-9]) [^\r\n]*\r\n");
    private static final Pattern SERVER_ERROR = Pattern.compile("(^|\n)HTTP/1\\.[01] 50[0234]");

    @ParameterizedTest
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void everyAnswerIsWellFormedNeverAServerErrorAndNothingLeaks(Algorithm algorithm, Transport transport)
            throws Exception {
        Path root = Files.createTempDirectory("gsf-mutated");
        Files.write(root.resolve("1KB.bin"), new byte[1024]);
        Files.writeString(root.resolve("index.html"), "<p>hello</p>\n");
        try (LogWatch escaped = LogWatch.warnings("", LogWatch::unexpected);
             FileServer server = Servers.start(root, algorithm, transport.keys("workers", "4"))) {
            int port = transport == Transport.HTTP ? server.port() : server.tlsPort().orElseThrow();
            int requests = transport == Transport.HTTP ? REQUESTS : TLS_REQUESTS;
            RequestMutator warmUp = new RequestMutator(SEED - 1);
            batch(server, port, transport, warmUp, Math.min(requests, 10)); // pools and caches at their size
            atBaseline(server, Long.MAX_VALUE - FD_TOLERANCE, Integer.MAX_VALUE - 2);
            assertThat(escaped.records()).as(escaped.describe()).isEmpty();
            long fds = openFileDescriptors();
            int threads = ManagementFactory.getThreadMXBean().getThreadCount();
            RequestMutator mutator = new RequestMutator(SEED + algorithm.ordinal() * 31L + transport.ordinal());
            for (int sent = 0; sent < requests; sent += BATCH) {
                batch(server, port, transport, mutator, Math.min(BATCH, requests - sent));
                atBaseline(server, fds, threads);
                // A close is a fine answer, but not one an exception in the server chose (a StackOverflowError once)
                assertThat(escaped.records()).as(escaped.describe()).isEmpty();
            }
        } finally {
            try (Stream<Path> files = Files.list(root)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(root);
        }
    }

    /** Sends {@code count} mutated requests from {@link #CLIENTS} threads and checks every answer. */
    private static void batch(FileServer server, int port, Transport transport, RequestMutator mutator, int count)
            throws Exception {
        List<byte[]> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            requests.add(mutator.next());
        }
        try (ExecutorService clients = Executors.newFixedThreadPool(CLIENTS)) {
            List<Future<?>> answers = new ArrayList<>();
            for (byte[] request : requests) {
                answers.add(clients.submit(() -> {
                    checkAnswer(request, exchange(port, transport, request));
                    return null;
                }));
            }
            for (Future<?> answer : answers) {
                answer.get(60, TimeUnit.SECONDS);
            }
        }
    }

    private static byte[] exchange(int port, Transport transport, byte[] request) throws IOException {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        try (Socket socket = transport == Transport.HTTP ? plain : TestCerts.clientContext().getSocketFactory()
                .createSocket(plain, "127.0.0.1", port, true)) {
            socket.setSoTimeout(READ_TIMEOUT_MS);
            if (socket instanceof SSLSocket tls) {
                tls.startHandshake();
            }
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            socket.shutdownOutput(); // no more requests: the server answers what came, then closes
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16 * 1024];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    received.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no close within " + READ_TIMEOUT_MS + " ms after "
                        + received.size() + " bytes, for " + printable(request), e);
            } catch (IOException reset) {
                // a reset after the answer: the server closed with our bytes unread
            }
            return received.toByteArray();
        }
    }

    /** Well-formed responses or none, no server error. */
    private static void checkAnswer(byte[] request, byte[] answer) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        String what = printable(request) + " answered " + printable(answer);
        while (text.matches("(?s)HTTP/1\\.1 1[0-9][0-9] [^\r\n]*\r\n\r\n.*")) { // an interim answer (100 Continue)
            text = text.substring(text.indexOf("\r\n\r\n") + 4);
        }
        if (text.isEmpty()) {
            return; // a close without an answer
        }
        Matcher status = STATUS_LINE.matcher(text);
        assertThat(status.lookingAt()).as(what).isTrue();
        int headEnd = text.indexOf("\r\n\r\n");
        assertThat(headEnd).as(what).isPositive();
        for (String field : text.substring(status.end(), headEnd + 2).split("\r\n")) {
            assertThat(field).as(what).matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+: [\\x20-\\x7e]*");
        }
        assertThat(SERVER_ERROR.matcher(text).find()).as(what).isFalse();
    }

    private static void atBaseline(FileServer server, long fds, int threads) {
        Await.until("connections, workers and downloads at rest", Duration.ofSeconds(10),
                () -> server.connectionsOpen() == 0 && server.busyWorkers() == 0
                        && server.algorithmStats().inProgress() == 0 && server.algorithmStats().waiting() == 0,
                () -> server.connectionsOpen() + " connections, " + server.busyWorkers() + " busy, "
                        + server.algorithmStats());
        Await.until("descriptors back at " + fds, Duration.ofSeconds(10),
                () -> openFileDescriptors() <= fds + FD_TOLERANCE, MutatedRequestsTest::openFileDescriptors);
        Await.until("threads back at " + threads, Duration.ofSeconds(10),
                () -> ManagementFactory.getThreadMXBean().getThreadCount() <= threads + 2,
                MutatedRequestsTest::threadsByName);
    }

    /** The live threads by name without digits, for the failure message. */
    private static String threadsByName() {
        return Thread.getAllStackTraces().keySet().stream().map(t -> t.getName().replaceAll("[0-9]+", "#"))
                .collect(java.util.stream.Collectors.groupingBy(n -> n, java.util.TreeMap::new,
                        java.util.stream.Collectors.counting())).toString();
    }

    private static long openFileDescriptors() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String printable(byte[] b) {
        String s = new String(b, 0, Math.min(b.length, 300), StandardCharsets.ISO_8859_1);
        return "'" + s.replace("\r", "\\r").replace("\n", "\\n").replaceAll("[^\\x20-\\x7e]", "?")
                + (b.length > 300 ? "...' (" + b.length + " bytes)" : "'");
    }
}
