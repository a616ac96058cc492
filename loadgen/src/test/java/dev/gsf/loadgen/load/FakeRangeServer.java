package dev.gsf.loadgen.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tiny HTTP/1.1 server on a loopback port that answers Range requests for {@code bytes=A-B,C-D,...} with a
 * multipart/byteranges body spoiled on purpose ({@link Fault}), to show that {@code gsf load --ranges} counts it as an
 * error. Keep-alive, a virtual thread per connection; closing stops it and its connections.
 */
final class FakeRangeServer implements AutoCloseable {
    /** What is wrong with every multipart answer. */
    enum Fault {
        /** The second part's Content-Range names the bytes one further on (its bytes are the right ones). */
        CONTENT_RANGE,
        /** A byte of the first part is changed. */
        BYTES,
        /** The closing delimiter is left out; Content-Length still matches what is sent. */
        NO_CLOSE
    }

    private static final String BOUNDARY = "fakeboundary";
    private final ServerSocket socket;
    private final Path root;
    private final Fault fault;
    private final List<Socket> connections = new ArrayList<>();

    FakeRangeServer(Path root, Fault fault) throws IOException {
        this.root = root;
        this.fault = fault;
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    String url() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/";
    }

    private void accept() {
        try {
            while (true) {
                Socket s = socket.accept();
                synchronized (connections) {
                    connections.add(s);
                }
                Thread.ofVirtual().start(() -> serve(s));
            }
        } catch (IOException closed) {
            // close() closed the socket: done
        }
    }

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            for (String head; (head = readHead(in)) != null; ) {
                String[] line = head.split(" ", 3);
                byte[] file = Files.readAllBytes(root.resolve(line[1].substring(1)));
                Matcher range = Pattern.compile("(?im)^Range: bytes=(.*)$").matcher(head);
                out.write(range.find() && line[0].equals("GET") ? multipart(file, range.group(1).trim())
                        : whole(file, line[0].equals("HEAD")));
                out.flush();
            }
        } catch (IOException gone) {
            // the client closed the connection
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            head.write(b);
            String text = head.toString(StandardCharsets.ISO_8859_1);
            if (text.endsWith("\r\n\r\n")) {
                return text;
            }
        }
        return null;
    }

    private static byte[] whole(byte[] file, boolean head) {
        String text = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + file.length
                + "\r\n\r\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
        if (!head) {
            out.writeBytes(file);
        }
        return out.toByteArray();
    }

    private byte[] multipart(byte[] file, String ranges) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String[] specs = ranges.split(",");
        for (int i = 0; i < specs.length; i++) {
            String[] ends = specs[i].trim().split("-");
            int first = Integer.parseInt(ends[0]);
            int last = Integer.parseInt(ends[1]);
            int shown = fault == Fault.CONTENT_RANGE && i == 1 ? 1 : 0;
            body.writeBytes(("\r\n--" + BOUNDARY + "\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes "
                    + (first + shown) + "-" + (last + shown) + "/" + file.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            byte[] part = java.util.Arrays.copyOfRange(file, first, last + 1);
            if (fault == Fault.BYTES && i == 0) {
                part[part.length / 2] ^= 1;
            }
            body.writeBytes(part);
        }
        if (fault != Fault.NO_CLOSE) {
            body.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("HTTP/1.1 206 Partial Content\r\nContent-Type: multipart/byteranges; boundary=" + BOUNDARY
                + "\r\nContent-Length: " + body.size() + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        synchronized (connections) {
            for (Socket s : connections) {
                s.close();
            }
        }
    }
}
