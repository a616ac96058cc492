package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * Fuzz target: the reading of request heads as the filter does it, on any bytes cut into reads anywhere. Invariants:
 * the verdict on the same bytes is the same whatever the cut (the first verdict on a prefix is the whole's); the
 * one-pass reading, when it takes a head, gives the full reading's Pass; a Pass is within the limits, forwards a
 * clean head and skips the body strict framing gives (one Content-Length, or Transfer-Encoding exactly chunked);
 * a refusal is one of the statuses the reader gives.
 *
 * <p>Input: a mode byte, then the head. The mode grows the request line or the head to just around its limit
 * (8192 and 32 KB), where a fuzzer's short inputs would never reach. The seed inputs are the conformance corpus's
 * requests, some grown (made by scripts/fuzz-seeds.py).
 */
class HeadFuzzTest {
    /** Prefixes up to this length are all tried; past it, those around the limits and each line end. */
    private static final int ALL_PREFIXES = 256;
    private static final MemoryManager MEMORY = MemoryManager.DEFAULT_MEMORY_MANAGER;

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void sameVerdictWhateverTheCut(byte[] input) {
        if (input.length == 0) {
            return;
        }
        checkHead(grow(input[0], Arrays.copyOfRange(input, 1, input.length)));
    }

    static void checkHead(byte[] sent) {
        byte[] b = skipEmptyLines(sent);
        RequestHead.Verdict whole = filterVerdict(b, b.length);
        PartialHead byReads = new PartialHead(); // what the filter keeps between reads: it must decide as decide does
        for (int k = 1; k < b.length; k++) {
            if (k <= ALL_PREFIXES || nearALimit(b, k)) {
                RequestHead.Verdict early = filterVerdict(b, k);
                assertAgrees(byReads.take(Buffers.wrap(MEMORY, Arrays.copyOf(b, k))), early, b, k);
                if (early != null) {
                    assertSame(early, whole, b, k);
                    break; // the filter stops at the first verdict; longer prefixes are its business no more
                }
            }
        }
        int end = RequestHead.end(b, 0, Math.min(b.length, RequestHead.MAX_HEAD + 1));
        if (end >= 0) {
            onePassAgrees(b, end);
        }
        if (whole instanceof RequestHead.Pass pass) {
            passIsClean(pass, end);
            framedAsSent(pass, new String(b, 0, end, StandardCharsets.ISO_8859_1));
        } else if (whole instanceof RequestHead.Refuse refuse) {
            assertThat(refuse.status()).isIn(400, 414, 431, 501, 505);
            assertThat(refuse.close()).isTrue();
        }
    }

    /** What the filter decides once {@code k} bytes have come: it copies at most MAX_HEAD + 1 of them. */
    private static RequestHead.Verdict filterVerdict(byte[] b, int k) {
        int n = Math.min(k, RequestHead.MAX_HEAD + 1);
        return RequestHead.decide(b, n, RequestHead.end(b, 0, n));
    }

    private static void assertAgrees(RequestHead.Verdict byReads, RequestHead.Verdict early, byte[] b, int k) {
        String where = "read by parts up to " + k + " of " + b.length + " bytes: " + HeadBytes.firstLine(b, b.length);
        if (early == null || byReads == null) {
            assertThat(byReads).as(where).isEqualTo(early);
        } else {
            assertSame(byReads, early, b, k);
        }
    }

    private static boolean nearALimit(byte[] b, int k) {
        return Math.abs(k - RequestHead.MAX_REQUEST_LINE) <= 3 || Math.abs(k - RequestHead.MAX_HEAD) <= 3
                || b[k - 1] == '\n' || b[k - 1] == '\r' || k % (k < 4096 ? 61 : 1021) == 0;
    }

    private static void assertSame(RequestHead.Verdict early, RequestHead.Verdict whole, byte[] b, int k) {
        String where = "cut after " + k + " of " + b.length + " bytes: " + HeadBytes.firstLine(b, b.length);
        assertThat(whole).as(where).isNotNull();
        assertThat(early.getClass()).as(where).isEqualTo(whole.getClass());
        if (early instanceof RequestHead.Refuse e) {
            assertThat(e.status()).as(where).isEqualTo(((RequestHead.Refuse) whole).status());
        } else {
            assertThat(((RequestHead.Pass) early).forwarded()).as(where)
                    .isEqualTo(((RequestHead.Pass) whole).forwarded());
        }
    }

    private static void onePassAgrees(byte[] b, int end) {
        RequestHead.Pass plain = PlainHead.read(b, end);
        if (plain == null) {
            return;
        }
        RequestHead.Verdict full = FullHead.read(b, end);
        String where = HeadBytes.firstLine(b, end);
        assertThat(full).as(where).isInstanceOf(RequestHead.Pass.class);
        RequestHead.Pass pass = (RequestHead.Pass) full;
        assertThat(plain.method()).as(where).isEqualTo(pass.method());
        assertThat(plain.requestLine()).as(where).isEqualTo(pass.requestLine());
        assertThat(plain.contentLength()).as(where).isEqualTo(pass.contentLength());
        assertThat(plain.chunked()).as(where).isEqualTo(pass.chunked());
        assertThat(plain.forwarded()).as(where).isEqualTo(pass.forwarded());
    }

    /** Within the limits, CRLF lines, no framing or Upgrade field, no byte over 0x7f but in a path, ends with the empty line. */
    private static void passIsClean(RequestHead.Pass pass, int end) {
        assertThat(end).isBetween(1, RequestHead.MAX_HEAD);
        assertThat(pass.requestLine().length()).isLessThanOrEqualTo(RequestHead.MAX_REQUEST_LINE);
        assertThat(pass.contentLength()).isGreaterThanOrEqualTo(0);
        String head = new String(pass.forwarded(), StandardCharsets.ISO_8859_1);
        assertThat(head).startsWith(pass.method() + " ").endsWith("\r\n\r\n");
        assertThat(head.replace("\r\n", "")).doesNotContain("\r", "\n");
        // obs-text only in a path, origin-form or behind an absolute-form's authority (Grizzly takes it, the path
        // resolver answers: 404 or 400 as for the same origin-form path); none in an authority or a field
        String fields = head.substring(head.indexOf("\r\n"));
        assertThat(fields.chars().allMatch(c -> c < 0x80)).as(head).isTrue();
        assertThat(beforePath(pass.target()).chars().allMatch(c -> c < 0x80)).as(head).isTrue();
        for (String line : head.split("\r\n")) {
            String name = line.indexOf(':') < 0 ? "" : line.substring(0, line.indexOf(':')).toLowerCase();
            assertThat(name).isNotIn("content-length", "transfer-encoding", "upgrade");
        }
    }

    /** What comes before a target's path: nothing in origin-form, the scheme and authority in absolute-form. */
    private static String beforePath(String target) {
        if (target.startsWith("/")) {
            return "";
        }
        int scheme = target.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int end = target.length();
        for (char c : new char[] {'/', '?'}) {
            int at = target.indexOf(c, from);
            end = at >= 0 ? Math.min(end, at) : end;
        }
        return target.substring(0, end);
    }

    /**
     * Strict framing, read again from the head as sent: at most one Content-Length, of digits; Transfer-Encoding only
     * in HTTP/1.1, never with a Content-Length, and exactly "chunked"; the Pass skips the body they say.
     */
    private static void framedAsSent(RequestHead.Pass pass, String head) {
        String[] lines = head.split("\n");
        String length = null;
        StringBuilder codings = null;
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].replaceFirst("\r$", "");
            int colon = line.indexOf(':');
            String name = colon < 0 ? "" : line.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1).strip();
            if (name.equals("content-length")) {
                assertThat(length).as(head).isNull();
                length = value;
            } else if (name.equals("transfer-encoding")) {
                codings = (codings == null ? new StringBuilder() : codings.append(',')).append(value);
            }
        }
        if (codings != null) {
            assertThat(length).as(head).isNull();
            assertThat(lines[0]).as(head).doesNotEndWith("HTTP/1.0\r");
            assertThat(java.util.Arrays.stream(codings.toString().split(",")).map(String::strip)
                    .filter(c -> !c.isEmpty()).toList()).as(head).hasSize(1).allMatch("chunked"::equalsIgnoreCase);
        }
        assertThat(pass.chunked()).as(head).isEqualTo(codings != null);
        if (length != null) {
            assertThat(length).as(head).matches("[0-9]{1,18}");
        }
        assertThat(pass.contentLength()).as(head).isEqualTo(length == null ? 0 : Long.parseLong(length));
    }

    /** The filter skips CR and LF before a request line (RFC 9112 §2.2). */
    private static byte[] skipEmptyLines(byte[] b) {
        int i = 0;
        while (i < b.length && (b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
        return Arrays.copyOfRange(b, i, b.length);
    }

    /**
     * Mode 0-7 modulo 24: as sent; 8-15: the request line padded after its first '/' to 8189-8196 bytes; 16-23:
     * five fields added after the request line to make the head 32 KB - 4 to + 3 bytes.
     */
    static byte[] grow(byte mode, byte[] head) {
        int m = Math.floorMod(mode, 24);
        int lineEnd = RequestHead.end(head, 0, head.length) < 0 ? -1 : HeadBytes.indexOf(head, 0, head.length,
                (byte) '\n');
        if (m < 8 || lineEnd < 0) {
            return head;
        }
        int lineLength = lineEnd > 0 && head[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
        int slash = HeadBytes.indexOf(head, 0, lineEnd, (byte) '/');
        if (m < 16) {
            int pad = RequestHead.MAX_REQUEST_LINE - 3 + (m - 8) - lineLength;
            return slash < 0 || pad <= 0 ? head : insert(head, slash + 1, "a".repeat(pad));
        }
        int pad = RequestHead.MAX_HEAD - 4 + (m - 16) - head.length;
        return pad < 5 * 5 ? head : insert(head, lineEnd + 1, fields(pad));
    }

    /** Five field lines of {@code length} bytes together, each under the field line limit. */
    private static String fields(int length) {
        StringBuilder fields = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            int line = i < 4 ? length / 5 : length - 4 * (length / 5);
            fields.append("X").append(i).append(": ").append("b".repeat(line - 6)).append("\r\n");
        }
        return fields.toString();
    }

    private static byte[] insert(byte[] b, int at, String text) {
        byte[] t = text.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[b.length + t.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(t, 0, out, at, t.length);
        System.arraycopy(b, at, out, at + t.length, b.length - at);
        return out;
    }
}
