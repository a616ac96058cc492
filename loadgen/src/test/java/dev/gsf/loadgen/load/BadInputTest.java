package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Unreachable servers, bad URLs, bad manifests and lying servers: a clear message, on time, in the report. */
@Timeout(30)
class BadInputTest {
    private static final String ONE_FILE_MD5 = "0f343b0931126a20f133d67c2b018a3b"; // MD5 of 1024 zero bytes

    @Test
    void aServerThatTruncatesBodiesIsCaughtAsLengthErrors(@TempDir Path dir) throws Exception {
        Path manifest = Files.writeString(dir.resolve("MD5SUMS"), ONE_FILE_MD5 + "  zeros.bin\n");
        try (TruncatingServer server = new TruncatingServer(1024, 100)) {
            long started = System.nanoTime();
            // clients that think 10 ms: a short body is not an error a client backs off from, so without it they
            // asked again at once, on a new connection each time, for the whole second
            var run = load(dir.resolve("out"), "--url", "http://127.0.0.1:" + server.port() + "/", "--manifest",
                    manifest.toString(), "--clients", "2", "--think", LoadFixture.PACED_THINK, "--ramp-up", "0s",
                    "--steady", "1s", "--ramp-down", "0s");

            assertThat(run.exitCode()).isEqualTo(LoadCommand.FAILED);
            assertThat(run.errors("length")).isPositive();
            assertThat(run.errors("md5")).isZero();
            assertThat(run.log()).contains("first length error: zeros.bin: body ended after 100 of 1024 bytes");
            assertThat(server.requests.get()).isGreaterThan(1);
            assertThat(System.nanoTime() - started).isLessThan(10_000_000_000L);
        }
    }

    @Test
    void aServerThatStopsSendingIsCaughtAsTimeoutsAndTheRunEndsOnTime(@TempDir Path dir) throws Exception {
        Path manifest = Files.writeString(dir.resolve("MD5SUMS"), ONE_FILE_MD5 + "  zeros.bin\n");
        try (TruncatingServer server = new TruncatingServer(1024, TruncatingServer.STALL)) {
            long started = System.nanoTime();
            var run = load(dir.resolve("out"), "--url", "http://127.0.0.1:" + server.port() + "/", "--manifest",
                    manifest.toString(), "--clients", "2", "--timeout", "500ms", "--arrival-rate", "20/s",
                    "--ramp-up", "0s", "--steady", "2s", "--ramp-down", "0s");

            assertThat(run.exitCode()).isEqualTo(LoadCommand.FAILED);
            assertThat(run.errors("timeout")).isPositive();
            assertThat(run.log()).contains("first timeout error: zeros.bin: no progress for");
            assertThat(System.nanoTime() - started).isLessThan(10_000_000_000L);
        }
    }

    @Test
    void anUnreachableServerEndsTheRunAtOnceWithAReport(@TempDir Path dir) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort(); // free again once closed: nobody listens there
        }
        Path manifest = Files.writeString(dir.resolve("MD5SUMS"), ONE_FILE_MD5 + "  zeros.bin\n");
        long started = System.nanoTime();
        var run = load(dir.resolve("out"), "--url", "http://127.0.0.1:" + closedPort + "/", "--manifest",
                manifest.toString(), "--steady", "30s");

        assertThat(run.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(System.nanoTime() - started).isLessThan(10_000_000_000L);
        assertThat(run.log()).contains("cannot connect to http://127.0.0.1:" + closedPort + "/");
        JsonNode r = run.run();
        assertThat(r.required("aborted").asText()).contains("cannot connect");
        assertThat(r.required("passed").booleanValue()).isFalse();
        assertThat(run.out()).contains("RUN ABORTED: cannot connect");
    }

    @Test
    void aBadUrlIsRefusedWithAClearMessage(@TempDir Path dir) throws Exception {
        var ftp = load(dir.resolve("a"), "--url", "ftp://127.0.0.1/");
        assertThat(ftp.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(ftp.log()).contains("only http:// and https:// URLs are supported");
        var garbage = load(dir.resolve("b"), "--url", "http://exa mple/");
        assertThat(garbage.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(garbage.log()).contains("is not a URL");
    }

    @Test
    void aMissingOrMalformedManifestIsRefusedWithAClearMessage(@TempDir Path dir) throws Exception {
        var missing = load(dir.resolve("a"), "--url", "http://127.0.0.1:9/", "--manifest",
                dir.resolve("nope").toString());
        assertThat(missing.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(missing.log()).contains("does not exist");

        Path bad = Files.writeString(dir.resolve("MD5SUMS"), ONE_FILE_MD5 + "  ok.bin\nthis is not md5sum\n");
        var malformed = load(dir.resolve("b"), "--url", "http://127.0.0.1:9/", "--manifest", bad.toString());
        assertThat(malformed.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(malformed.log()).contains("MD5SUMS:2: not an md5sum line");

        var badMix = load(dir.resolve("c"), "--url", "http://127.0.0.1:9/", "--manifest",
                Files.writeString(dir.resolve("M2"), ONE_FILE_MD5 + "  ok.bin\n").toString(), "--mix", "other.bin");
        assertThat(badMix.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(badMix.log()).contains("'other.bin' is not in the manifest");
    }

    /**
     * A real HTTP peer that announces {@code announced} bytes, sends {@code sent} zero bytes and closes. HEAD gets the
     * head only, as from an honest server, so the probe learns the announced length.
     */
    static final class TruncatingServer implements AutoCloseable {
        /** Send the head of a GET, then nothing, until the client gives up. */
        static final int STALL = -1;
        final AtomicInteger requests = new AtomicInteger();
        private final ServerSocket socket;
        private final Thread acceptor;
        private final java.util.Set<Socket> accepted = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private volatile boolean closed;

        TruncatingServer(int announced, int sent) throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            socket.setSoTimeout(200);
            acceptor = Thread.ofPlatform().daemon().start(() -> {
                while (!closed) {
                    try {
                        Socket c = socket.accept();
                        accepted.add(c);
                        Thread.ofVirtual().start(() -> answer(c, announced, sent));
                    } catch (SocketTimeoutException e) {
                        // check the closed flag again
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        int port() {
            return socket.getLocalPort();
        }

        private void answer(Socket c, int announced, int sent) {
            try (c) {
                c.setSoTimeout(5000);
                String head = readHead(c.getInputStream());
                requests.incrementAndGet();
                OutputStream out = c.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + announced
                        + "\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                if (head.startsWith("GET") && sent >= 0) {
                    out.write(new byte[sent]);
                }
                out.flush();
                if (head.startsWith("GET") && sent == STALL) {
                    c.setSoTimeout(0);
                    c.getInputStream().read(); // until the client closes, or close() below does
                }
            } catch (IOException e) {
                // the client went away; nothing to do
            }
        }

        private static String readHead(InputStream in) throws IOException {
            StringBuilder b = new StringBuilder();
            while (!b.toString().endsWith("\r\n\r\n")) {
                int c = in.read();
                if (c < 0) {
                    break;
                }
                b.append((char) c);
            }
            return b.toString();
        }

        @Override
        public void close() throws Exception {
            closed = true;
            socket.close();
            acceptor.join(2000);
            for (Socket c : accepted) {
                c.close();
            }
        }
    }
}
