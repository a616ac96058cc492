package dev.gsf.server.testing;

import dev.gsf.conformance.HttpLine;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal HTTP/1.1 client over a plain socket, for what java.net.http will not send (odd paths, raw bytes) and for
 * keep-alive checks. One instance is one connection; responses are read with Content-Length framing.
 */
public final class RawHttp implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    /** A response: status, headers with lower-case names, body length and MD5, and the body when it is small. */
    public record Response(int status, Map<String, String> headers, long bodyLength, String md5, byte[] smallBody) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String body() {
            return new String(smallBody, StandardCharsets.UTF_8);
        }
    }

    public RawHttp(int port) throws IOException {
        this(connected(port));
    }

    private RawHttp(Socket socket) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(30_000);
        in = new java.io.BufferedInputStream(socket.getInputStream(), 1 << 16);
        out = socket.getOutputStream();
    }

    /**
     * A connection to {@code port} of 127.0.0.1 whose receive buffer is {@code bytes}, set before it connects (set
     * after, the kernel keeps the window it offered and reopens it slowly once the small buffer is full).
     */
    public static RawHttp withReceiveBuffer(int port, int bytes) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(bytes);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return new RawHttp(socket);
    }

    /** A connection over TLS to {@code port} of 127.0.0.1, its handshake done, trusting what {@code tls} trusts. */
    public static RawHttp overTls(int port, javax.net.ssl.SSLContext tls) throws IOException {
        return overTls(port, tls, 0);
    }

    /** As {@link #overTls(int, javax.net.ssl.SSLContext)}, the receive buffer set first (0: the kernel's). */
    public static RawHttp overTls(int port, javax.net.ssl.SSLContext tls, int receiveBuffer) throws IOException {
        Socket plain = new Socket();
        if (receiveBuffer > 0) {
            plain.setReceiveBufferSize(receiveBuffer);
        }
        plain.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        javax.net.ssl.SSLSocket socket = (javax.net.ssl.SSLSocket) tls.getSocketFactory()
                .createSocket(plain, "127.0.0.1", port, true);
        socket.setSoTimeout(30_000);
        socket.startHandshake();
        return new RawHttp(socket);
    }

    private static Socket connected(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return socket;
    }

    public Socket socket() {
        return socket;
    }

    /** Sends {@code METHOD target HTTP/1.1} with Host and the given extra header lines. */
    public void send(String method, String target, String... headerLines) throws IOException {
        StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        request.append("\r\n");
        sendRaw(request.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Starts a download the caller paces: a 16K receive buffer, so that the server's writes block once it is full,
     * then GET {@code target} and read the head only. The body is the caller's to read, slowly or never. Over TLS the
     * buffer is left as it is: shrunk after the handshake, the kernel then opened the window only on its zero-window
     * probes (a 20 MB body took minutes, the server's socket holding MBs unsent, with ENBA's queued and SBA's blocking
     * writes alike), and the 20 MB these tests download are more than the kernel's buffers take anyway.
     */
    public Response startDownload(String target) throws IOException {
        if (!(socket instanceof javax.net.ssl.SSLSocket)) {
            socket.setReceiveBufferSize(16 * 1024);
        }
        send("GET", target);
        return readHead();
    }

    public void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    public Response exchange(String method, String target, String... headerLines) throws IOException {
        send(method, target, headerLines);
        return read(method.equals("HEAD"));
    }

    /** Reads the status line and headers only. */
    public Response readHead() throws IOException {
        String statusLine = HttpLine.read(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP status line: " + statusLine);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = HttpLine.read(in); !line.isEmpty(); line = HttpLine.read(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        return new Response(Integer.parseInt(parts[1]), headers, 0, null, new byte[0]);
    }

    /** Reads a whole response; a HEAD response or a 304 has no body whatever its Content-Length says. */
    public Response read(boolean noBody) throws IOException {
        Response head = readHead();
        return noBody ? readBody(head, 0) : readBody(head);
    }

    /** Reads the body of the response whose {@link #readHead() head} was read; none for a 304 or 204. */
    public Response readBody(Response head) throws IOException {
        long length = head.status() == 304 || head.status() == 204 ? 0
                : Long.parseLong(head.headers().getOrDefault("content-length", "0"));
        return readBody(head, length);
    }

    private Response readBody(Response head, long length) throws IOException {
        MessageDigest md5 = md5();
        ByteArrayOutputStream small = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        long left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("body ended after " + (length - left) + " of " + length + " bytes");
            }
            md5.update(buffer, 0, n);
            if (small.size() < 4096) {
                small.write(buffer, 0, Math.min(n, 4096 - small.size()));
            }
            left -= n;
        }
        return new Response(head.status(), head.headers(), length, HexFormat.of().formatHex(md5.digest()),
                small.toByteArray());
    }

    /**
     * The body of the response whose {@link #readHead() head} was read, as a stream of its Content-Length bytes; read
     * it to its end before the connection's next exchange.
     */
    public InputStream body(Response head) {
        long length = Long.parseLong(head.headers().getOrDefault("content-length", "0"));
        return new java.io.FilterInputStream(in) {
            private long left = length;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] into, int offset, int count) throws IOException {
                if (left == 0) {
                    return -1;
                }
                int n = in.read(into, offset, (int) Math.min(count, left));
                if (n < 0) {
                    throw new EOFException("body ended after " + (length - left) + " of " + length + " bytes");
                }
                left -= n;
                return n;
            }

            @Override
            public void close() { // the connection goes on
            }
        };
    }

    /**
     * Where what {@code in} gives until its end first differs from {@code file}'s bytes (the shorter one's length
     * when one is a prefix of the other), or -1 when they are the same; closes {@code in}. A byte-by-byte comparison
     * with the file served, for the tests that check hundreds of MB: MD5 costs ten times the CPU of reading the file
     * again from the page cache and comparing.
     */
    public static long firstDifference(InputStream in, Path file) throws IOException {
        try (in; java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file)) {
            byte[] got = new byte[1 << 16];
            java.nio.ByteBuffer expected = java.nio.ByteBuffer.allocate(1 << 16);
            long offset = 0;
            for (int n; (n = in.readNBytes(got, 0, got.length)) > 0; offset += n) {
                expected.clear().limit(n);
                while (expected.hasRemaining() && channel.read(expected) > 0) {
                    // until n bytes or the file's end
                }
                int mismatch = java.util.Arrays.mismatch(got, 0, n, expected.array(), 0, expected.position());
                if (mismatch >= 0) {
                    return offset + mismatch;
                }
            }
            return offset == channel.size() ? -1 : offset;
        }
    }

    /** Reads up to n body bytes (after {@link #readHead()}); fewer only at end of stream. */
    public int readSome(byte[] into) throws IOException {
        return in.read(into);
    }

    /**
     * True when the server closes the connection (end of stream or reset) within the socket timeout without sending
     * anything; false when it sends a byte or the timeout passes first.
     */
    public boolean closedByServer() {
        try {
            return in.read() < 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    public static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The MD5 of {@code length} bytes of {@code bytes} from {@code offset}, in hex. */
    public static String md5Hex(byte[] bytes, int offset, int length) {
        MessageDigest md5 = RawHttp.md5();
        md5.update(bytes, offset, length);
        return HexFormat.of().formatHex(md5.digest());
    }

    /** The MD5 of what {@code in} gives until its end, in hex; closes {@code in}. */
    public static String md5Hex(InputStream in) throws Exception {
        MessageDigest md5 = RawHttp.md5();
        try (in) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                md5.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(md5.digest());
    }

    /**
     * Whether the server ends {@code socket}'s connection (end of stream or reset) within the socket's timeout,
     * whatever it sends first (an alert, a 400).
     */
    public static boolean closedWithin(java.net.Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // read past what comes before the close
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
