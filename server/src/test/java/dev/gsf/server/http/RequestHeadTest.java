package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.conformance.Corpus;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one-pass reading of common heads ({@link PlainHead#read}) only decides faster what the full reading
 * decides: for every request of the conformance corpus and the heads real clients send, it either declines or gives
 * the full reading's Pass, byte for byte; and the real clients' heads do take it.
 */
class RequestHeadTest {
    /** Heads as curl, wrk, ab, a browser, Python and our load generator send them. */
    static final List<String> CLIENTS = List.of(
            "GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n\r\n",
            "GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
            "GET /1KB.bin HTTP/1.0\r\nHost: 127.0.0.1:8080\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n",
            "GET /1KB.bin HTTP/1.0\r\n\r\n",
            "HEAD /a%20b.bin?x=1&y=%41 HTTP/1.1\r\nhost: localhost\r\nRange: bytes=0-99\r\n"
                    + "If-None-Match: \"abc\"\r\n\r\n",
            "GET /1MB.bin HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: example.com\r\nConnection: keep-alive\r\nsec-ch-ua: \"Chromium\";v=\"131\"\r\n"
                    + "Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8\r\nAccept-Encoding: gzip, deflate\r\n"
                    + "Accept-Language: en-US,en;q=0.9\r\nCookie: a=b; c=d\r\n\r\n");

    static Stream<String> heads() {
        return Stream.concat(CLIENTS.stream(), Corpus.builtIn().cases().stream().map(Corpus.Case::request));
    }

    @ParameterizedTest
    @MethodSource("heads")
    void theOnePassReadingAgreesWithTheFullReading(String request) {
        byte[] bytes = request.replaceFirst("^[\r\n]+", "").getBytes(StandardCharsets.ISO_8859_1);
        int end = RequestHead.end(bytes, 0, bytes.length);
        if (end < 0) {
            return; // an incomplete head is never checked, only looked at early
        }
        RequestHead.Pass plain = PlainHead.read(bytes, end);
        if (plain == null) {
            return;
        }
        RequestHead.Verdict full = FullHead.read(bytes, end);
        assertThat(full).isInstanceOf(RequestHead.Pass.class);
        RequestHead.Pass pass = (RequestHead.Pass) full;
        assertThat(plain.method()).isEqualTo(pass.method());
        assertThat(plain.requestLine()).isEqualTo(pass.requestLine());
        assertThat(plain.contentLength()).isEqualTo(pass.contentLength());
        assertThat(plain.chunked()).isEqualTo(pass.chunked());
        assertThat(new String(plain.forwarded(), StandardCharsets.ISO_8859_1))
                .isEqualTo(new String(pass.forwarded(), StandardCharsets.ISO_8859_1));
    }

    @ParameterizedTest
    @MethodSource("clientHeads")
    void realClientsHeadsTakeTheOnePassReading(String request) {
        byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
        boolean ipLiteral = request.contains("[::1]"); // left to the full reading
        assertThat(PlainHead.read(bytes, bytes.length) != null).isEqualTo(!ipLiteral);
    }

    @org.junit.jupiter.api.Test
    void aPlainGetIsAnHttp11GetWithoutAFieldThatChangesItsAnswer() {
        assertThat(plainGet("GET /a?b HTTP/1.1\r\nHost: x\r\nUser-Agent: u\r\nIf: not a validator\r\n\r\n"))
                .isTrue();
        for (String notPlain : List.of("HEAD /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET /a HTTP/1.0\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nrange: bytes=0-1\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nIf-None-Match: *\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nIF-MODIFIED-SINCE: x\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n")) {
            assertThat(plainGet(notPlain)).as(notPlain).isFalse();
        }
    }

    private static boolean plainGet(String head) {
        byte[] bytes = head.getBytes(StandardCharsets.ISO_8859_1);
        RequestHead.Pass pass = (RequestHead.Pass) RequestHead.check(bytes, bytes.length);
        return pass.plainGet();
    }

    static Stream<String> clientHeads() {
        return CLIENTS.stream();
    }
}
