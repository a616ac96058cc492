package dev.gsf.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Fuzz target: the conformance runner's reading of a server's answer (status line, fields, a body framed by
 * Content-Length or chunked, 1xx skipped). Invariants: it gives a final status (200-999, the one of the last status
 * line it read) or an IOException that the runner reports as a close; no other exception, whatever a server sends.
 */
class ExchangeFuzzTest {
    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void aFinalStatusOrAnIoException(byte[] input) {
        if (input.length == 0) {
            return;
        }
        boolean head = (input[0] & 1) == 1;
        byte[] answer = Arrays.copyOfRange(input, 1, input.length);
        Exchange.Response response;
        try {
            response = Exchange.read(new ByteArrayInputStream(answer), head);
        } catch (IOException close) {
            return;
        }
        assertThat(response.status()).isBetween(200, 999);
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        assertThat(text).contains(" " + response.status());
    }

    /** Findings, kept as examples: a NumberFormatException out of the runner; a CR inside "2, CR, 00" read as 200. */
    @Test
    void aLengthOrAChunkSizeThatIsNoNumberIsAClose() {
        for (String answer : new String[] {"HTTP/1.1 2\r00 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"}) {
            assertThatThrownBy(() -> Exchange.read(new ByteArrayInputStream(answer.getBytes(StandardCharsets.ISO_8859_1)),
                    false)).isInstanceOf(EOFException.class);
        }
    }
}
