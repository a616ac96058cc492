package dev.gsf.server.http;

import static dev.gsf.server.http.HeadBytes.isToken;
import static dev.gsf.server.http.HeadBytes.stripCr;
import static dev.gsf.server.http.RequestHead.MAX_FIELDS;
import static dev.gsf.server.http.RequestHead.MAX_FIELD_LINE;
import static dev.gsf.server.http.RequestHead.MAX_REQUEST_LINE;

import dev.gsf.server.http.RequestHead.Pass;
import dev.gsf.server.http.RequestHead.Refuse;
import dev.gsf.server.http.RequestHead.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The full reading of a request head: every form RFC 9112 allows and every refusal, in three steps (the request
 * line, each field line, then Host and the body's framing). One reader per head; any thread.
 */
final class FullHead {
    // Compiled once: String.matches and replaceAll compiled these on every request, a tenth of a 1 KB request's CPU.
    static final String NOT_A_REQUEST_LINE = "the request line is not: method SP target SP version";
    private static final Pattern HTTP_VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
    private static final Pattern OBS_TEXT = Pattern.compile("[\\x80-\\xff]");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("[0-9]{1,18}");
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9A-Za-z:._~!$&'()*+,;=-]+");
    private static final Pattern PORT = Pattern.compile("[0-9]{0,5}");
    /**
     * Fields Grizzly does not get: the body is skipped by the filter, and a connection is never upgraded (RFC 9110
     * §7.8 lets a server ignore Upgrade; Grizzly would close the connection instead).
     */
    private static final Set<String> FRAMING_AND_UPGRADE = Set.of("content-length", "transfer-encoding", "upgrade");

    private final StringBuilder forwarded;
    private String requestLine;
    private String method;
    private int minor;
    private int fields;
    private int hosts;
    private String host;
    private String contentLength;
    private StringBuilder transferEncoding;

    private FullHead(int length) {
        forwarded = new StringBuilder(length);
    }

    /** Reads {@code b[0, length)}, from the request line to the empty line included. */
    static Verdict read(byte[] b, int length) {
        String[] lines = new String(b, 0, length, StandardCharsets.ISO_8859_1).split("\n", -1);
        FullHead head = new FullHead(length);
        Refuse refused = head.requestLine(stripCr(lines[0]));
        for (int i = 1; refused == null && i < lines.length; i++) {
            String line = stripCr(lines[i]);
            if (line.isEmpty()) {
                break; // the empty line that ends the head
            }
            refused = head.field(line);
        }
        return refused != null ? refused : head.verdict();
    }

    /** method SP target SP HTTP/1.x; a later minor version is forwarded as HTTP/1.1 (RFC 9110 §6.2). */
    private Refuse requestLine(String line) {
        requestLine = line;
        if (line.length() > MAX_REQUEST_LINE) {
            return refuse(414, "the request line is longer than " + MAX_REQUEST_LINE + " bytes");
        }
        String[] parts = line.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !isToken(parts[0])) {
            return refuse(400, NOT_A_REQUEST_LINE);
        }
        method = parts[0];
        String target = parts[1];
        String version = parts[2];
        if (!HTTP_VERSION.matcher(version).matches()) {
            return refuse(400, "'" + version + "' is not an HTTP version");
        }
        int major = version.charAt(5) - '0';
        minor = version.charAt(7) - '0';
        if (major != 1) {
            return refuse(505, "HTTP/" + major + " is not supported over this connection; use HTTP/1.1");
        }
        if (target.indexOf('#') >= 0) { // a fragment is the client's own (RFC 9112 §3.2); nginx drops it, we refuse
            return refuse(400, "a request target has no fragment: '#' must be sent as %23");
        }
        if (!validTarget(method, target)) {
            return refuse(400, "the request target is not a path");
        }
        forwarded.append(minor > 1 ? method + " " + target + " HTTP/1.1" : line).append("\r\n");
        return null;
    }

    /** One field line: its syntax, and the fields that decide Host and framing. */
    private Refuse field(String line) {
        if (line.length() > MAX_FIELD_LINE) {
            return refuse(431, "a header field is longer than " + MAX_FIELD_LINE + " bytes");
        }
        if (++fields > MAX_FIELDS) {
            return refuse(431, "more than " + MAX_FIELDS + " header fields");
        }
        if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
            return refuse(400, "obsolete line folding in the header fields");
        }
        int colon = line.indexOf(':');
        if (colon < 0) {
            return refuse(400, "a header line has no colon");
        }
        String name = line.substring(0, colon);
        if (name.isEmpty() || !isToken(name)) {
            return refuse(400, "invalid header field name (whitespace before the colon?)");
        }
        String value = line.substring(colon + 1).strip();
        if (!validValue(value) || line.indexOf('\r') >= 0) {
            return refuse(400, "a control character in header field " + name);
        }
        String lowerCase = name.toLowerCase(Locale.ROOT);
        switch (lowerCase) {
            case "host" -> {
                hosts++;
                host = value;
            }
            case "content-length" -> {
                if (contentLength != null) {
                    return refuse(400, "more than one Content-Length");
                }
                contentLength = value;
            }
            case "transfer-encoding" -> transferEncoding = transferEncoding == null
                    ? new StringBuilder(value) : transferEncoding.append(',').append(value);
            default -> {
            }
        }
        if (!FRAMING_AND_UPGRADE.contains(lowerCase)) {
            // obs-text is opaque (RFC 9110 §5.5) and Grizzly refuses it: no field read here can hold it
            forwarded.append(OBS_TEXT.matcher(line).replaceAll("?")).append("\r\n");
        }
        return null;
    }

    /** After the last field: one valid Host (for HTTP/1.1), then where the body ends. */
    private Verdict verdict() {
        if (hosts > 1 || (hosts == 0 && minor >= 1)) {
            return refuse(400, hosts == 0 ? "an HTTP/1.1 request needs a Host header" : "more than one Host header");
        }
        if (host != null && !validHost(host)) {
            return refuse(400, "the Host header is not host[:port]");
        }
        boolean chunked = false;
        if (transferEncoding != null) {
            Refuse refused = chunkedOnly();
            if (refused != null) {
                return refused;
            }
            chunked = true;
        }
        long bodyLength = 0;
        if (contentLength != null) {
            if (!CONTENT_LENGTH.matcher(contentLength).matches()) {
                return refuse(400, "Content-Length is not a number");
            }
            bodyLength = Long.parseLong(contentLength);
        }
        byte[] head = forwarded.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        return new Pass(method, requestLine, bodyLength, chunked, head, false);
    }

    /** A Transfer-Encoding is exactly "chunked", alone, in HTTP/1.1 (RFC 9112 §6.1, §6.3); null when it is. */
    private Refuse chunkedOnly() {
        if (contentLength != null) {
            return refuse(400, "both Transfer-Encoding and Content-Length");
        }
        if (minor == 0) {
            return refuse(400, "Transfer-Encoding in an HTTP/1.0 request");
        }
        int chunks = 0;
        for (String coding : transferEncoding.toString().split(",")) {
            String c = coding.strip();
            if (c.equalsIgnoreCase("chunked")) {
                chunks++;
            } else if (!c.isEmpty()) {
                return refuse(501, "transfer coding '" + c + "' is not implemented");
            }
        }
        return chunks == 1 ? null : refuse(400, "Transfer-Encoding must be exactly 'chunked'");
    }

    private Refuse refuse(int status, String reason) {
        return RequestHead.refuse(status, reason, method, requestLine);
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
        if (target.startsWith("/")) {
            return true;
        }
        int scheme = target.regionMatches(true, 0, "http://", 0, 7) ? 7
                : target.regionMatches(true, 0, "https://", 0, 8) ? 8 : -1;
        return scheme > 0 && validAuthority(target.substring(scheme));
    }

    /**
     * The authority of an absolute-form target, which stands for Host (RFC 9112 §3.2.2): host[:port] as a Host
     * value is, and not empty (RFC 9110 §4.2.1).
     */
    private static boolean validAuthority(String afterScheme) {
        int end = afterScheme.length();
        for (char c : new char[] {'/', '?'}) {
            int at = afterScheme.indexOf(c);
            end = at >= 0 ? Math.min(end, at) : end;
        }
        String authority = afterScheme.substring(0, end);
        return !authority.isEmpty() && !authority.startsWith(":") && validHost(authority);
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
        byte[] bytes = name.getBytes(StandardCharsets.ISO_8859_1); // a char past 0xff becomes '?', no reg-name byte
        return HeadBytes.regNameEnd(bytes, 0, bytes.length) == bytes.length && PORT.matcher(port).matches();
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
}
