package dev.gsf.conformance;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * One case on one fresh connection: sends the request bytes in one write, reads the first final response, then
 * tells whether the connection is still open by sending a HEAD request and seeing whether anything answers it. Over
 * plain TCP or TLS alike ({@link Connector}): an end of stream (a TLS close_notify included), a reset or a broken TLS
 * record is a close; no answer within the read timeout is "hung". Blocking; any thread.
 */
final class Exchange {
    /** What to send after the answer, to see whether the connection still serves requests. */
    static final String PROBE = "HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n";

    /** The answer seen: a status (null when none came) and what became of the connection. */
    record Observed(Integer status, String connection, Map<String, String> headers) {
        String describe() {
            return (status == null ? "none" : status.toString()) + " " + connection;
        }
    }

    private final Connector connector;
    private final Duration timeout;

    Exchange(Connector connector, Duration timeout) {
        this.connector = connector;
        this.timeout = timeout;
    }

    /** @throws Connector.Unreachable when no connection (or no TLS handshake) could be made for it */
    Observed run(String request) throws IOException {
        try (Socket socket = connector.open(timeout)) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            Response first;
            try {
                first = read(in, isHead(request));
            } catch (EOFException | SocketException | SSLException e) {
                return new Observed(null, "close", Map.of());
            } catch (SocketTimeoutException e) {
                return new Observed(null, "hung", Map.of());
            }
            if (first.closed) {
                return new Observed(first.status, "close", first.headers);
            }
            try {
                socket.getOutputStream().write(PROBE.getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
                read(in, true);
                return new Observed(first.status, "open", first.headers);
            } catch (EOFException | SocketException | SSLException e) {
                return new Observed(first.status, "close", first.headers);
            } catch (SocketTimeoutException e) {
                return new Observed(first.status, "hung", first.headers);
            }
        }
    }

    /** The value of {@code header} of a HEAD request for {@code path}, or null when the server gives none. */
    String header(String path, String header) throws IOException {
        Observed o = run("HEAD " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        return o.headers().get(header.toLowerCase(Locale.ROOT));
    }

    record Response(int status, Map<String, String> headers, boolean closed) {
    }

    /**
     * The first final response (1xx skipped), its body read by its framing; closed when it ended at EOF. A response
     * that is not HTTP (a status line, a Content-Length or a chunk size that does not parse) is an EOFException: the
     * runner sees the connection end there.
     */
    static Response read(InputStream in, boolean head) throws IOException {
        while (true) {
            String statusLine = HttpLine.read(in);
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/") || !parts[1].matches("[0-9]{3}")) {
                throw new EOFException("not a status line: " + statusLine);
            }
            int status = Integer.parseInt(parts[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = HttpLine.read(in); !line.isEmpty(); line = HttpLine.read(in)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            line.substring(colon + 1).trim());
                }
            }
            if (status < 200) {
                continue;
            }
            boolean noBody = head || status == 204 || status == 304;
            String length = headers.get("content-length");
            if (noBody) {
                return new Response(status, headers, false);
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (long size = chunkSize(HttpLine.read(in)); size > 0; size = chunkSize(HttpLine.read(in))) {
                    skip(in, size);
                    HttpLine.read(in);
                }
                while (!HttpLine.read(in).isEmpty()) {
                    // trailer fields
                }
                return new Response(status, headers, false);
            }
            if (length != null) {
                skip(in, number(length, 10, "Content-Length"));
                return new Response(status, headers, false);
            }
            while (in.read() >= 0) {
                // no framing: the body ends when the connection does
            }
            return new Response(status, headers, true);
        }
    }

    private static long chunkSize(String line) throws EOFException {
        return number(line.split(";", -1)[0].trim(), 16, "chunk size");
    }

    private static long number(String text, int radix, String what) throws EOFException {
        try {
            return Long.parseLong(text, radix);
        } catch (NumberFormatException e) {
            throw new EOFException("not a " + what + ": " + text);
        }
    }

    private static void skip(InputStream in, long n) throws IOException {
        for (long left = n; left > 0; left--) {
            if (in.read() < 0) {
                throw new EOFException("body ended early");
            }
        }
    }

    private static boolean isHead(String request) {
        return request.stripLeading().startsWith("HEAD ");
    }
}
