package dev.gsf.loadgen.load.driver;

import java.nio.charset.StandardCharsets;

/**
 * The status line and the headers of an HTTP/1.x response that the checks need, parsed straight from the bytes.
 *
 * @param status        status code
 * @param contentLength Content-Length, or -1 when absent
 * @param chunked       Transfer-Encoding: chunked was given
 * @param close         the server will close the connection after this response
 * @param contentType   Content-Type or null
 * @param etag          ETag or null
 * @param lastModified  Last-Modified or null
 * @param server        Server or null
 * @param sendAlgorithm X-Send-Algorithm (our server's) or null
 */
public record ResponseHead(int status, long contentLength, boolean chunked, boolean close, String contentType,
                           String etag, String lastModified, String server, String sendAlgorithm) {

    /** A response head that is not HTTP. */
    public static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message);
        }
    }

    /** Index just past the blank line that ends the head within a[from, to), or -1 when it has not arrived yet. */
    public static int end(byte[] a, int from, int to) {
        for (int i = Math.max(from, 3); i < to; i++) {
            if (a[i] == '\n' && a[i - 1] == '\r' && a[i - 2] == '\n' && a[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /**
     * Parses a[off, off+len), which holds the whole head including its blank line. Works on the bytes and makes
     * strings only of the few values kept: this runs once per download, tens of thousands of times a second.
     */
    public static ResponseHead parse(byte[] a, int off, int len) throws MalformedException {
        int end = off + len;
        int eol = lineEnd(a, off, end);
        int status = status(a, off, eol);
        boolean http10 = a[off + 7] == '0';
        long contentLength = -1;
        boolean chunked = false;
        boolean close = http10;
        String contentType = null;
        String etag = null;
        String lastModified = null;
        String server = null;
        String algorithm = null;
        int pos = eol + 2;
        while (pos < end) {
            int next = lineEnd(a, pos, end);
            if (next == pos) {
                break; // the blank line
            }
            int colon = colon(a, pos, next);
            int nameEnd = nameEnd(a, pos, colon);
            int vs = valueStart(a, colon + 1, next);
            int ve = valueEnd(a, vs, next);
            switch (nameEnd - pos) { // cheap dispatch before the case-insensitive compare
                case 14 -> contentLength = nameIs(a, pos, "content-length") ? number(a, vs, ve) : contentLength;
                case 17 -> chunked |= nameIs(a, pos, "transfer-encoding") && contains(a, vs, ve, "chunked");
                case 10 -> close = nameIs(a, pos, "connection")
                        ? contains(a, vs, ve, "close") || (http10 && !contains(a, vs, ve, "keep-alive")) : close;
                case 12 -> contentType = nameIs(a, pos, "content-type") ? text(a, vs, ve) : contentType;
                case 4 -> etag = nameIs(a, pos, "etag") ? text(a, vs, ve) : etag;
                case 13 -> lastModified = nameIs(a, pos, "last-modified") ? text(a, vs, ve) : lastModified;
                case 6 -> server = nameIs(a, pos, "server") ? text(a, vs, ve) : server;
                case 16 -> algorithm = nameIs(a, pos, "x-send-algorithm") ? text(a, vs, ve) : algorithm;
                default -> {
                }
            }
            pos = next + 2;
        }
        return new ResponseHead(status, contentLength, chunked, close, contentType, etag, lastModified, server,
                algorithm);
    }

    /** The status code of the status line a[off, eol), which must be HTTP/1.x's. */
    private static int status(byte[] a, int off, int eol) throws MalformedException {
        if (eol - off < 12 || !startsWith(a, off, "HTTP/1.") || a[off + 8] != ' ') {
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
    private static int colon(byte[] a, int from, int to) throws MalformedException {
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
    private static int nameEnd(byte[] a, int from, int colon) {
        int nameEnd = colon;
        while (nameEnd > from && a[nameEnd - 1] == ' ') {
            nameEnd--;
        }
        return nameEnd;
    }

    /** Where the value in a[from, to) starts: past its leading spaces and tabs. */
    private static int valueStart(byte[] a, int from, int to) {
        int vs = from;
        while (vs < to && (a[vs] == ' ' || a[vs] == '\t')) {
            vs++;
        }
        return vs;
    }

    /** Where the value in a[from, to) ends: before its trailing spaces and tabs. */
    private static int valueEnd(byte[] a, int from, int to) {
        int ve = to;
        while (ve > from && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) {
            ve--;
        }
        return ve;
    }

    /** Index of the CR of the CRLF ending the line that starts at {@code from}. */
    private static int lineEnd(byte[] a, int from, int to) throws MalformedException {
        for (int i = from; i + 1 < to; i++) {
            if (a[i] == '\r' && a[i + 1] == '\n') {
                return i;
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
    private static boolean nameIs(byte[] a, int at, String lowercase) {
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

    private static String text(byte[] a, int from, int to) {
        return new String(a, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static String printable(byte[] a, int from, int to) {
        String s = text(a, from, Math.min(to, from + 80)) + (to - from > 80 ? "..." : "");
        return s.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
