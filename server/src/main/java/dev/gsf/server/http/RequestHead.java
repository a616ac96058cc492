package dev.gsf.server.http;

import static dev.gsf.server.http.HeadBytes.firstLine;
import static dev.gsf.server.http.HeadBytes.indexOf;
import static dev.gsf.server.http.HeadBytes.isTchar;
import static dev.gsf.server.http.HeadBytes.nameIs;

import java.nio.charset.StandardCharsets;

/**
 * The strict reading of one HTTP/1.1 request head (RFC 9112 §2-§7, RFC 9110 §5-§7), done before Grizzly's lenient
 * parser sees it: the request line, field syntax, Host, and the framing headers (Transfer-Encoding, Content-Length)
 * that decide where the next request starts. A pure function of the bytes; any thread.
 */
public final class RequestHead {
    /** Longest request line; nginx's default buffer is 8 KB too. Longer: 414. */
    static final int MAX_REQUEST_LINE = 8192;
    /** Longest single field line. Longer: 431. */
    static final int MAX_FIELD_LINE = 8192;
    /** Largest head, request line and fields together. Larger: 431. */
    public static final int MAX_HEAD = 32 * 1024;
    /** Most field lines in one head. More: 431. */
    public static final int MAX_FIELDS = 100;

    private RequestHead() {
    }

    /** What the head decides. */
    sealed interface Verdict permits Pass, Refuse {
    }

    /**
     * A head Grizzly may parse.
     *
     * @param method        the method token
     * @param requestLine   the request line, for the access log
     * @param contentLength body bytes that follow, when not chunked
     * @param chunked       the body is chunked
     * @param forwarded     the head Grizzly gets: CRLF line ends, a higher HTTP/1.x minor version as HTTP/1.1
     *                      (RFC 9110 §6.2), no Content-Length or Transfer-Encoding, since the body is the filter's
     *                      to skip (a GET's content has no meaning, RFC 9110 §9.3.1; other methods get 405), and
     *                      no Upgrade
     * @param plainGet      a GET over HTTP/1.1 of an origin-form target without a field that changes the answer
     *                      (Range, If-*, Connection, Expect): its answer depends only on the target
     */
    record Pass(String method, String requestLine, long contentLength, boolean chunked, byte[] forwarded,
                boolean plainGet) implements Verdict {

        /** The request target as sent, query included. */
        String target() {
            return requestLine.substring(method.length() + 1, requestLine.length() - " HTTP/1.1".length());
        }
    }

    /**
     * A head answered with {@code status} and never shown to Grizzly.
     *
     * @param close the connection closes after the answer (any framing error: the next request cannot be found)
     */
    record Refuse(int status, String reason, boolean close, String method, String requestLine) implements Verdict {
    }

    /**
     * What the filter decides on the bytes of a head read so far, {@code b[0, length)}: a refusal, a verdict on the
     * whole head once its empty line has arrived, or null to wait for more bytes. The same bytes get the same
     * verdict however they were cut into reads: every refusal made before the head is whole is one the whole head
     * gets too, since the checks made early look only at what cannot change as more bytes come.
     *
     * @param end {@link #end}{@code (b, 0, length)}, which the caller needs too
     */
    static Verdict decide(byte[] b, int length, int end) {
        Refuse early = early(b, end < 0 ? length : end);
        if (early != null || end < 0) {
            return early;
        }
        return check(b, end);
    }

    /**
     * Refuses what the first {@code length} bytes of a head decide already: bytes that cannot start a request line
     * (a TLS ClientHello, binary noise) within its first {@link #MAX_REQUEST_LINE} bytes, a request line over the
     * limit, an ended request line without a version (HTTP/0.9: answered at its end, not at the idle timeout; the
     * whole head gets the same 400 from {@link FullHead}), a head over the limit; null when none is refused. Each is
     * decided the same on any longer prefix.
     */
    private static Refuse early(byte[] b, int length) {
        int lineEnd = indexOf(b, 0, length, (byte) '\n');
        int lineBytes = lineEnd < 0 ? length : lineEnd;
        for (int i = 0; i < Math.min(lineBytes, MAX_REQUEST_LINE); i++) {
            if (b[i] == ' ') {
                break;
            }
            if (!isTchar(b[i])) {
                return refuse(400, "the request line does not start with a method", null, firstLine(b, length));
            }
        }
        // the line without the CR of its CRLF; while the LF has not come, a last CR may still be that CR
        int lineLength = lineBytes > 0 && b[lineBytes - 1] == '\r' ? lineBytes - 1 : lineBytes;
        if (lineLength > MAX_REQUEST_LINE) {
            return refuse(414, "the request line is longer than " + MAX_REQUEST_LINE + " bytes", null,
                    firstLine(b, length));
        }
        if (lineEnd >= 0 && spaces(b, lineLength) < 2) { // HTTP/0.9's "GET /path": its client sends no more
            return refuse(400, FullHead.NOT_A_REQUEST_LINE, null,
                    new String(b, 0, lineLength, StandardCharsets.ISO_8859_1));
        }
        if (length > MAX_HEAD) {
            return refuse(431, "the request head is larger than " + MAX_HEAD + " bytes", null, firstLine(b, length));
        }
        return null;
    }

    /** Spaces in {@code b[0, length)}, counted up to 2. */
    private static int spaces(byte[] b, int length) {
        int n = 0;
        for (int i = 0; i < length && n < 2; i++) {
            n += b[i] == ' ' ? 1 : 0;
        }
        return n;
    }

    /**
     * Index just past the empty line that ends the head starting at {@code from}, or -1 when it has not arrived.
     * A bare LF ends a line as CRLF does (RFC 9112 §2.2).
     */
    static int end(byte[] b, int from, int length) {
        for (int i = indexOf(b, from, length, (byte) '\n'); i >= 0; i = indexOf(b, i + 1, length, (byte) '\n')) {
            if (i + 1 < length && b[i + 1] == '\n') {
                return i + 2;
            }
            if (i + 2 < length && b[i + 1] == '\r' && b[i + 2] == '\n') {
                return i + 3;
            }
        }
        return -1;
    }

    /** Checks a complete head: {@code b[0, length)} from the request line to the empty line included. */
    static Verdict check(byte[] b, int length) {
        Pass plain = PlainHead.read(b, length);
        return plain != null ? plain : FullHead.read(b, length);
    }

    /**
     * The value of the first field named {@code lowerCaseName} in {@code head[0, length)}, without the whitespace
     * around it; null when there is none, or when its line has not ended yet. For the rare reader of a field (the
     * access log), of a head that passed or of the first bytes of one refused before it was whole.
     */
    public static String field(byte[] head, int length, String lowerCaseName) {
        int n = lowerCaseName.length();
        for (int i = indexOf(head, 0, length, (byte) '\n') + 1; i > 0 && i < length;
             i = indexOf(head, i, length, (byte) '\n') + 1) {
            if (i + n < length && head[i + n] == ':' && nameIs(head, i, lowerCaseName)) {
                int end = indexOf(head, i, length, (byte) '\n');
                return end < 0 ? null : new String(head, i + n + 1, end - i - n - 1, StandardCharsets.ISO_8859_1)
                        .strip();
            }
        }
        return null;
    }

    /** The first line of {@code b[0, length)} (as much as arrived, at most 1024 bytes), as the access log gives it. */
    public static String requestLine(byte[] b, int length) {
        return firstLine(b, length);
    }

    static Refuse refuse(int status, String reason, String method, String requestLine) {
        return new Refuse(status, reason, true, method, requestLine);
    }
}
