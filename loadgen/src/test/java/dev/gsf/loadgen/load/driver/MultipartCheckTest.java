package dev.gsf.loadgen.load.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.RangeSet;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.Test;

/**
 * A multipart/byteranges answer read through the client's {@link ResponseCheck} in reads of every size from one byte
 * up, so that every delimiter, part head and part is cut everywhere: the forms RFC 2046 allows are accepted, and each
 * thing wrong is a violation of its kind, never an exception.
 */
class MultipartCheckTest {
    private static final byte[] FILE = "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.ISO_8859_1);
    private static final Expectation EXPECTED = new Expectation("f", DigestUtils.md5Hex(FILE), FILE.length,
            "text/plain", null, null);
    private static final RangeSet ASKED = new RangeSet("bytes=0-3,10-19", new String[] {"bytes 0-3/36",
            "bytes 10-19/36"}, new long[] {4, 10}, new byte[][] {md5(0, 4), md5(10, 20)});

    @Test
    void ourServersFormAndTheOtherFormsRfc2046AllowsAreAccepted() {
        assertThat(check(body("\r\n--B\r\n", "Content-Type: text/plain\r\nContent-Range: bytes 0-3/36", 0, 4,
                "Content-Type: text/plain\r\nContent-Range: bytes 10-19/36", 10, 20, "\r\n--B--\r\n"), "B")).isNull();
        // no CRLF before the first delimiter, fields in another case and order, one more field, a quoted boundary
        assertThat(check(body("--a'b\r\n", "content-range:bytes 0-3/36\r\nX-Other: 1\r\ncontent-type: text/plain", 0,
                4, "CONTENT-TYPE: text/plain\r\nCONTENT-RANGE: bytes 10-19/36", 10, 20, "\r\n--a'b--\r\n"), "\"a'b\""))
                .isNull();
    }

    @Test
    void eachThingWrongIsAViolationOfItsKind() {
        String type = "Content-Type: text/plain\r\n";
        assertKind(body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 11-20/36", 10, 20, "\r\n--B--\r\n"), ErrorKind.PART, "Content-Range");
        assertKind(body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 11, 21, "\r\n--B--\r\n"), ErrorKind.MD5, "part 2");
        assertKind(body("\r\n--B\r\n", "Content-Type: text/html\r\nContent-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 10, 20, "\r\n--B--\r\n"), ErrorKind.PART, "Content-Type");
        assertKind(body("\r\n--B\r\n", "Content-Range: bytes 0-3/36", 0, 4, type + "Content-Range: bytes 10-19/36",
                10, 20, "\r\n--B--\r\n"), ErrorKind.PART, "no Content-Type");
        assertKind(body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 10, 20, "\r\n--B\r\n\r\n"), ErrorKind.PART, "more parts");
        assertKind(body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 10, 20, ""), ErrorKind.LENGTH, "closing delimiter");
        assertKind(body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 10, 20, "\r\n--B--\r\nmore"), ErrorKind.LENGTH, "after");
        assertKind(body("\r\n--C\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, type
                + "Content-Range: bytes 10-19/36", 10, 20, "\r\n--B--\r\n"), ErrorKind.PART, "--B");
        byte[] closed = body("\r\n--B\r\n", type + "Content-Range: bytes 0-3/36", 0, 4, "", 0, 0, "\r\n--B--\r\n");
        assertKind(closed, ErrorKind.PART, "closes after 1 of 2");
    }

    @Test
    void aContentTypeWithoutABoundaryIsAHeaderViolation() {
        ResponseCheck check = new ResponseCheck();
        check.reset(ASKED);
        Expectation.Violation v = check.takeHead(ByteBuffer.wrap(("HTTP/1.1 206 Partial Content\r\nContent-Type:"
                + " multipart/byteranges\r\nContent-Length: 10\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)),
                EXPECTED);
        assertThat(v).isNotNull();
        assertThat(v.kind()).isEqualTo(ErrorKind.HEADER);
    }

    private static void assertKind(byte[] body, ErrorKind kind, String saying) {
        Expectation.Violation v = check(body, "B");
        assertThat(v).as(new String(body, StandardCharsets.ISO_8859_1)).isNotNull();
        assertThat(v.kind()).as(v.message()).isEqualTo(kind);
        assertThat(v.message()).contains(saying);
    }

    /** The same violation (or none) whatever the reads' size; that of one-byte reads. */
    private static Expectation.Violation check(byte[] body, String boundary) {
        byte[] head = ("HTTP/1.1 206 Partial Content\r\nContent-Type: multipart/byteranges; boundary=" + boundary
                + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        Expectation.Violation first = null;
        for (int size = all.length; size >= 1; size--) {
            Expectation.Violation v = feed(all, size);
            if (size < all.length) {
                assertThat(v == null ? null : v.message()).as("reads of " + size)
                        .isEqualTo(first == null ? null : first.message());
            }
            first = v;
        }
        return first;
    }

    private static Expectation.Violation feed(byte[] all, int size) {
        ResponseCheck check = new ResponseCheck();
        check.reset(ASKED);
        for (int from = 0; from < all.length; from += size) {
            ByteBuffer read = ByteBuffer.wrap(all, from, Math.min(size, all.length - from));
            if (!check.headChecked()) {
                Expectation.Violation v = check.takeHead(read, EXPECTED);
                if (v != null || !check.headChecked()) {
                    assertThat(v).isNull();
                    continue;
                }
            }
            check.takeBody(read);
            if (check.bodyComplete()) {
                return check.checkBody(read, EXPECTED, null);
            }
        }
        throw new AssertionError("the body did not complete");
    }

    /** Opening delimiter, two parts (head fields without their last CRLF, then FILE[from, to)), then the end. */
    private static byte[] body(String open, String head1, int from1, int to1, String head2, int from2, int to2,
                               String end) {
        StringBuilder b = new StringBuilder(open).append(head1).append("\r\n\r\n").append(text(from1, to1));
        if (!head2.isEmpty()) {
            b.append("\r\n--").append(open.contains("a'b") ? "a'b" : "B").append("\r\n").append(head2)
                    .append("\r\n\r\n").append(text(from2, to2));
        }
        return b.append(end).toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(int from, int to) {
        return new String(FILE, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static byte[] md5(int from, int to) {
        return DigestUtils.md5(Arrays.copyOfRange(FILE, from, to));
    }
}
