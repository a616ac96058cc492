package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.driver.ResponseHead.MalformedException;
import java.nio.charset.StandardCharsets;

/**
 * The fields of one response head that the checks need, as positions in the bytes it arrived in: parsed in place
 * and compared byte by byte, so that a download makes no strings and no objects (this runs once per download, tens
 * of thousands of times a second). One per client, reused for every response; valid until those bytes are
 * overwritten. Strings are made only on demand, for the probe and for messages. Used on one thread.
 */
final class HeadFields {
    static final int CONTENT_TYPE = 0;
    static final int ETAG = 1;
    static final int LAST_MODIFIED = 2;
    static final int SERVER = 3;
    static final int SEND_ALGORITHM = 4;
    static final int CONTENT_RANGE = 5;
    private static final int FIELDS = 6;

    private final int[] starts = new int[FIELDS];
    private final int[] ends = new int[FIELDS];
    private byte[] bytes;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean close;

    /** Parses a[off, off+len), which holds the whole head including its blank line; keeps positions into a. */
    void parse(byte[] a, int off, int len) throws MalformedException {
        bytes = a;
        java.util.Arrays.fill(starts, -1);
        int end = off + len;
        int eol = lineEnd(a, off, end);
        status = status(a, off, eol);
        boolean http10 = a[off + 7] == '0';
        contentLength = -1;
        chunked = false;
        close = http10;
        int pos = eol + 2;
        while (pos < end) {
            int next = lineEnd(a, pos, end);
            if (next == pos) {
                break; // the blank line
            }
            int colon = colon(a, pos, next);
            if (a[pos] == ' ' || a[pos] == '\t' || (colon > pos && (a[colon - 1] == ' ' || a[colon - 1] == '\t'))) {
                // obs-fold, or a space before the colon: what one reader frames by, another ignores (RFC 9112 5.1, 5.2)
                throw new MalformedException("a field line with white space before its name or its colon: '"
                        + printable(a, pos, next) + "'");
            }
            int vs = valueStart(a, colon + 1, next);
            int ve = valueEnd(a, vs, next);
            switch (colon - pos) { // cheap dispatch before the case-insensitive compare
                case 14 -> contentLength = nameIs(a, pos, "content-length")
                        ? oneLength(contentLength, number(a, vs, ve)) : contentLength;
                case 17 -> chunked |= nameIs(a, pos, "transfer-encoding") && contains(a, vs, ve, "chunked");
                case 10 -> close = nameIs(a, pos, "connection")
                        ? contains(a, vs, ve, "close") || (http10 && !contains(a, vs, ve, "keep-alive")) : close;
                case 12 -> keep(CONTENT_TYPE, nameIs(a, pos, "content-type"), vs, ve);
                case 4 -> keep(ETAG, nameIs(a, pos, "etag"), vs, ve);
                case 13 -> {
                    keep(LAST_MODIFIED, nameIs(a, pos, "last-modified"), vs, ve);
                    keep(CONTENT_RANGE, nameIs(a, pos, "content-range"), vs, ve);
                }
                case 6 -> keep(SERVER, nameIs(a, pos, "server"), vs, ve);
                case 16 -> keep(SEND_ALGORITHM, nameIs(a, pos, "x-send-algorithm"), vs, ve);
                default -> {
                }
            }
            pos = next + 2;
        }
    }

    private void keep(int field, boolean named, int from, int to) {
        if (named) {
            starts[field] = from;
            ends[field] = to;
        }
    }

    int status() {
        return status;
    }

    /** Content-Length, or -1 when absent. */
    long contentLength() {
        return contentLength;
    }

    /** Transfer-Encoding: chunked was given. */
    boolean chunked() {
        return chunked;
    }

    /** The server will close the connection after this response. */
    boolean close() {
        return close;
    }

    /** The field's value equals {@code expected} (compared as ISO-8859-1 bytes); a missing field equals only null. */
    boolean is(int field, String expected) {
        int from = starts[field];
        if (from < 0 || expected == null) {
            return from < 0 && expected == null;
        }
        return equal(bytes, from, ends[field], expected);
    }

