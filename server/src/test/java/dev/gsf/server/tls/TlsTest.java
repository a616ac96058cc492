package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.Reload;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.testing.AdminScrape;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.ProcessFigures;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Variants;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTTPS port on a real server: certificates and keys as nginx takes them, what a bad one does at start, a
 * renewed one on reload, real clients (curl, openssl), and clients that are not TLS or never finish a handshake.
 * Certificates are made for each test (TestCerts); each test runs under both TLS providers. The bytes of every
 * algorithm over TLS are checked by the byte-checking tests, which run over both transports.
 */
@Isolated("counts every descriptor of the JVM")
class TlsTest {
    private static final String PROVIDERS = "dev.gsf.server.testing.Variants#tlsProviders";
    private static final Duration WAIT = Duration.ofSeconds(10);
    @TempDir
    Path dir;

    static Stream<Arguments> keys() {
        return Arrays.stream(TestCerts.Kind.values())
                .flatMap(kind -> Arrays.stream(TestCerts.Form.values()).flatMap(form -> Variants.tlsProviders()
                        .map(provider -> Arguments.of(provider, kind, form))));
    }

    @ParameterizedTest(name = "tls-provider={0} {1} {2}")
    @MethodSource("keys")
    void everyKeyFormServes_presentingTheWholeChain_andThePlainPortStaysHttp(String provider, TestCerts.Kind kind,
                                                                            TestCerts.Form form) throws Exception {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", kind, form);
        assertThat(Files.readString(issued.key())).startsWith(form == TestCerts.Form.PKCS8
                ? "-----BEGIN PRIVATE KEY-----" : "-----BEGIN " + kind + " PRIVATE KEY-----");
        try (FileServer server = start(provider, Algorithm.ENBA, issued);
             RawHttp https = tls(server);
             RawHttp http = new RawHttp(server.port())) {
            SSLSocket socket = (SSLSocket) https.socket();
            assertThat(socket.getSession().getPeerCertificates()).hasSize(2); // the leaf and the intermediate
            assertThat(socket.getSession().getPeerCertificates()[0]).isEqualTo(issued.leaf());
            assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.3");
            assertThat(https.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            assertThat(http.exchange("GET", "/1KB.bin").md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
            assertThat(server.startLine()).contains("https://127.0.0.1:" + server.tlsPort().getAsInt())
                    .contains("zero-copy=off on TLS").containsPattern("ktls=(unavailable|available)")
                    .containsPattern(provider.equals("jdk") ? " \\(tls-provider=jdk tls="
                            : " \\(tls-provider=openssl\\(BoringSSL [^)]*\\) tls=");
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void tls12WithAnAeadSuiteIsTaken_aCbcSuiteIsNot_andAlpnIsH2ThenHttp11(String provider) throws Exception {
        try (FileServer server = start(provider, Algorithm.EBA, TestCerts.issue(dir, "server", TestCerts.Kind.RSA,
                TestCerts.Form.TRADITIONAL))) {
            try (SSLSocket alpn = handshake(server, new String[] {"TLSv1.3", "TLSv1.2"}, null,
                    new String[] {"h2", "http/1.1"})) {
                assertThat(alpn.getApplicationProtocol()).isEqualTo("h2");
            }
            try (SSLSocket http11 = handshake(server, new String[] {"TLSv1.3"}, null, new String[] {"http/1.1"})) {
                assertThat(http11.getApplicationProtocol()).isEqualTo("http/1.1");
            }
            try (SSLSocket tls12 = handshake(server, new String[] {"TLSv1.2"}, null, null)) {
                assertThat(tls12.getSession().getProtocol()).isEqualTo("TLSv1.2");
                assertThat(tls12.getSession().getCipherSuite()).startsWith("TLS_ECDHE_RSA_").contains("_GCM_");
            }
            assertThatThrownBy(() -> handshake(server, new String[] {"TLSv1.2"},
                    new String[] {"TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"}, null).close())
                    .isInstanceOf(SSLHandshakeException.class);
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void aMissingUnreadableOrMismatchedCertificateOrKeyStopsTheStart_namingTheKey(String provider) throws IOException {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        TestCerts.Issued other = TestCerts.issue(dir, "other", TestCerts.Kind.EC, TestCerts.Form.TRADITIONAL);
        Path text = Files.writeString(dir.resolve("text.pem"), "not a PEM file\n");
        assertStartRefused(provider, dir.resolve("missing.crt"), issued.key(), "tls-cert: " + dir.resolve("missing.crt")
                + " does not exist");
        assertStartRefused(provider, issued.chain(), dir.resolve("missing.key"), "tls-key: " + dir.resolve("missing.key")
                + " does not exist");
        assertStartRefused(provider, dir, issued.key(), "tls-cert: " + dir + " is not a file");
        assertStartRefused(provider, text, issued.key(), "tls-cert: no certificate (BEGIN CERTIFICATE) in " + text);
        assertStartRefused(provider, issued.chain(), issued.chain(), "tls-key: no private key");
        assertStartRefused(provider, issued.chain(), other.key(), "tls-key: " + other.key()
                + " is not the key of the certificate in " + issued.chain());
        assertThatThrownBy(() -> Servers.start(Algorithm.SBA, "tls-port", "0"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("tls-cert: needed with tls-port");
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void aRenewedCertificateIsPresentedToNewConnections_whileAnOpenOneGoesOn_andABadRenewalIsRefused(String provider)
            throws Exception {
        TestCerts.Issued first = TestCerts.issue(dir, "live", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        try (FileServer server = start(provider, Algorithm.SBA, first, "admin-port", "0");
             RawHttp open = tls(server)) {
            assertThat(open.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            TestCerts.Issued second = TestCerts.issue(dir, "live", TestCerts.Kind.RSA, TestCerts.Form.TRADITIONAL);

            // As SIGHUP does: the same configuration read again; the files under its names have changed.
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            Set<ServerConfig.Key> changed = new Reload(server, new PrintStream(said, true), System.err)
                    .apply(server::config);
            assertThat(changed).containsExactly(ServerConfig.Key.TLS_CERT);
            assertThat(said.toString()).contains("changed tls-cert");
            assertThat(peerLeaf(server)).isEqualTo(second.leaf());
            assertThat(open.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            assertThat(((SSLSocket) open.socket()).getSession().getPeerCertificates()[0]).isEqualTo(first.leaf());

            // POST /admin/config reads them again too.
            TestCerts.Issued third = TestCerts.issue(dir, "live", TestCerts.Kind.EC, TestCerts.Form.TRADITIONAL);
            var answer = AdminScrape.post(server.adminPort().orElseThrow(), "/admin/config",
                    "tls-handshake-timeout=30s\n");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).contains("tls-cert").contains("tls-handshake-timeout");
            assertThat(peerLeaf(server)).isEqualTo(third.leaf());

            // A key that does not fit refuses the reload; the certificate in use stays.
            TestCerts.Issued spare = TestCerts.issue(dir, "spare", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
            Files.copy(spare.key(), third.key(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertThatThrownBy(() -> server.reconfigure(server.config())).isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith("tls-key: ");
            assertThat(peerLeaf(server)).isEqualTo(third.leaf());
            assertThat(open.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void plainHttpOnTheTlsPortIsAnswered400AndClosed(String provider) throws Exception {
        try (FileServer server = start(provider, Algorithm.ENBA, issue());
             RawHttp plain = new RawHttp(server.tlsPort().getAsInt())) {
            plain.socket().setSoTimeout(5000);
            RawHttp.Response answer = plain.exchange("GET", "/1KB.bin");
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.header("Connection")).isEqualTo("close");
            assertThat(answer.body()).contains("HTTPS port");
            assertThat(plain.closedByServer()).isTrue();
        }
    }

    /**
     * As nginx logs its "plain HTTP request was sent to HTTPS port" (checked with nginx 1.22.1): the request line and
     * the Referer and User-Agent as they arrived, status 400, the body bytes sent (none for HEAD).
     */
    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void plainHttpOnTheTlsPortIsInTheAccessLog_asNginxLogsIt(String provider) throws Exception {
        Path log = dir.resolve("access.log");
        long bodyBytes;
        try (FileServer server = start(provider, Algorithm.SBA, issue(), "access-log", log.toString());
             RawHttp get = new RawHttp(server.tlsPort().getAsInt());
             RawHttp head = new RawHttp(server.tlsPort().getAsInt());
             RawHttp partial = new RawHttp(server.tlsPort().getAsInt())) {
            RawHttp.Response answer = get.exchange("GET", "/1KB.bin", "Referer: http://r/", "User-Agent: curl/8");
            assertThat(answer.status()).isEqualTo(400);
            bodyBytes = answer.bodyLength();
            head.sendRaw("HEAD /x?y HTTP/1.1\r\nHost: x\r\nUser-Agent: a\"b\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            assertThat(head.read(true).status()).isEqualTo(400);
            assertThat(head.closedByServer()).isTrue();
            partial.sendRaw("GET /partial".getBytes(StandardCharsets.ISO_8859_1)); // no line end: what came is logged
            assertThat(partial.read(false).status()).isEqualTo(400);
        } // closing the server flushes its log
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(3);
        String clf = "127\\.0\\.0\\.1 - - \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}] ";
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf + "\"GET /1KB.bin HTTP/1.1\" 400 "
                + bodyBytes + " \"http://r/\" \"curl/8\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf
                + "\"HEAD /x\\?y HTTP/1.1\" 400 - \"-\" \"a\\\\x22b\""));
        assertThat(lines).anySatisfy(line -> assertThat(line).matches(clf + "\"GET /partial\" 400 " + bodyBytes
                + " \"-\" \"-\""));
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void garbageOrATruncatedClientHelloIsClosed_andAStalledHandshakeTimesOut(String provider) throws Exception {
        try (FileServer server = start(provider, Algorithm.VTA, issue(), "tls-handshake-timeout", "300ms")) {
            byte[] hello = clientHello();
            byte[] junkRecord = {0x16, 0x03, 0x01, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 7, 8};
            for (byte[] bytes : List.of(new byte[64], junkRecord, Arrays.copyOf(hello, hello.length - 10))) {
                try (Socket socket = connect(server)) {
                    socket.getOutputStream().write(bytes);
                    assertThat(RawHttp.closedWithin(socket)).as("closed after %d bytes", bytes.length).isTrue();
                }
            }
            assertThat(server.tlsHandshakesTimedOut()).isEqualTo(1); // the truncated hello; the others failed
            assertThat(server.startLine()).contains("tls-handshake-timeout=300ms");
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void abandonedHandshakesGiveTheirConnectionsAndDescriptorsBack(String provider) throws Exception {
        try (FileServer server = start(provider, Algorithm.ENBA, issue(), "tls-handshake-timeout", "300ms")) {
            try (RawHttp warmUp = tls(server)) { // the server's own descriptors (files, selectors) are open now
                assertThat(warmUp.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
            }
            Await.until("the warm-up connection closed", WAIT, () -> server.connectionsOpen() == 0);
            long baseline = ProcessFigures.openDescriptors();
            byte[] partialHello = Arrays.copyOf(clientHello(), 40);
            List<Socket> abandoned = new ArrayList<>();
            try {
                for (int i = 0; i < 200; i++) {
                    Socket socket = connect(server);
                    abandoned.add(socket);
                    if (i % 2 == 0) {
                        socket.getOutputStream().write(partialHello); // half of them stop inside their hello
                    }
                }
                Await.until("every handshake timed out", WAIT, () -> server.tlsHandshakesTimedOut() == 200,
                        server::tlsHandshakesTimedOut);
                Await.until("every connection closed", WAIT, () -> server.connectionsOpen() == 0,
                        server::connectionsOpen);
            } finally {
                for (Socket socket : abandoned) {
                    socket.close();
                }
            }
            Await.until("descriptors back to the baseline", WAIT, () -> ProcessFigures.openDescriptors() <= baseline,
                    () -> ProcessFigures.openDescriptors() + " open, " + baseline + " before");
            try (RawHttp after = tls(server)) {
                assertThat(after.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
            }
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource(PROVIDERS)
    void curlAndOpensslTalkToIt(String provider) throws Exception {
        assumeTrue(onPath("curl") && onPath("openssl"), "curl or openssl is not installed");
        Path root = TestCerts.writeRoot(dir.resolve("root.pem"));
        try (FileServer server = start(provider, Algorithm.ADA, issue())) {
            String url = "https://127.0.0.1:" + server.tlsPort().getAsInt() + "/20MB.bin";
            Path body = dir.resolve("body");
            String curl = run(null, "curl", "-sS", "--cacert", root.toString(), "-o", body.toString(), "-w",
                    "%{http_code} %{http_version}", url);
            assertThat(curl).isEqualTo("200 2"); // ALPN h2: the download's writes go out as DATA frames
            assertThat(md5(body)).isEqualTo(TestFiles.md5Of("20MB.bin"));
            // a TLS 1.2 record carries fewer plain bytes than a TLS 1.3 one: each piece is two records there
            String tls12 = run(null, "curl", "-sS", "--tls-max", "1.2", "--cacert", root.toString(), "-o",
                    body.toString(), "-w", "%{http_code} %{http_version}", url);
            assertThat(tls12).isEqualTo("200 2");
            assertThat(md5(body)).isEqualTo(TestFiles.md5Of("20MB.bin"));
            // -ign_eof: the answer is read until the server closes (Connection: close), not until stdin ends
            String openssl = run("GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", "openssl",
                    "s_client", "-ign_eof", "-connect", "127.0.0.1:" + server.tlsPort().getAsInt(), "-alpn",
                    "http/1.1", "-CAfile", root.toString(), "-verify_return_error");
            assertThat(openssl).contains("New, TLSv1.3").contains("ALPN protocol: http/1.1")
                    .contains("Verify return code: 0 (ok)").contains("HTTP/1.1 200 OK")
                    .contains("Content-Length: 1024");
        }
    }

    private static FileServer start(String provider, Algorithm algorithm, TestCerts.Issued issued, String... keyValues)
            throws IOException {
        String[] tls = {"tls-port", "0", "tls-cert", issued.chain().toString(), "tls-key", issued.key().toString(),
                "tls-provider", provider};
        return Servers.start(algorithm, Stream.concat(Arrays.stream(tls), Arrays.stream(keyValues))
                .toArray(String[]::new));
    }

    private TestCerts.Issued issue() {
        return TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
    }

    private static RawHttp tls(FileServer server) throws IOException {
        return RawHttp.overTls(server.tlsPort().getAsInt(), TestCerts.clientContext());
    }

    private static void assertStartRefused(String provider, Path cert, Path key, String message) {
        assertThatThrownBy(() -> Servers.start(Algorithm.SBA, "tls-port", "0", "tls-cert", cert.toString(),
                "tls-key", key.toString(), "tls-provider", provider).close())
                .isInstanceOf(ConfigException.class).hasMessageStartingWith(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static SSLSocket handshake(FileServer server, String[] protocols, String[] suites, String[] alpn)
            throws IOException {
        Socket plain = connect(server);
        SSLSocket socket = (SSLSocket) TestCerts.clientContext().getSocketFactory()
                .createSocket(plain, "127.0.0.1", server.tlsPort().getAsInt(), true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setProtocols(protocols);
        if (suites != null) {
            parameters.setCipherSuites(suites);
        }
        if (alpn != null) {
            parameters.setApplicationProtocols(alpn);
        }
        socket.setSSLParameters(parameters);
        socket.setSoTimeout(5000);
        try {
            socket.startHandshake();
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    private static Certificate peerLeaf(FileServer server) throws IOException {
        try (RawHttp fresh = tls(server)) {
            return ((SSLSocket) fresh.socket()).getSession().getPeerCertificates()[0];
        }
    }

    private static Socket connect(FileServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.tlsPort().getAsInt()), 5000);
        socket.setSoTimeout(5000);
        return socket;
    }

    /** The bytes of a real ClientHello, as a JDK client would send them. */
    private static byte[] clientHello() throws IOException {
        SSLEngine engine = TestCerts.clientContext().createSSLEngine("127.0.0.1", 443);
        engine.setUseClientMode(true);
        ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), out);
        return Arrays.copyOf(out.array(), out.position());
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** Runs a command with {@code input} on its standard input; its output, once it has exited (at most 30 s). */
    private static String run(String input, String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            try (OutputStream stdin = process.getOutputStream()) {
                if (input != null) {
                    stdin.write(input.getBytes(StandardCharsets.US_ASCII));
                }
            }
            byte[] output = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s exited", command[0]).isTrue();
            return new String(output, StandardCharsets.UTF_8);
        } finally {
            process.destroyForcibly();
        }
    }

    private static String md5(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return RawHttp.md5Hex(in);
        }
    }
}
