package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile handshakes from a scripted peer (raw records, not a well-behaved client): a ClientHello the server cannot
 * take gets the alert RFC 8446 §6.2 names before the close, as nginx sends it, and TLS 1.2 client-initiated
 * renegotiation is refused while the server serves on. Handshakes are the same under every algorithm (the engine runs
 * on the selector thread before a request exists), so one algorithm's server is enough; each TLS provider gets one.
 */
@ParameterizedClass(name = "tls-provider={0}")
@MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
class HandshakeAlertsTest {
    private static final int TLS12 = 0x0303;
    private static final int X25519 = 0x001d;

    @TempDir
    Path dir;
    @Parameter
    String provider;
    private FileServer server;

    @BeforeEach
    void start() throws IOException {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        server = Servers.start(Algorithm.ENBA, "tls-port", "0", "tls-cert", issued.chain().toString(),
                "tls-key", issued.key().toString(), "tls-provider", provider);
    }

    @AfterEach
    void stop() {
        server.close();
        Await.until("every engine released after the stop", Duration.ofSeconds(10),
                () -> server.tlsEnginesLive() == 0, server::tlsEnginesLive);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // what the hello lacks,    its suite, its version, the alert's description (RFC 8446 §6.2)
            "no common cipher suite,    0x0a0a,    0x0304,      40", // handshake_failure
            "no common version,         0x1301,    0x7f00,      70", // protocol_version
    })
    void aHelloTheServerCannotTakeGetsItsAlert_thenTheClose(String lacking, String suite, String version, int alert)
            throws IOException {
        byte[] hello = clientHello(Integer.decode(suite), Integer.decode(version));
        try (Socket socket = connect()) {
            socket.getOutputStream().write(hello);
            // a fatal alert record in plain text (no keys agreed yet): type 21, 2 bytes; its record version is TLS 1.2
            // (the JDK) or, before a version was agreed, 1.0 (BoringSSL): RFC 8446 §5.1 lets a peer ignore it
            int[] got = readToTheEnd(socket.getInputStream());
            assertThat(got).as(lacking).hasSize(7).startsWith(21, 3).endsWith(0, 2, 2, alert);
        }
    }

    @Test
    void tls12ClientInitiatedRenegotiationIsRefused_andTheServerServesOn() throws Exception {
        SSLSocket socket = (SSLSocket) TestCerts.clientContext().getSocketFactory()
                .createSocket(connect(), "127.0.0.1", server.tlsPort().getAsInt(), true);
        try (socket) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {"TLSv1.2"});
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.2");
            socket.startHandshake(); // the JDK client renegotiates on a second start; the answer comes with a read
            // the JDK answers handshake_failure, BoringSSL no_renegotiation (RFC 5746 §4.4 allows either; nginx
            // closes); both close the connection
            assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SSLException.class)
                    .hasMessageContaining(provider.equals("jdk") ? "handshake_failure" : "no_renegotiation");
        }
        try (RawHttp https = RawHttp.overTls(server.tlsPort().getAsInt(), TestCerts.clientContext())) {
            assertThat(https.exchange("GET", "/1KB.bin").md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.tlsPort().getAsInt()), 5000);
        socket.setSoTimeout(5000);
        return socket;
    }

    private static int[] readToTheEnd(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        in.transferTo(got); // a timeout (5 s) fails the test: the server must close
        byte[] bytes = got.toByteArray();
        int[] unsigned = new int[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            unsigned[i] = bytes[i] & 0xff;
        }
        return unsigned;
    }

    /** A TLS 1.3 ClientHello record offering one suite and one version, with an X25519 key share. */
    private static byte[] clientHello(int suite, int version) {
        SecureRandom random = new SecureRandom();
        ByteBuffer extensions = ByteBuffer.allocate(256)
                .putShort((short) 0x000a).putShort((short) 4).putShort((short) 2).putShort((short) X25519)
                .putShort((short) 0x000d).putShort((short) 4).putShort((short) 2).putShort((short) 0x0403)
                .putShort((short) 0x002b).putShort((short) 3).put((byte) 2).putShort((short) version)
                .putShort((short) 0x0033).putShort((short) 38).putShort((short) 36).putShort((short) X25519)
                .putShort((short) 32).put(bytes(random, 32));
        extensions.flip();
        ByteBuffer body = ByteBuffer.allocate(512).putShort((short) TLS12).put(bytes(random, 32))
                .put((byte) 32).put(bytes(random, 32)) // legacy session id
                .putShort((short) 2).putShort((short) suite).put((byte) 1).put((byte) 0) // null compression only
                .putShort((short) extensions.remaining()).put(extensions);
        body.flip();
        ByteBuffer record = ByteBuffer.allocate(5 + 4 + body.remaining()).put((byte) 22).putShort((short) 0x0301)
                .putShort((short) (4 + body.remaining())).putInt((1 << 24) | body.remaining()).put(body);
        return record.array();
    }

    private static byte[] bytes(SecureRandom random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
