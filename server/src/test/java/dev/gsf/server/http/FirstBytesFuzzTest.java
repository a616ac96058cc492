package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target: the HTTPS port's look at a connection's first bytes ({@link PlainHttpRefusal}) and what it logs of
 * them. Invariants: a TLS record (content type 20-23) is never refused, an HTTP method's letter always is; the request
 * line logged is one line of at most 1024 characters taken from the first line of the bytes; a field read for the log
 * (Referer, User-Agent) is null or one line found in the bytes.
 */
class FirstBytesFuzzTest {
    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void tlsPassesHttpIsRefusedAndTheLogLineIsOneLine(byte[] first) {
        if (first.length == 0) {
            return;
        }
        boolean refused = PlainHttpRefusal.startsPlainHttp(first[0]);
        if (first[0] >= 20 && first[0] <= 23) {
            assertThat(refused).isFalse();
        }
        if (Character.isLetter(first[0] & 0xff) && first[0] > 0) {
            assertThat(refused).isTrue();
        }
        String text = new String(first, StandardCharsets.ISO_8859_1);
        String line = RequestHead.requestLine(first, first.length);
        assertThat(line.length()).isLessThanOrEqualTo(1024);
        assertThat(line).doesNotContain("\n");
        assertThat(text).startsWith(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        for (String name : new String[] {"referer", "user-agent", "host"}) {
            String value = RequestHead.field(first, first.length, name);
            if (value != null) {
                assertThat(value).doesNotContain("\n");
                assertThat(text).contains(value);
            }
        }
    }
}
