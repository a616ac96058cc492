package dev.gsf.server.http;

import java.util.regex.Pattern;
import org.glassfish.grizzly.Buffer;

/**
 * Finds where a chunked request body ends (RFC 9112 §7.1), so that the bytes after it are read as the next request.
 * Only framing is checked, strictly (sizes, extensions, trailer fields); the content itself is Grizzly's to read. One instance per connection, fed in order by the
 * thread that reads it.
 */
final class ChunkedBody {
    /** Longest chunk-size line or trailer line. */
    private static final int MAX_LINE = 8192;
    private static final String TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
    /** field-name ":" OWS field-value OWS (RFC 9112 §7.1.2, §5): no control byte but HTAB, no obs-fold. */
    private static final Pattern TRAILER_LINE = Pattern.compile(TOKEN + ":[\t \\x21-\\x7e\\x80-\\xff]*");

    private enum State { SIZE, DATA, DATA_END, TRAILER }

    /** The body is not valid chunked framing: the connection cannot be read further. */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    private State state = State.SIZE;
    private final StringBuilder line = new StringBuilder();
    private long dataLeft;
    private boolean sawCr;

    /**
     * Scans {@code b[from, to)}.
     *
     * @return the index just past the end of the body, or -1 when the body goes on past {@code to}
     */
    int scan(Buffer b, int from, int to) throws Malformed {
        for (int i = from; i < to; i++) {
            byte c = b.get(i);
            switch (state) {
                case SIZE -> {
                    if (c == '\n') {
                        dataLeft = size(line.toString());
                        state = dataLeft == 0 ? State.TRAILER : State.DATA;
                        line.setLength(0);
                    } else {
                        appendToLine(c);
                    }
                }
                case DATA -> {
                    long skip = Math.min(dataLeft, to - i);
                    i += (int) skip - 1;
                    dataLeft -= skip;
                    if (dataLeft == 0) {
                        state = State.DATA_END;
                        sawCr = false;
                    }
                }
                case DATA_END -> {
                    if (c == '\r' && !sawCr) {
                        sawCr = true;
                    } else if (c == '\n') {
                        state = State.SIZE;
                    } else {
                        throw new Malformed("chunk data is not followed by CRLF");
                    }
                }
                case TRAILER -> {
                    if (c == '\n') {
                        String trailer = withoutCr(line.toString());
                        line.setLength(0);
                        if (trailer.isEmpty()) {
                            state = State.SIZE;
                            return i + 1;
                        }
                        if (!TRAILER_LINE.matcher(trailer).matches()) {
                            throw new Malformed("'" + trailer + "' is not a trailer field");
                        }
                    } else {
                        appendToLine(c);
                    }
                }
            }
        }
        return -1;
    }

    private void appendToLine(byte c) throws Malformed {
        if (line.length() >= MAX_LINE) {
            throw new Malformed("a chunk-size or trailer line is longer than " + MAX_LINE + " bytes");
        }
        line.append((char) (c & 0xff));
    }

    /**
     * chunk-size [ chunk-ext ] OWS [ CR ] (RFC 9112 §7.1.1): an extension is a token, with a token or a quoted string
     * as its value, so a CR or another control byte inside one is no line end a proxy in front might see instead.
     * Scanned, not matched: a regex's loop over a group recurses per character and overflowed the reading thread's
     * stack on a line of 2,000 bytes (a quoted value) or 4,000 (many extensions).
     */
    private static long size(String line) throws Malformed {
        String s = withoutCr(line);
        int digits = 0;
        while (digits < s.length() && HeadBytes.isHexDigit(s.charAt(digits))) {
            digits++;
        }
        if (digits == 0 || digits > 15 || !extensions(s, digits)) {
            throw new Malformed("'" + s + "' is not a chunk size and extensions");
        }
        return Long.parseLong(s, 0, digits, 16);
    }

    /** *( OWS ";" OWS token [ OWS "=" OWS ( token / quoted-string ) ] ) OWS, from {@code at} to the end. */
    private static boolean extensions(String s, int at) {
        int i = at;
        while (true) {
            i = afterWhiteSpace(s, i);
            if (i == s.length()) {
                return true;
            }
            if (s.charAt(i) != ';' || (i = afterToken(s, afterWhiteSpace(s, i + 1))) < 0) {
                return false;
            }
            int equals = afterWhiteSpace(s, i);
            if (equals < s.length() && s.charAt(equals) == '=') {
                int value = afterWhiteSpace(s, equals + 1);
                i = value < s.length() && s.charAt(value) == '"' ? afterQuoted(s, value) : afterToken(s, value);
                if (i < 0) {
                    return false;
                }
            }
        }
    }

    private static int afterWhiteSpace(String s, int at) {
        int i = at;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** The end of the token at {@code at}, or -1 if none starts there. */
    private static int afterToken(String s, int at) {
        int i = at;
        while (i < s.length() && s.charAt(i) <= 0xff && HeadBytes.isTchar((byte) s.charAt(i))) {
            i++;
        }
        return i > at ? i : -1;
    }

    /** The end of the quoted-string whose opening quote is at {@code at}, or -1 if it is not one. */
    private static int afterQuoted(String s, int at) {
        for (int i = at + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\') { // quoted-pair: HTAB, SP, VCHAR or obs-text
                i++;
                if (i == s.length() || !(s.charAt(i) == '\t' || (s.charAt(i) >= 0x20 && s.charAt(i) != 0x7f))) {
                    return -1;
                }
            } else if (!(c == '\t' || (c >= 0x20 && c != 0x7f))) { // qdtext: HTAB, SP, VCHAR but '"' '\\', obs-text
                return -1;
            }
        }
        return -1;
    }

    private static String withoutCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
