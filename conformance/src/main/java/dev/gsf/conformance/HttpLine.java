package dev.gsf.conformance;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads one line of an HTTP/1.1 message head or of chunked framing from a raw stream: bytes up to LF, the CR before
 * it dropped (a CR elsewhere stays, so that a status line holding one does not read as a valid one),
 * each byte one ISO-8859-1 character. Shared by the conformance runner and the server tests' raw client.
 */
public final class HttpLine {
    private HttpLine() {
    }

    /** The next line without its line end; blocks until it ends. EOFException when the stream ends first. */
    public static String read(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("connection closed before the end of a line");
            }
            line.append((char) c);
        }
        int end = line.length();
        return line.substring(0, end > 0 && line.charAt(end - 1) == '\r' ? end - 1 : end);
    }
}
