package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Findings of the head fuzz target ({@link HeadFuzzTest}), kept as examples: the filter's verdict on a head at a limit
 * is the same however the bytes were cut into reads; an absolute-form target's authority is a valid host.
 */
class HeadLimitsTest {
    @Test
    void aHeadOfOneByteOverTheLimitIs431EvenWhenItArrivesWhole() {
        String line = "GET /a HTTP/1.1\r\nHost: x\r\n";
        StringBuilder head = new StringBuilder(line);
        while (head.length() + 8000 + 2 <= RequestHead.MAX_HEAD + 1) {
            head.append("X: ").append("b".repeat(8000 - 5)).append("\r\n");
        }
        int rest = RequestHead.MAX_HEAD + 1 - head.length() - 2;
        head.append("Y: ").append("c".repeat(rest - 5)).append("\r\n").append("\r\n");
        byte[] b = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        assertThat(b).hasSize(RequestHead.MAX_HEAD + 1);

        RequestHead.Verdict verdict = RequestHead.decide(b, b.length, RequestHead.end(b, 0, b.length));

        assertThat(verdict).isInstanceOfSatisfying(RequestHead.Refuse.class, r -> assertThat(r.status()).isEqualTo(431));
    }

    @Test
    void aRequestLineOfTheLongestLengthWaitsForItsLineFeedAfterTheCarriageReturn() {
        String line = "GET /" + "a".repeat(RequestHead.MAX_REQUEST_LINE - "GET / HTTP/1.1".length()) + " HTTP/1.1";
        byte[] b = (line + "\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        int cut = line.length() + 1; // the read ended between CR and LF

        assertThat(RequestHead.decide(b, cut, RequestHead.end(b, 0, cut))).isNull();
        assertThat(RequestHead.decide(b, b.length, RequestHead.end(b, 0, b.length)))
                .isInstanceOf(RequestHead.Pass.class);
    }

    @Test
    void aBadMethodOnALongLineIs400WhateverTheCut() {
        byte[] b = ("G\u0001T /" + "a".repeat(RequestHead.MAX_REQUEST_LINE) + " HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        for (int cut : new int[] {10, RequestHead.MAX_REQUEST_LINE + 5, b.length}) {
            RequestHead.Verdict verdict = RequestHead.decide(b, cut, RequestHead.end(b, 0, cut));
            assertThat(verdict).as("cut at " + cut).isInstanceOfSatisfying(RequestHead.Refuse.class,
                    r -> assertThat(r.status()).isEqualTo(400));
        }
    }

    @Test
    void anAbsoluteFormTargetNeedsTheAuthorityAHostHeaderWouldNeed() {
        for (String target : new String[] {"http://loc\u00a6host/1KB.bin", "http:///1KB.bin", "http://a b/",
                "https://x:80:80/1KB.bin", "http://:80/1KB.bin"}) {
            byte[] b = ("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
            assertThat(RequestHead.decide(b, b.length, RequestHead.end(b, 0, b.length))).as(target)
                    .isInstanceOfSatisfying(RequestHead.Refuse.class, r -> assertThat(r.status()).isEqualTo(400));
        }
        for (String target : new String[] {"http://localhost/1KB.bin", "HTTPS://[::1]:8443?x", "http://a.b:8080"}) {
            byte[] b = ("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
            assertThat(RequestHead.decide(b, b.length, RequestHead.end(b, 0, b.length))).as(target)
                    .isInstanceOf(RequestHead.Pass.class);
        }
    }
}
