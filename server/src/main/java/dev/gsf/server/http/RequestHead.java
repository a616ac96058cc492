package dev.gsf.server.http;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

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

    /**
     * Fields Grizzly does not get: the body is skipped by the filter, and a connection is never upgraded (RFC 9110
     * §7.8 lets a server ignore Upgrade; Grizzly would close the connection instead).
     */
    private static final java.util.Set<String> FRAMING_AND_UPGRADE =
            java.util.Set.of("content-length", "transfer-encoding", "upgrade");

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
    public record Pass(String method, String requestLine, long contentLength, boolean chunked, byte[] forwarded,
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
     * Looks at the bytes of an incomplete head (no empty line yet) and refuses what can be refused already: bytes
     * that cannot start a request line (a TLS ClientHello, binary noise) and lines over the limits.
     *
     * @return a refusal, or null to wait for more bytes
     */
    static Refuse early(byte[] b, int length) {
        int lineEnd = indexOf(b, 0, length, (byte) '\n');
        for (int i = 0; i < (lineEnd < 0 ? length : lineEnd); i++) {
            if (b[i] == ' ') {
                break;
            }
            if (!isTchar(b[i])) {
                return refuse(400, "the request line does not start with a method", null, firstLine(b, length));
            }
        }
        if (lineEnd < 0 && length > MAX_REQUEST_LINE) {
            return refuse(414, "the request line is longer than " + MAX_REQUEST_LINE + " bytes", null,
                    firstLine(b, length));
        }
        if (length > MAX_HEAD) {
            return refuse(431, "the request head is larger than " + MAX_HEAD + " bytes", null, firstLine(b, length));
        }
        return null;
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

    // Compiled once: String.matches and replaceAll compiled these on every request, a tenth of a 1 KB request's CPU.
    private static final Pattern HTTP_VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
    private static final Pattern OBS_TEXT = Pattern.compile("[\\x80-\\xff]");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("[0-9]{1,18}");
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9A-Za-z:._~!$&'()*+,;=-]+");
    private static final Pattern REG_NAME = Pattern.compile("([0-9A-Za-z._~!$&'()*+,;=-]|%[0-9A-Fa-f]{2})*");
    private static final Pattern PORT = Pattern.compile("[0-9]{0,5}");

    /** Checks a complete head: {@code b[0, length)} from the request line to the empty line included. */
    static Verdict check(byte[] b, int length) {
        Pass plain = plain(b, length);
        return plain != null ? plain : checkFully(b, length);
    }

    /**
     * The common head in one pass over its bytes, nothing copied but the head itself: an origin-form target,
     * HTTP/1.0 or HTTP/1.1, CRLF line ends, field values of VCHAR, SP and HTAB only, at most one Host (a valid
     * reg-name and port) and no Content-Length, Transfer-Encoding or Upgrade; Grizzly gets such a head as received.
     * Null for anything else, which {@link #checkFully} then reads; so this only decides faster what it would decide.
     */
    static Pass plain(byte[] b, int length) {
        int i = 0;
        while (i < length && isTchar(b[i])) {
            i++;
        }
        int methodEnd = i;
        if (methodEnd == 0 || i + 1 >= length || b[i] != ' ' || b[i + 1] != '/') {
            return null;
        }
        i++;
        while (i < length && b[i] > ' ' && b[i] != 0x7f) { // a byte over 0x7f is negative: it stops here too
            i++;
        }
        int lineEnd = i + 9;
        if (lineEnd + 3 >= length || lineEnd > MAX_REQUEST_LINE || b[i] != ' ' || !httpVersion1(b, i + 1)
                || b[lineEnd] != '\r' || b[lineEnd + 1] != '\n') {
            return null;
        }
        boolean http11 = b[lineEnd - 1] == '1';
        boolean plainGet = http11 && methodEnd == 3 && b[0] == 'G' && b[1] == 'E' && b[2] == 'T';
        int hosts = 0;
        int fields = 0;
        for (i = lineEnd + 2; !(b[i] == '\r' && i + 1 < length && b[i + 1] == '\n'); ) {
            int start = i;
            while (i < length && isTchar(b[i])) {
                i++;
            }
            if (i == start || i >= length || b[i] != ':' || ++fields > MAX_FIELDS) {
                return null;
            }
            int nameLength = i - start;
            int valueStart = ++i;
            while (i < length && (b[i] >= ' ' && b[i] != 0x7f || b[i] == '\t')) {
                i++;
            }
            if (i + 2 >= length || b[i] != '\r' || b[i + 1] != '\n' || i - start > MAX_FIELD_LINE) {
                return null;
            }
            if (nameLength == 4 && nameIs(b, start, "host")) {
                if (++hosts > 1 || !plainHost(b, valueStart, i)) {
                    return null;
                }
            } else if ((nameLength == 14 && nameIs(b, start, "content-length"))
                    || (nameLength == 17 && nameIs(b, start, "transfer-encoding"))
                    || (nameLength == 7 && nameIs(b, start, "upgrade"))) {
                return null;
            } else if (plainGet && changesTheAnswer(b, start, nameLength)) {
                plainGet = false;
            }
            i += 2;
        }
        if (i + 2 != length || (hosts == 0 && http11)) {
            return null;
        }
        return new Pass(new String(b, 0, methodEnd, StandardCharsets.ISO_8859_1),
                new String(b, 0, lineEnd, StandardCharsets.ISO_8859_1), 0, false,
                length == b.length ? b : java.util.Arrays.copyOf(b, length), plainGet);
    }

    /** Range, If-Range and the other validators, Connection and Expect: fields a GET's answer depends on. */
    private static boolean changesTheAnswer(byte[] b, int name, int length) {
        return (length > 3 && nameIs(b, name, "if-")) || (length == 5 && nameIs(b, name, "range"))
                || (length == 10 && nameIs(b, name, "connection")) || (length == 6 && nameIs(b, name, "expect"));
    }

    /**
     * The value of the first field named {@code lowerCaseName} in a head that passed, without the whitespace around
     * it; null when there is none. For the rare reader of a field (the access log).
     */
    public static String field(byte[] head, String lowerCaseName) {
        int n = lowerCaseName.length();
        for (int i = indexOf(head, 0, head.length, (byte) '\n') + 1; i > 0 && i < head.length;
             i = indexOf(head, i, head.length, (byte) '\n') + 1) {
            if (i + n < head.length && head[i + n] == ':' && nameIs(head, i, lowerCaseName)) {
                int end = indexOf(head, i, head.length, (byte) '\n');
                return new String(head, i + n + 1, end - i - n - 1, StandardCharsets.ISO_8859_1).strip();
            }
        }
        return null;
    }

    /** "HTTP/1.0" or "HTTP/1.1" at {@code at}. */
    private static boolean httpVersion1(byte[] b, int at) {
        return b[at] == 'H' && b[at + 1] == 'T' && b[at + 2] == 'T' && b[at + 3] == 'P' && b[at + 4] == '/'
                && b[at + 5] == '1' && b[at + 6] == '.' && (b[at + 7] == '0' || b[at + 7] == '1');
    }

    /** Whether the field name at {@code at} is {@code lowerCase}, ignoring ASCII case. */
    private static boolean nameIs(byte[] b, int at, String lowerCase) {
        for (int k = 0; k < lowerCase.length(); k++) {
            int c = b[at + k];
            if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerCase.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** A Host value that is a reg-name and an optional port, between optional SP and HTAB; no IP literal. */
    private static boolean plainHost(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        int i = from;
        while (i < to && b[i] != ':') {
            if (b[i] == '%') {
                if (i + 2 >= to || Character.digit(b[i + 1], 16) < 0 || Character.digit(b[i + 2], 16) < 0) {
                    return false;
                }
                i += 3;
            } else if (isRegNameChar(b[i])) {
                i++;
            } else {
                return false;
            }
        }
        if (i < to) { // the port: at most five digits
            if (to - i - 1 > 5) {
                return false;
            }
            for (i++; i < to; i++) {
                if (b[i] < '0' || b[i] > '9') {
                    return false;
                }
            }
        }
        return true;
    }

    /** unreserved and sub-delims of RFC 3986, as {@link #REG_NAME} takes them. */
    private static boolean isRegNameChar(byte c) {
        return c >= 0 && REG_NAME_CHAR[c];
    }

    /** The full reading of a head, every form RFC 9112 allows and every refusal. */
    static Verdict checkFully(byte[] b, int length) {
        String[] lines = new String(b, 0, length, StandardCharsets.ISO_8859_1).split("\n", -1);
        String requestLine = stripCr(lines[0]);
        if (requestLine.length() > MAX_REQUEST_LINE) {
            return refuse(414, "the request line is longer than " + MAX_REQUEST_LINE + " bytes", null, requestLine);
        }
        String[] parts = requestLine.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !isToken(parts[0])) {
            return refuse(400, "the request line is not: method SP target SP version", null, requestLine);
        }
        String method = parts[0];
        String target = parts[1];
        String version = parts[2];
        if (!HTTP_VERSION.matcher(version).matches()) {
            return refuse(400, "'" + version + "' is not an HTTP version", method, requestLine);
        }
        int major = version.charAt(5) - '0';
        int minor = version.charAt(7) - '0';
        if (major != 1) {
            return refuse(505, "HTTP/" + major + " is not supported over this connection; use HTTP/1.1", method,
                    requestLine);
        }
        if (!validTarget(method, target)) {
            return refuse(400, "the request target is not a path", method, requestLine);
        }
        StringBuilder forwarded = new StringBuilder(length)
                .append(minor > 1 ? method + " " + target + " HTTP/1.1" : requestLine).append("\r\n");
        int hosts = 0;
        String host = null;
        String contentLength = null;
        StringBuilder transferEncoding = null;
        int fields = 0;
        for (int i = 1; i < lines.length; i++) {
            String line = stripCr(lines[i]);
            if (line.isEmpty()) {
                break; // the empty line that ends the head
            }
            if (line.length() > MAX_FIELD_LINE) {
                return refuse(431, "a header field is longer than " + MAX_FIELD_LINE + " bytes", method, requestLine);
            }
            if (++fields > MAX_FIELDS) {
                return refuse(431, "more than " + MAX_FIELDS + " header fields", method, requestLine);
            }
            if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                return refuse(400, "obsolete line folding in the header fields", method, requestLine);
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                return refuse(400, "a header line has no colon", method, requestLine);
            }
            String name = line.substring(0, colon);
            if (name.isEmpty() || !isToken(name)) {
                return refuse(400, "invalid header field name (whitespace before the colon?)", method, requestLine);
            }
            String value = line.substring(colon + 1).strip();
            if (!validValue(value) || line.indexOf('\r') >= 0) {
                return refuse(400, "a control character in header field " + name, method, requestLine);
            }
            switch (name.toLowerCase(Locale.ROOT)) {
                case "host" -> {
                    hosts++;
                    host = value;
                }
                case "content-length" -> {
                    if (contentLength != null) {
                        return refuse(400, "more than one Content-Length", method, requestLine);
                    }
                    contentLength = value;
                }
                case "transfer-encoding" -> transferEncoding = transferEncoding == null
                        ? new StringBuilder(value) : transferEncoding.append(',').append(value);
                default -> {
                }
            }
            if (!FRAMING_AND_UPGRADE.contains(name.toLowerCase(Locale.ROOT))) {
                // obs-text is opaque (RFC 9110 §5.5) and Grizzly refuses it: no field read here can hold it
                forwarded.append(OBS_TEXT.matcher(line).replaceAll("?")).append("\r\n");
            }
        }
        if (hosts > 1 || (hosts == 0 && minor >= 1)) {
            return refuse(400, hosts == 0 ? "an HTTP/1.1 request needs a Host header" : "more than one Host header",
                    method, requestLine);
        }
        if (host != null && !validHost(host)) {
            return refuse(400, "the Host header is not host[:port]", method, requestLine);
        }
        boolean chunked = false;
        if (transferEncoding != null) {
            if (contentLength != null) {
                return refuse(400, "both Transfer-Encoding and Content-Length", method, requestLine);
            }
            if (minor == 0) {
                return refuse(400, "Transfer-Encoding in an HTTP/1.0 request", method, requestLine);
            }
            int chunks = 0;
            for (String coding : transferEncoding.toString().split(",")) {
                String c = coding.strip();
                if (c.equalsIgnoreCase("chunked")) {
                    chunks++;
                } else if (!c.isEmpty()) {
                    return refuse(501, "transfer coding '" + c + "' is not implemented", method, requestLine);
                }
            }
            if (chunks != 1) {
                return refuse(400, "Transfer-Encoding must be exactly 'chunked'", method, requestLine);
            }
            chunked = true;
        }
        long bodyLength = 0;
        if (contentLength != null) {
            if (!CONTENT_LENGTH.matcher(contentLength).matches()) {
                return refuse(400, "Content-Length is not a number", method, requestLine);
            }
            bodyLength = Long.parseLong(contentLength);
        }
        byte[] head = forwarded.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        return new Pass(method, requestLine, bodyLength, chunked, head, false);
    }

    private static Refuse refuse(int status, String reason, String method, String requestLine) {
        return new Refuse(status, reason, true, method, requestLine);
    }

    /** origin-form for every method, absolute-form too, '*' only for OPTIONS (RFC 9112 §3.2). */
    private static boolean validTarget(String method, String target) {
        if (target.isEmpty()) {
            return false;
        }
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c <= 0x20 || c == 0x7f) {
                return false;
            }
        }
        if (target.equals("*")) {
            return method.equals("OPTIONS");
        }
        if (method.equals("CONNECT")) {
            return true; // authority-form; answered 405 anyway
        }
        return target.startsWith("/") || target.regionMatches(true, 0, "http://", 0, 7)
                || target.regionMatches(true, 0, "https://", 0, 8);
    }

    /** uri-host [ ":" port ] (RFC 9110 §7.2, RFC 3986 §3.2.2); an empty value is allowed. */
    static boolean validHost(String host) {
        String name = host;
        String port = "";
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            if (close < 0 || !IP_LITERAL.matcher(host.substring(1, close)).matches()) {
                return false;
            }
            String rest = host.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return false;
            }
            name = "";
            port = rest.isEmpty() ? "" : rest.substring(1);
        } else {
            int colon = host.indexOf(':');
            if (colon >= 0) {
                name = host.substring(0, colon);
                port = host.substring(colon + 1);
            }
        }
        return REG_NAME.matcher(name).matches() && PORT.matcher(port).matches();
    }

    /** field-value: VCHAR, obs-text, SP and HTAB only (RFC 9110 §5.5). */
    private static boolean validValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static boolean isToken(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isTchar((byte) s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static final boolean[] TCHAR = asciiTable("!#$%&'*+-.^_`|~");
    private static final boolean[] REG_NAME_CHAR = asciiTable("._~!$&'()*+,;=-");

    /** Which ASCII bytes are a letter, a digit or one of {@code others}: looked up per byte of every head. */
    private static boolean[] asciiTable(String others) {
        boolean[] table = new boolean[128];
        for (int c = 1; c < 128; c++) {
            table[c] = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                    || others.indexOf(c) >= 0;
        }
        return table;
    }

    /** tchar of RFC 9110 §5.6.2. */
    static boolean isTchar(byte c) {
        return c >= 0 && TCHAR[c];
    }

    private static String stripCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    private static String firstLine(byte[] b, int length) {
        int end = indexOf(b, 0, length, (byte) '\n');
        return stripCr(new String(b, 0, Math.min(end < 0 ? length : end, 1024), StandardCharsets.ISO_8859_1));
    }

    static int indexOf(byte[] b, int from, int length, byte wanted) {
        for (int i = from; i < length; i++) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
