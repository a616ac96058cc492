package dev.gsf.server.http;

import java.util.regex.Matcher;
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
    /**
     * chunk-size [ chunk-ext ] (RFC 9112 §7.1.1), whitespace allowed before the line's end: an extension is a token,
     * with a token or a quoted string as its value, so a CR or another control byte inside one is no line end a
     * proxy in front might see instead.
     */
    private static final Pattern SIZE_LINE = Pattern.compile("([0-9A-Fa-f]{1,15})(?:[ \t]*;[ \t]*" + TOKEN
            + "(?:[ \t]*=[ \t]*(?:" + TOKEN + "|\"(?:[\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]"
            + "|\\\\[\t \\x21-\\x7e\\x80-\\xff])*\"))?)*[ \t]*");
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

    /** chunk-size [ chunk-ext ] [ CR ] */
    private static long size(String line) throws Malformed {
        String s = withoutCr(line);
        Matcher m = SIZE_LINE.matcher(s);
        if (!m.matches()) {
            throw new Malformed("'" + s + "' is not a chunk size and extensions");
        }
        return Long.parseLong(m.group(1), 16);
    }

    private static String withoutCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
