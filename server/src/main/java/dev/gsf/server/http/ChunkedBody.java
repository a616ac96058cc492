package dev.gsf.server.http;

import org.glassfish.grizzly.Buffer;

/**
 * Finds where a chunked request body ends (RFC 9112 §7.1), so that the bytes after it are read as the next request.
 * Only framing is checked; the content itself is Grizzly's to read. One instance per connection, fed in order by the
 * thread that reads it.
 */
final class ChunkedBody {
    /** Longest chunk-size line or trailer line. */
    private static final int MAX_LINE = 8192;
    private static final java.util.regex.Pattern HEX_SIZE = java.util.regex.Pattern.compile("[0-9A-Fa-f]{1,15}");

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
                        boolean empty = line.isEmpty() || line.toString().equals("\r");
                        line.setLength(0);
                        if (empty) {
                            state = State.SIZE;
                            return i + 1;
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

    /** chunk-size [ BWS ";" chunk-ext ] CR */
    private static long size(String line) throws Malformed {
        String s = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        int semicolon = s.indexOf(';');
        String hex = (semicolon < 0 ? s : s.substring(0, semicolon)).stripTrailing();
        if (!HEX_SIZE.matcher(hex).matches()) {
            throw new Malformed("'" + s + "' is not a chunk size");
        }
        return Long.parseLong(hex, 16);
    }
}