    /** a[from, to) is {@code expected}'s ISO-8859-1 bytes. */
    static boolean equal(byte[] a, int from, int to, String expected) {
        if (to - from != expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if ((a[from + i] & 0xff) != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The boundary of a {@code multipart/byteranges} Content-Type (RFC 2046 section 5.1.1, quoted or not) copied
     * into {@code into}: its length, or -1 when the Content-Type is not multipart/byteranges with a boundary.
     */
    int boundary(byte[] into) {
        int from = starts[CONTENT_TYPE];
        int to = ends[CONTENT_TYPE];
        String type = "multipart/byteranges";
        if (from < 0 || to - from < type.length() || !nameIs(bytes, from, type)) {
            return -1;
        }
        for (int i = from + type.length(); i + 9 <= to; i++) {
            if (nameIs(bytes, i, "boundary=")) {
                int vs = i + 9;
                boolean quoted = vs < to && bytes[vs] == '"';
                int start = quoted ? vs + 1 : vs;
                int end = start;
                while (end < to && (quoted ? bytes[end] != '"' : bytes[end] != ';' && bytes[end] != ' ')) {
                    end++;
                }
                if (end == start || end - start > into.length) {
                    return -1;
                }
                System.arraycopy(bytes, start, into, 0, end - start);
                return end - start;
            }
        }
        return -1;
    }

    /** The field's value, null when the head has none. */
    String text(int field) {
        return starts[field] < 0 ? null : text(bytes, starts[field], ends[field]);
    }

    ResponseHead toHead() {
        return new ResponseHead(status, contentLength, chunked, close, text(CONTENT_TYPE), text(ETAG),
                text(LAST_MODIFIED), text(SERVER), text(SEND_ALGORITHM));
    }

    /** A second Content-Length must say the same as the first: which one frames the body is anyone's guess. */
    private static long oneLength(long before, long length) throws MalformedException {
        if (before >= 0 && before != length) {
            throw new MalformedException("two Content-Lengths, " + before + " and " + length);
        }
        return length;
    }

    /**
     * The status code of the status line a[off, eol), which must be HTTP/1.x's: HTTP/1.DIGIT SP three digits, then
     * SP and a reason or the line's end (RFC 9112 §4).
     */
    private static int status(byte[] a, int off, int eol) throws MalformedException {
        if (eol - off < 12 || !startsWith(a, off, "HTTP/1.") || a[off + 7] < '0' || a[off + 7] > '9'
                || a[off + 8] != ' ' || (eol - off > 12 && a[off + 12] != ' ')) {
            throw new MalformedException("not an HTTP/1.x status line: '" + printable(a, off, eol) + "'");
        }
        int status = 0;
        for (int i = off + 9; i < off + 12; i++) {
            if (a[i] < '0' || a[i] > '9') {
                throw new MalformedException("no status code in '" + printable(a, off, eol) + "'");
            }
            status = status * 10 + (a[i] - '0');
        }
        return status;
    }

    /** Index of the colon in the header line a[from, to). */
    static int colon(byte[] a, int from, int to) throws MalformedException {
        int colon = from;
        while (colon < to && a[colon] != ':') {
            colon++;
        }
        if (colon == to) {
            throw new MalformedException("header line without a colon: '" + printable(a, from, to) + "'");
        }
        return colon;
    }

    /** Where the name that starts at {@code from} ends: before the spaces ahead of its colon. */
    static int nameEnd(byte[] a, int from, int colon) {
        int nameEnd = colon;
        while (nameEnd > from && a[nameEnd - 1] == ' ') {
            nameEnd--;
        }
        return nameEnd;
    }

    /** Where the value in a[from, to) starts: past its leading spaces and tabs. */
    static int valueStart(byte[] a, int from, int to) {
        int vs = from;
        while (vs < to && (a[vs] == ' ' || a[vs] == '\t')) {
            vs++;
        }
        return vs;
    }

    /** Where the value in a[from, to) ends: before its trailing spaces and tabs. */
    static int valueEnd(byte[] a, int from, int to) {
        int ve = to;
        while (ve > from && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) {
            ve--;
        }
        return ve;
    }

    /**
     * Index of the CR of the CRLF ending the line that starts at {@code from}. A control character inside a line is
     * refused: no part of a status or field line may hold one but HTAB (RFC 9112 sections 2.2 and 4, RFC 9110 section
     * 5.5; a bare CR may be refused or read as a space: a checker refuses).
     */
    static int lineEnd(byte[] a, int from, int to) throws MalformedException {
        for (int i = from; i + 1 < to; i++) {
            byte c = a[i];
            if (c == '\r' && a[i + 1] == '\n') {
                return i;
            }
            if ((c >= 0 && c < 0x20 && c != '\t') || c == 0x7f) {
                throw new MalformedException(String.format("a control character (0x%02x) in the response head", c));
            }
        }
        throw new MalformedException("a header line does not end in CRLF");
    }

    private static boolean startsWith(byte[] a, int at, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (a[at + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Case-insensitive compare with a lowercase name of the same length. */
    static boolean nameIs(byte[] a, int at, String lowercase) {
        for (int i = 0; i < lowercase.length(); i++) {
            int c = a[at + i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lowercase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] a, int from, int to, String lowercase) {
        for (int i = from; i + lowercase.length() <= to; i++) {
            if (nameIs(a, i, lowercase)) {
                return true;
            }
        }
        return false;
    }

    private static long number(byte[] a, int from, int to) throws MalformedException {
        if (from == to || to - from > 18) {
            throw new MalformedException("Content-Length '" + printable(a, from, to) + "' is not a number");
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            if (a[i] < '0' || a[i] > '9') {
                throw new MalformedException("Content-Length '" + printable(a, from, to) + "' is not a number");
            }
            n = n * 10 + (a[i] - '0');
        }
        return n;
    }

    static String text(byte[] a, int from, int to) {
        return new String(a, from, to - from, StandardCharsets.ISO_8859_1);
    }

    static String printable(byte[] a, int from, int to) {
        String s = text(a, from, Math.min(to, from + 80)) + (to - from > 80 ? "..." : "");
        return s.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
