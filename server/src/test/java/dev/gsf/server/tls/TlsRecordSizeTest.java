package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TLS records a download is sent in, as seen on the wire by a proxy between a JDK client and the server: whole
 * records (16 KB) to a client that reads as fast as it can; small ones (4 KB) to one that has made the server wait,
 * for the rest of that download and the connection's next ones, since the server holds the record in flight in its
 * heap until the kernel takes it (10,000 slow clients held 167 MB of whole records). Both get every byte.
 */
@ParameterizedClass(name = "{0} tls-provider={1}")
@MethodSource("algorithmsAndProviders")
class TlsRecordSizeTest {
    /** A small piece's record: 4 KB of body, its tag, content type and what the JDK adds (4,129 bytes). */
    private static final int SMALL_RECORD = (4 << 10) + 64;
    @TempDir
    Path dir;
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    String provider;

    /** Every algorithm under BoringSSL (the default provider), and ENBA's queued writes under the JDK's TLS. */
    static Stream<Arguments> algorithmsAndProviders() {
        return Stream.concat(Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, Transport.HTTPS.provider)),
                Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS_JDK.provider)));
    }

    @Test
    void aFastClientGetsWholeRecords() throws Exception {
        try (FileServer server = start(); RecordProxy proxy = new RecordProxy(server.tlsPort().getAsInt(), 0);
             RawHttp client = RawHttp.overTls(proxy.port(), TestCerts.clientContext())) {
            assertThat(client.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            assertThat(proxy.records()).as("record sizes").anySatisfy(size -> assertThat(size).isGreaterThan(16_000));
        }
    }

    @Test
    void aClientThatMadeTheServerWaitGetsSmallRecords_alsoInItsNextDownload() throws Exception {
        try (FileServer server = start();
             RecordProxy proxy = new RecordProxy(server.tlsPort().getAsInt(), 1000); // far over the server's 250 ms
             RawHttp client = RawHttp.overTls(proxy.port(), TestCerts.clientContext())) {
            assertThat(client.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            List<Integer> first = proxy.records();
            assertThat(first).as("whole records before the pause").anySatisfy(size -> assertThat(size)
                    .isGreaterThan(16_000));
            assertThat(first.subList(first.size() - 50, first.size())).as("the last records of the download")
                    .allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(SMALL_RECORD));
            assertThat(client.exchange("GET", "/500KB.bin").md5()).isEqualTo(TestFiles.md5Of("500KB.bin"));
            List<Integer> next = proxy.records();
            // (its first record is the head's, with the first bytes of the body, through Grizzly's SSL filter)
            assertThat(next.subList(first.size() + 1, next.size())).as("the next download's records")
                    .hasSizeGreaterThan(100).allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(SMALL_RECORD));
        }
    }

    /** A server whose send buffer is small, so that a client that stops reading makes its writes wait at once. */
    private FileServer start() throws IOException {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        return Servers.start(algorithm, "tls-port", "0", "tls-cert", issued.chain().toString(), "tls-key",
                issued.key().toString(), "send-buffer", "16K", "tls-provider", provider);
    }

    /**
     * Forwards one connection to the server, reading the TLS record headers of what the server sends. With a
     * {@code pauseMillis}, it stops reading from the server once for that long, after the first 32 KB.
     */
    private static final class RecordProxy implements AutoCloseable {
        private static final int PAUSE_AFTER = 32 << 10;
        private final ServerSocket listening;
        private final int serverPort;
        private final long pauseMillis;
        private final List<Integer> records = new ArrayList<>();
        private final List<Socket> sockets = new ArrayList<>();
        private final List<Thread> threads = new ArrayList<>();

        RecordProxy(int serverPort, long pauseMillis) throws IOException {
            this.serverPort = serverPort;
            this.pauseMillis = pauseMillis;
            listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Thread accept = new Thread(this::accept, "record-proxy");
            threads.add(accept);
            accept.start();
        }

        int port() {
            return listening.getLocalPort();
        }

        /** The sizes of the records the server sent so far (header excluded), in order. */
        synchronized List<Integer> records() {
            return new ArrayList<>(records);
        }

        private void accept() {
            try {
                Socket client = listening.accept();
                Socket server = new Socket();
                server.setReceiveBufferSize(16 << 10);
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort), 5000);
                synchronized (this) {
                    sockets.add(client);
                    sockets.add(server);
                }
                Thread up = new Thread(() -> copy(client, server, false), "record-proxy-up");
                threads.add(up);
                up.start();
                copy(server, client, true);
            } catch (IOException closed) {
                // the test is over
            }
        }

        private void copy(Socket from, Socket to, boolean fromServer) {
            byte[] buffer = new byte[8192];
            byte[] header = new byte[5];
            int headerRead = 0;
            long recordLeft = 0;
            long forwarded = 0;
            boolean paused = pauseMillis == 0 || !fromServer;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    for (int i = 0; fromServer && i < n; ) { // the record boundaries in these bytes
                        if (recordLeft > 0) {
                            int skip = (int) Math.min(recordLeft, n - i);
                            recordLeft -= skip;
                            i += skip;
                            continue;
                        }
                        header[headerRead++] = buffer[i++];
                        if (headerRead == header.length) {
                            recordLeft = ((header[3] & 0xff) << 8) | (header[4] & 0xff);
                            headerRead = 0;
                            synchronized (this) {
                                records.add((int) recordLeft);
                            }
                        }
                    }
                    out.write(buffer, 0, n);
                    forwarded += n;
                    if (!paused && forwarded > PAUSE_AFTER) {
                        paused = true;
                        Thread.sleep(pauseMillis); // a client that stops reading: the server's writes wait
                    }
                }
            } catch (IOException | InterruptedException closed) {
                // one side closed
            }
        }

        @Override
        public void close() throws Exception {
            listening.close();
            synchronized (this) {
                for (Socket socket : sockets) {
                    socket.close();
                }
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
    }
}
