package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
import org.junit.jupiter.api.Test;

/**
 * The filter's head reader at the head's limit: a head that comes a byte per read costs work in proportion to its
 * length (the filter copied and scanned all bytes from the head's first on every read: 10^9 steps for 32 KiB), and
 * its verdict is {@link RequestHead#decide}'s on the same bytes whatever the cuts.
 */
class PartialHeadTest {
    private static final String LINE = "GET /a HTTP/1.1\r\nHost: x\r\n";

    @Test
    void aHeadOfTheLargestSizeComingABytePerReadIsCopiedAndScannedAFewTimesNotOncePerRead() {
        byte[] b = headOf(RequestHead.MAX_HEAD);
        PartialHead head = new PartialHead();

        byte[] sent = afterTwoBytes(b);
        int early = 0;
        for (int k = 1; k < b.length; k++) {
            early += head.take(arrived(sent, k)) == null ? 0 : 1;
        }
        RequestHead.Verdict verdict = head.take(arrived(sent, b.length));

        assertThat(early).as("verdicts before the last byte").isZero();

        assertThat(verdict).isInstanceOf(RequestHead.Pass.class);
        assertThat(head.end()).isEqualTo(b.length);
        // about 2 steps per byte (copied, scanned) and the first line's scans; once per read would be b.length^2 / 2
        assertThat(head.stepped()).isLessThan(5L * b.length);
    }

    @Test
    void theVerdictIsDecidesOnTheSameBytesWhateverTheCuts() {
        String longLine = "GET /" + "a".repeat(RequestHead.MAX_REQUEST_LINE) + " HTTP/1.1\r\nHost: x\r\n\r\n";
        byte[][] heads = {headOf(RequestHead.MAX_HEAD), headOf(RequestHead.MAX_HEAD + 1),
                longLine.getBytes(StandardCharsets.ISO_8859_1), (LINE + "Bad field\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1),
                (LINE + "\n").getBytes(StandardCharsets.ISO_8859_1)};
        Random random = new Random(37);
        for (byte[] b : heads) {
            byte[] sent = afterTwoBytes(b);
            RequestHead.Verdict whole = RequestHead.decide(b, Math.min(b.length, RequestHead.MAX_HEAD + 1),
                    RequestHead.end(b, 0, Math.min(b.length, RequestHead.MAX_HEAD + 1)));
            for (int round = 0; round < 3; round++) {
                PartialHead head = new PartialHead();
                RequestHead.Verdict verdict = null;
                for (int k = 0; verdict == null && k < b.length; ) {
                    k = Math.min(b.length, k + 1 + random.nextInt(round == 0 ? 2 : 3000));
                    verdict = head.take(arrived(sent, k));
                }
                assertThat(describe(verdict)).as("%d bytes, round %d", b.length, round).isEqualTo(describe(whole));
            }
        }
    }

    /** The head after two bytes read already, so that a buffer of it does not start at position 0. */
    private static byte[] afterTwoBytes(byte[] b) {
        byte[] sent = new byte[b.length + 2];
        System.arraycopy(b, 0, sent, 2, b.length);
        return sent;
    }

    /** The head's first {@code k} bytes as Grizzly hands them back: the kept bytes of earlier reads and the new. */
    private static Buffer arrived(byte[] sent, int k) {
        Buffer buffer = Buffers.wrap(MemoryManager.DEFAULT_MEMORY_MANAGER, sent, 0, k + 2);
        buffer.position(2);
        return buffer;
    }

    /** A valid head of exactly {@code size} bytes: fields of 8,000 bytes and one for the rest. */
    private static byte[] headOf(int size) {
        StringBuilder head = new StringBuilder(LINE);
        while (head.length() + 8000 + 2 <= size) {
            head.append("X: ").append("b".repeat(8000 - 5)).append("\r\n");
        }
        int rest = size - head.length() - 2;
        head.append("Y: ").append("c".repeat(rest - 5)).append("\r\n").append("\r\n");
        byte[] b = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        assertThat(b).hasSize(size);
        return b;
    }

    private static String describe(RequestHead.Verdict verdict) {
        if (verdict instanceof RequestHead.Pass pass) {
            return "pass " + pass.requestLine() + " " + new String(pass.forwarded(), StandardCharsets.ISO_8859_1);
        }
        return String.valueOf(verdict);
    }
}
