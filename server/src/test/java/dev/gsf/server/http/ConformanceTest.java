package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.conformance.Conformance;
import dev.gsf.conformance.ConformanceCommand;
import dev.gsf.conformance.Connector;
import dev.gsf.conformance.Corpus;
import dev.gsf.conformance.Trust;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Relay;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The conformance corpus (request line, fields, framing, paths, ranges, conditionals, methods) against the server,
 * over HTTP and inside TLS on its HTTPS port; and {@code gsf conformance --url https://…} against it, with what it
 * says when the certificate or the options do not fit.
 */
@Order(1) // started first (junit-platform.properties): among the longest classes whose tests run one by one
class ConformanceTest {
    @TempDir
    Path dir;

    /**
     * Every algorithm over every transport, zero-copy on (the default) only: the corpus's bodies are at most 1 KB,
     * under zero-copy-min, so every algorithm copies them either way (the five zero-copy off cells repeated these).
     */
    @ParameterizedTest
    @MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmOverHttpAndHttps")
    void everyCaseOfTheCorpusGetsTheAnswerTheRfcsGive(Algorithm algorithm, Transport transport) throws IOException {
        try (FileServer server = start(algorithm, true, transport)) {
            Connector connector = transport == Transport.HTTP
                    ? Connector.plain(new InetSocketAddress("127.0.0.1", server.port())) : tls(server);
            List<Conformance.Row> rows = Conformance.run(Corpus.builtIn(), connector, Duration.ofSeconds(10));
            assertThat(rows).hasSizeGreaterThanOrEqualTo(80);
            assertThat(rows.stream().filter(r -> !r.conforms()).toList())
                    .as(() -> Conformance.table(rows, false)).isEmpty();
        }
    }

    /** What the runner tells apart over plain TCP it tells apart inside TLS: no answer, a close, an open connection. */
    @Test
    void overTlsAnAnswerThatNeverComesIsHung_aCloseIsClose_andAKeptConnectionOpen() throws IOException {
        Corpus corpus = Corpus.parse("""
                case unfinished
                why RFC 9112 §2.2: a head without its empty line is no request yet
                send GET /1KB.bin HTTP/1.1\\r\\nHost: x\\r\\n
                expect - -

                case closing
                why RFC 9112 §9.6
                send GET /1KB.bin HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n
                expect 200 close

                case kept
                why RFC 9112 §9.3
                send GET /1KB.bin HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n
                expect 200 open
                """);
        try (FileServer server = start(Algorithm.ENBA, false, Transport.HTTPS)) {
            List<Conformance.Row> rows = Conformance.run(corpus, tls(server), Duration.ofMillis(500));
            assertThat(rows).extracting(Conformance.Row::got).containsExactly("none hung", "200 close", "200 open");
            assertThat(rows).extracting(Conformance.Row::conforms).containsExactly(false, true, true);
        }
    }

    /** Connecting and the handshake are the run's setup, not a case: one slower than a case's timeout still connects. */
    @Test
    void aHandshakeSlowerThanTheCaseTimeoutIsWaitedFor_notReportedAsAnUnreachableServer() throws Exception {
        Corpus corpus = Corpus.parse("""
                case kept
                why RFC 9112 §9.3
                send GET /1KB.bin HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n
                expect 200 open
                """);
        try (FileServer server = start(Algorithm.ENBA, false, Transport.HTTPS);
             Relay relay = Relay.holdingTheClientFor(server.tlsPort().orElseThrow(), 1_000)) {
            Connector held = Connector.tls(new InetSocketAddress("127.0.0.1", relay.port()), "127.0.0.1",
                    new Trust(TestCerts.clientContext(), false));
            List<Conformance.Row> rows = Conformance.run(corpus, held, Duration.ofMillis(300));
            assertThat(rows).extracting(Conformance.Row::got).containsExactly("200 open");
        }
    }

    /**
     * The command's TLS options, each on three cases (a kept connection, a closed one, a missing file) by --corpus:
     * every case is a TLS connection of its own, and the built-in corpus over TLS (its 132 connections twice more)
     * is the parameterized test's above, through the same runner.
     */
    @Test
    void theCommandPassesOverHttps_trustingTheCaFile_orAnythingWithInsecure_namingTheHostBySni() throws IOException {
        Path root = TestCerts.writeRoot(dir.resolve("root.pem"));
        Path corpus = Files.writeString(dir.resolve("corpus.txt"), """
                case kept
                why RFC 9112 §9.3
                send GET /1KB.bin HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n
                expect 200 open

                case closing
                why RFC 9112 §9.6
                send GET /1KB.bin HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n
                expect 200 close

                case missing
                why RFC 9110 §15.5.5
                send GET /nope HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n
                expect 404 open
                """);
        try (FileServer server = start(Algorithm.ENBA, false, Transport.HTTPS)) {
            int port = server.tlsPort().orElseThrow();
            Run trusted = conformance("--url", "https://127.0.0.1:" + port, "--ca", root.toString(), "--corpus",
                    corpus.toString());
            assertThat(trusted.exit).as(trusted.err).isZero();
            assertThat(trusted.out).contains("3 cases, 3 as expected, 0 differ");
            assertThat(trusted.err).isEmpty();

            Run insecure = conformance("--url", "https://localhost:" + port, "--insecure", "--corpus",
                    corpus.toString());
            assertThat(insecure.exit).as(insecure.err).isZero();
            assertThat(insecure.out).contains("3 cases, 3 as expected, 0 differ");
            assertThat(insecure.err).isEqualTo("gsf conformance: --insecure: the server's certificate is not checked"
                    + " (any certificate, any host)\n");
        }
    }

    @Test
    void anUntrustedCertificate_orPlainHttpAnsweringTheHandshake_isOneLineAndExit2() throws IOException {
        // Another leaf as the only trusted certificate: the server's chain does not lead to it.
        TestCerts.Issued other = TestCerts.issue(dir, "other", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        Path otherLeaf = Files.writeString(dir.resolve("other-leaf.pem"), "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(encoded(other)) + "\n"
                + "-----END CERTIFICATE-----\n");
        Path root = TestCerts.writeRoot(dir.resolve("root.pem"));
        try (FileServer server = start(Algorithm.VTA, true, Transport.HTTPS)) {
            Run untrusted = conformance("--url", "https://127.0.0.1:" + server.tlsPort().orElseThrow(), "--ca",
                    otherLeaf.toString());
            assertThat(untrusted.exit).isEqualTo(2);
            assertThat(untrusted.out).isEmpty();
            assertThat(untrusted.err).startsWith("gsf conformance: TLS handshake with https://127.0.0.1:"
                    + server.tlsPort().orElseThrow() + " failed: the server's certificate is not accepted: ");
            assertThat(untrusted.err.lines()).hasSize(1);

            Run plainPort = conformance("--url", "https://127.0.0.1:" + server.port(), "--ca", root.toString());
            assertThat(plainPort.exit).isEqualTo(2);
            assertThat(plainPort.err).startsWith("gsf conformance: TLS handshake with https://127.0.0.1:"
                    + server.port() + " failed: ");
            assertThat(plainPort.err.lines()).hasSize(1);
        }
    }

    /** TLS to the server's HTTPS port, trusting the test root as --ca would. */
    private static Connector tls(FileServer server) {
        return Connector.tls(new InetSocketAddress("127.0.0.1", server.tlsPort().orElseThrow()), "127.0.0.1",
                new Trust(TestCerts.clientContext(), false));
    }

    private static byte[] encoded(TestCerts.Issued issued) {
        try {
            return issued.leaf().getEncoded();
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FileServer start(Algorithm algorithm, boolean zeroCopy, Transport transport) throws IOException {
        // idle-timeout far above the read timeout: a request the server leaves waiting shows as "hung", not "close"
        return Servers.start(algorithm, transport.keys("zero-copy", String.valueOf(zeroCopy), "idle-timeout", "60s"));
    }

    /** What {@code gsf conformance} printed and its exit code. */
    private record Run(int exit, String out, String err) {
    }

    private static Run conformance(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ConformanceCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Run(exit, out.toString(), err.toString());
    }
}
