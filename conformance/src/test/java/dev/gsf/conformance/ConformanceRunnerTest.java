package dev.gsf.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The corpus file parses, and the runner tells a lenient server from a strict one. */
class ConformanceRunnerTest {

    @Test
    void theBuiltInCorpusHasAtLeast80CasesCoveringEveryArea() {
        List<Corpus.Case> cases = Corpus.builtIn().cases();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(80);
        assertThat(cases).allSatisfy(c -> assertThat(c.why()).contains("RFC"));
        assertThat(cases).extracting(Corpus.Case::name).contains("te-xchunked-smuggle", "host-twice",
                "header-without-colon", "leading-crlf", "http-2.0", "trace", "tls-client-hello", "long-uri",
                "long-field", "range-multiple", "if-none-match-etag", "traversal");
    }

    @Test
    void escapesAndRepeatsBecomeTheBytesSent() {
        Corpus corpus = Corpus.parse("""
                case one
                why RFC 9112 §2.2
                send \\r\\nGET /{repeat 3 a} HTTP/1.1\\r\\n
                send X: \\x16\\t\\\\\\r\\n\\r\\n
                expect 200|206 open
                """);
        Corpus.Case c = corpus.cases().get(0);
        assertThat(c.request()).isEqualTo("\r\nGET /aaa HTTP/1.1\r\nX: \u0016\t\\\r\n\r\n");
        assertThat(c.statuses()).containsExactlyInAnyOrder(200, 206);
        assertThat(c.connection()).isEqualTo(Corpus.Connection.OPEN);
        assertThat(c.expected()).isEqualTo("200|206 open");
    }

    @Test
    void aBrokenCorpusNamesItsLine() {
        assertThatThrownBy(() -> Corpus.parse("case a\nsend x\nexpect 200 maybe\n"))
                .hasMessageContaining("corpus line 3");
        assertThatThrownBy(() -> Corpus.parse("case a\nsend x\n")).hasMessageContaining("no expect line");
        assertThatThrownBy(() -> Corpus.parse("case a\nsend \\q\nexpect 200 open\n"))
                .hasMessageContaining("unknown escape");
    }

    /**
     * A real loopback server that answers every request 200 and keeps every connection open, whatever it got: the
     * runner must report the strict cases as differing and the plain ones as conforming.
     */
    @Test
    void aServerThatAnswersEverything200IsReportedWhereTheRfcsSayOtherwise() throws Exception {
        try (ServerSocket lenient = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> answerEverything200(lenient));
            List<Conformance.Row> rows = Conformance.run(Corpus.builtIn(), Connector.plain(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), lenient.getLocalPort())),
                    Duration.ofSeconds(2));
            Map<String, Conformance.Row> byName = rows.stream()
                    .collect(Collectors.toMap(r -> r.testCase().name(), Function.identity()));
            assertThat(byName.get("get").conforms()).isTrue();
            assertThat(byName.get("get").got()).isEqualTo("200 open");
            assertThat(byName.get("te-xchunked-smuggle").conforms()).isFalse();
            assertThat(byName.get("host-missing").got()).isEqualTo("200 open");
            assertThat(byName.get("not-found").conforms()).isFalse();
            assertThat(Conformance.table(rows, false)).contains("DIFFERS").contains("host-missing")
                    .doesNotContainPattern("(?m)^get ");
            acceptor.interrupt();
        }
    }

    /** Reads whatever comes, answers "200, no body" to each chunk of it, until the socket is closed. */
    private static void answerEverything200(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread.ofVirtual().start(() -> {
                    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        byte[] buffer = new byte[1 << 16];
                        while (in.read(buffer) > 0) {
                            out.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                        }
                    } catch (IOException gone) {
                        // the runner closed the connection
                    }
                });
            } catch (IOException closed) {
                return;
            }
        }
    }
}
