package dev.gsf.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import javax.net.SocketFactory;

/**
 * A wrk-like closed loop for machines without wrk: each connection (a virtual thread) sends GET after GET on one
 * keep-alive socket and reads each body by its Content-Length, until the time is up. Over https its sockets come from
 * a TLS socket factory ({@link Transport#sockets()}).
 */
public final class BuiltinClient implements LoadClient {
    private final SocketFactory sockets;

    /** Plain HTTP. */
    public BuiltinClient() {
        this(SocketFactory.getDefault());
    }

    /** Sockets from {@code sockets}: plain, or TLS ones for https URLs. */
    BuiltinClient(SocketFactory sockets) {
        this.sockets = sockets;
    }

    @Override
    public String name() {
        return "built-in";
    }

    @Override
    public Result run(String url, int connections, Duration duration) throws IOException {
        URI uri = URI.create(url);
        byte[] request = ("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        LongAdder requests = new LongAdder();
        LongAdder bytes = new LongAdder();
        LongAdder errors = new LongAdder();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> loops = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                loops.add(threads.submit(() -> loop(sockets, uri, request, deadline, requests, bytes, errors)));
            }
            for (Future<?> loop : loops) {
                loop.get();
            }
        } catch (Exception e) {
            throw new IOException("load loop failed: " + e, e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(requests.sum(), bytes.sum(), seconds, errors.sum());
    }

    private static Void loop(SocketFactory sockets, URI uri, byte[] request, long deadline, LongAdder requests,
                             LongAdder bytes, LongAdder errors) {
        byte[] buffer = new byte[1 << 16];
        while (System.nanoTime() < deadline) {
            try (Socket socket = sockets.createSocket()) {
                socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5000);
                socket.setSoTimeout(30_000);
                InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
                OutputStream out = socket.getOutputStream();
                while (System.nanoTime() < deadline) {
                    out.write(request);
                    out.flush();
                    long length = readHead(in);
                    for (long left = length; left > 0; ) {
                        int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                        if (n < 0) {
                            throw new IOException("body ended early");
                        }
                        left -= n;
                        bytes.add(n);
                    }
                    requests.increment();
                }
            } catch (IOException e) {
                errors.increment(); // then reconnect, as wrk does
            }
        }
        return null;
    }

    /** Reads the response head; returns the Content-Length of a 200, fails on anything else. */
    private static long readHead(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        long length = -1;
        boolean ok = false;
        boolean first = true;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (c == '\r') {
                continue;
            }
            if (c != '\n') {
                line.append((char) c);
                continue;
            }
            if (line.isEmpty()) {
                break;
            }
            String text = line.toString();
            if (first) {
                ok = text.startsWith("HTTP/1.1 200");
                first = false;
            } else if (text.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Long.parseLong(text.substring(15).trim());
            }
            line.setLength(0);
        }
        if (!ok || length < 0) {
            throw new IOException("not a 200 with Content-Length");
        }
        return length;
    }
}
