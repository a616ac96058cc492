package dev.gsf.loadgen.load.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * Fuzz target: the load generator's response reading (head gathering, head checks, body count and MD5) on any bytes
 * a server may send, cut into reads anywhere, as the client feeds them. Invariant: a download is accepted only when
 * the status line is HTTP/1.x 200, every Content-Length of the head is the file's length, and the bytes after the
 * head are exactly the file, nothing more in the read; whatever else comes is a violation, never an exception.
 *
 * <p>Input: the cut points (ints, from the end) and whether the probe saw the length, then the response bytes.
 */
class ResponseFuzzTest {
    private static final byte[] FILE = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);
    private static final String MD5 = DigestUtils.md5Hex(FILE);

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void acceptsOnlyAResponseWhoseLengthAndMd5ItChecked(FuzzedDataProvider data) {
        boolean lengthKnown = data.consumeBoolean();
        int[] cuts = new int[data.consumeInt(0, 4)];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = data.consumeInt(0, 20_000);
        }
        byte[] response = data.consumeRemainingAsBytes();
        Arrays.sort(cuts);
        Expectation expected = new Expectation("f", MD5, lengthKnown ? FILE.length : -1, null, null, null);
        int acceptedAt = feed(response, cuts, expected);
        if (acceptedAt >= 0) {
            wasTheFile(response, acceptedAt);
        }
    }

    /** Feeds the reads as the client does: the index where the download was accepted, or -1. */
    private static int feed(byte[] response, int[] cuts, Expectation expected) {
        ResponseCheck check = new ResponseCheck();
        check.reset(null); // a whole file: no Range asked
        byte[] md5 = HexFormat.of().parseHex(MD5);
        int from = 0;
        for (int r = 0; r <= cuts.length; r++) {
            int to = r < cuts.length ? Math.min(Math.max(cuts[r], from), response.length) : response.length;
            ByteBuffer read = ByteBuffer.wrap(Arrays.copyOfRange(response, from, to));
            from = to;
            if (!check.headChecked()) {
                if (check.takeHead(read, expected) != null) {
                    return -1;
                }
                if (!check.headChecked()) {
                    continue;
                }
            }
            check.takeBody(read);
            if (check.bodyComplete()) {
                return check.checkBody(read, expected, md5) == null ? to : -1;
            }
        }
        return -1;
    }

    /** Checked here without the reader: the head of {@code response[0, acceptedAt)} and the file after it. */
    private static void wasTheFile(byte[] response, int acceptedAt) {
        String text = new String(response, 0, acceptedAt, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        assertThat(headEnd).as(text).isGreaterThan(0);
        String[] lines = text.substring(0, headEnd).split("\r\n", -1);
        assertThat(lines[0]).as(text).matches("HTTP/1\\.[0-9] 200( [\t\\x20-\\x7e\\x80-\\xff]*)?"); // reason-phrase
        int lengths = 0;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            assertThat(colon).as(text).isNotNegative(); // the reader takes a field without a name: no framing of it
            assertThat(lines[i]).as(text).doesNotStartWith(" ").doesNotStartWith("\t"); // no obs-fold taken
            if (lines[i].substring(0, colon).toLowerCase(Locale.ROOT).equals("content-length")) { // the name exactly
                assertThat(lines[i].substring(colon + 1).strip()).as(text).matches("0*" + FILE.length);
                lengths++;
            }
        }
        assertThat(lengths).as(text).isPositive();
        assertThat(Arrays.copyOfRange(response, headEnd + 4, acceptedAt)).as(text).isEqualTo(FILE);
    }
}
