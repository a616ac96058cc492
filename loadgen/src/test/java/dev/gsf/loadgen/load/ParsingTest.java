package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.driver.ResponseHead;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.driver.Throttle;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.workload.ThinkTime;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The small parsers: options, response heads, and the token bucket's arithmetic. */
class ParsingTest {

    @Test
    void ratesDurationsAndThinkTimes() {
        assertThat(Units.bytesPerSecond("1MB/s")).isEqualTo(1 << 20);
        assertThat(Units.bytesPerSecond("20KB/s")).isEqualTo(20 << 10);
        assertThat(Units.bytesPerSecond("512K")).isEqualTo(512 << 10);
        assertThat(Units.bytesPerSecond("none")).isZero();
        assertThatThrownBy(() -> Units.bytesPerSecond("fast")).hasMessageContaining("is not a rate");
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Units.perSecond("12.5/s")).isEqualTo(12.5);
        assertThat(ThinkTime.parse("exp:100ms")).isEqualTo(new ThinkTime(100_000_000, true));
        assertThat(Target.parse("http://localhost:8099/files").basePath()).isEqualTo("/files/");
        assertThat(new String(Target.parse("http://localhost:8099/").request("GET", "a b/ü.bin", false),
                StandardCharsets.ISO_8859_1)).startsWith("GET /a%20b/%C3%BC.bin HTTP/1.1\r\n");
    }

    @Test
    void responseHeadsAreParsedCaseInsensitively() throws Exception {
        byte[] raw = ("HTTP/1.1 200 OK\r\ncontent-length: 1024\r\nETag: \"x\"\r\nConnection: close\r\n"
                + "Server: nginx\r\n\r\nBODY").getBytes(StandardCharsets.ISO_8859_1);
        int end = ResponseHead.end(raw, 0, raw.length);
        assertThat(end).isEqualTo(raw.length - 4);
        ResponseHead head = ResponseHead.parse(raw, 0, end);
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.contentLength()).isEqualTo(1024);
        assertThat(head.etag()).isEqualTo("\"x\"");
        assertThat(head.close()).isTrue();
        assertThat(head.server()).isEqualTo("nginx");
        assertThat(head.sendAlgorithm()).isNull();
        byte[] junk = "SSH-2.0-OpenSSH\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> ResponseHead.parse(junk, 0, junk.length)).hasMessageContaining("not an HTTP/1.x");
    }

    @Test
    void theBucketRefillsAtTheRateAndCapsAtItsSize() {
        Throttle t = new Throttle(1000, 500, 0);
        assertThat(t.available(0)).isEqualTo(500);
        t.consume(500);
        assertThat(t.available(100_000_000L)).isEqualTo(100); // 0.1 s at 1000 B/s
        assertThat(t.nanosUntil(500, 100_000_000L)).isEqualTo(400_000_000L);
        assertThat(t.available(10_000_000_000L)).isEqualTo(500);
    }
}
