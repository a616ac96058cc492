package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Descriptors;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A download sent by the server's own sendfile(2) takes no descriptor of its connection's socket: it sends to the
 * socket's own number, which {@link ConnectionSocket} keeps from being released during a call (it once held a dup per
 * download), and every way it ends leaves the connection's own descriptor or, closed, none: completed (the kept-alive
 * connection holds its one descriptor), the client gone, a write timeout, a drain's cut. After the write timeout
 * closed a slow client's connection, new connections opened at once (taking the numbers freed) each get exactly their
 * own response, and the slow client nothing after what the server counted. Every algorithm, plain HTTP (TLS copies).
 * Descriptors are counted per connection ({@link Descriptors#ofConnection}), so other tests may run alongside.
 */
@Execution(ExecutionMode.CONCURRENT) // its tests wait on slow clients and a timeout, one server each
class SendfileDescriptorsTest {
    private static final int NEW_CONNECTIONS = 4;
    private static final int CHUNK = 64 * 1024;

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void noDownloadTakesADescriptorAndEveryEndLeavesNone(Algorithm algorithm) throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        FileServer server = start(algorithm, "60s");
        int cut;
        try {
            completed(server);
            clientGone(server);
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
            try (RawHttp draining = stalled(server, "/20MB.bin")) {
                cut = draining.socket().getLocalPort();
                server.drain(Duration.ZERO, new CountDownLatch(0)); // cuts it (a server error, by design)
            }
        } finally {
            server.close();
        }
        int port = server.port();
        Await.until("no descriptor of a download the drain cut", WAIT, () -> Descriptors.ofConnection(port, cut) == 0,
                () -> Descriptors.ofConnection(port, cut));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aTimedOutConnectionsNumbersCarryNoByteOfItsDownload(Algorithm algorithm) throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (FileServer server = start(algorithm, "1s")) {
            timedOutThenNewConnections(server);
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
        }
    }

    private static FileServer start(Algorithm algorithm, String writeTimeout) throws IOException {
        return Servers.start(algorithm, "zero-copy", "true", "zero-copy-min", "0", "chunk", "64K", "inline-max", "0",
                "send-buffer", "16K", "write-timeout", writeTimeout);
    }

    private static void completed(FileServer server) throws Exception {
        try (RawHttp http = stalled(server, "/1MB.bin")) {
            RawHttp.Response response = http.readBody(http.readHead());
            assertThat(response.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            Await.until("the download completed", WAIT,
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == 1, server::algorithmStats);
            awaitDescriptors(server, http, 1, "the kept-alive connection's own");
        }
    }

    private static void clientGone(FileServer server) throws Exception {
        RawHttp http = stalled(server, "/20MB.bin");
        int port = http.socket().getLocalPort();
        http.socket().setSoLinger(true, 0); // the close sends a reset
        http.close();
        Await.until("the download ended as the client's leaving", WAIT,
                () -> server.algorithmStats().ended(Outcome.CLIENT_GONE) == 1, server::algorithmStats);
        Await.until("no descriptor of the reset connection", WAIT,
                () -> Descriptors.ofConnection(server.port(), port) == 0);
    }

    private static void timedOutThenNewConnections(FileServer server) throws Exception {
        RawHttp.Response head;
        try (RawHttp slow = RawHttp.withReceiveBuffer(server.port(), 4096)) {
            // not stalled(): the timeout may strike before a look sees the download on a busy machine
            slow.send("GET", "/20MB.bin");
            head = slow.readHead();
            Await.until("the slow client's download timed out", WAIT,
                    () -> server.algorithmStats().ended(Outcome.WRITE_TIMEOUT) == 1, server::algorithmStats);
            long counted = server.algorithmStats().bytesSent();
            List<RawHttp> next = new ArrayList<>();
            try {
                for (int i = 0; i < NEW_CONNECTIONS; i++) {
                    next.add(new RawHttp(server.port())); // all at once: they take the numbers just freed
                }
                for (RawHttp http : next) { // one after the other: none waits unread past the write timeout
                    RawHttp.Response response = http.exchange("GET", "/1MB.bin");
                    assertThat(response.bodyLength()).isEqualTo(1 << 20);
                    assertThat(response.md5()).as("a new connection's own bytes").isEqualTo(TestFiles.md5Of("1MB.bin"));
                }
            } finally {
                for (RawHttp http : next) {
                    http.close();
                }
            }
            // bytesSent counts whole writes: the one in flight when the timeout struck, of up to a chunk, is not in it
            assertThat(head.status()).isEqualTo(200);
            assertThat(bodyBytesUntilTheEnd(slow)).as("the slow client's body bytes: what the server counted, and"
                    + " at most the write in flight").isPositive().isLessThanOrEqualTo(counted + CHUNK);
            awaitDescriptors(server, slow, 0, "the timed-out connection's");
        }
    }

    /** A download of {@code path} by a client that reads nothing yet, once it has sent by sendfile(2): no dup. */
    private static RawHttp stalled(FileServer server, String path) throws IOException {
        long calls = server.sendfileCalls();
        RawHttp http = RawHttp.withReceiveBuffer(server.port(), 4096);
        http.send("GET", path);
        Await.until("the download sending by sendfile(2)", WAIT, () -> server.sendfileCalls() > calls,
                server::algorithmStats);
        assertThat(Descriptors.ofConnection(server.port(), http.socket().getLocalPort()))
                .as("descriptors of the server's end of a connection mid-sendfile: its own, no dup").isEqualTo(1);
        return http;
    }

    private static void awaitDescriptors(FileServer server, RawHttp http, long count, String what) {
        int port = http.socket().getLocalPort();
        Await.until(count + " descriptors of the server's end of the connection: " + what, WAIT,
                () -> Descriptors.ofConnection(server.port(), port) == count,
                () -> Descriptors.ofConnection(server.port(), port) + " " + server.algorithmStats());
    }

    /** The body bytes the client gets, after the head, until the server's close (an end of stream or a reset). */
    private static long bodyBytesUntilTheEnd(RawHttp http) throws IOException {
        long bytes = 0;
        byte[] buffer = new byte[1 << 16];
        try {
            for (int n = http.readSome(buffer); n >= 0; n = http.readSome(buffer)) {
                bytes += n;
            }
        } catch (IOException reset) {
            // the server cut the connection: what came before counts
        }
        return bytes;
    }
}
