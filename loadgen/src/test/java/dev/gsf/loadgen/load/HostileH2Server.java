package dev.gsf.loadgen.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.PrefaceFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.generator.Generator;
import org.eclipse.jetty.http2.parser.Parser;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;

/**
 * Test helper: an h2c server that misbehaves by file name, with Jetty's frame generator and parser on blocking
 * sockets (one thread per connection). {@code ok*}: the whole file; {@code rst*}: half the body, then RST_STREAM
 * INTERNAL_ERROR; {@code short*}: half the body ending the stream; {@code stall*}: 1,000 bytes, then nothing on that
 * stream while others go on; {@code refused*}: RST_STREAM REFUSED_STREAM at once; {@code goaway*}: GOAWAY
 * ENHANCE_YOUR_CALM and the connection closed. HEAD (the probe)
 * is answered properly for every file.
 */
final class HostileH2Server implements AutoCloseable {
    private final ServerSocket listener;
    private final Path root;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Thread acceptor;
    private final java.util.concurrent.atomic.AtomicInteger loads = new java.util.concurrent.atomic.AtomicInteger();

    HostileH2Server(Path root) throws IOException {
        this.root = root;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofPlatform().daemon().name("hostile-h2-accept").start(this::accept);
    }

    /** Connections accepted so far, the probe's aside (it sends HEAD only). */
    int connections() {
        return loads.get();
    }

    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                sockets.add(s);
                Thread.ofPlatform().daemon().name("hostile-h2").start(() -> serve(s));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            if (in.readNBytes(PrefaceFrame.PREFACE_BYTES.length).length < PrefaceFrame.PREFACE_BYTES.length) {
                return;
            }
            Generator generator = new Generator(ByteBufferPool.NON_POOLING);
            write(out, generator, new SettingsFrame(Map.of(), false));
            Parser parser = new Parser(ByteBufferPool.NON_POOLING, 8192);
            parser.init(new Parser.Listener() {
                @Override
                public void onHeaders(HeadersFrame frame) {
                    try {
                        answer(out, generator, frame.getStreamId(), (MetaData.Request) frame.getMetaData());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }

                @Override
                public void onSettings(SettingsFrame frame) {
                    if (!frame.isReply()) {
                        write(out, generator, new SettingsFrame(Map.of(), true));
                    }
                }
            });
            byte[] buffer = new byte[16384];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                parser.parse(ByteBuffer.wrap(buffer, 0, n));
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or a goaway* answer closed the socket
        }
    }

    private void answer(OutputStream out, Generator generator, int stream, MetaData.Request request)
            throws IOException {
        String name = request.getHttpURI().getPath().substring(1);
        byte[] body = Files.readAllBytes(root.resolve(name));
        boolean head = request.getMethod().equals("HEAD");
        if (!head && stream == 1) {
            loads.incrementAndGet(); // a connection's first GET: a load connection, not the probe's
        }
        if (name.startsWith("refused") && !head) {
            write(out, generator, new ResetFrame(stream, ErrorCode.REFUSED_STREAM_ERROR.code));
            return;
        }
        if (name.startsWith("goaway") && !head) {
            write(out, generator, new GoAwayFrame(0, ErrorCode.ENHANCE_YOUR_CALM_ERROR.code, null));
            out.close();
            return;
        }
        HttpFields fields = HttpFields.build().put("content-length", Long.toString(body.length))
                .put("content-type", "application/octet-stream").asImmutable();
        write(out, generator, new HeadersFrame(stream, new MetaData.Response(200, null, HttpVersion.HTTP_2, fields),
                null, head));
        if (head) {
            return;
        }
        int half = body.length / 2;
        if (name.startsWith("rst")) {
            data(out, generator, stream, body, half, false);
            write(out, generator, new ResetFrame(stream, ErrorCode.INTERNAL_ERROR.code));
        } else if (name.startsWith("short")) {
            data(out, generator, stream, body, half, true);
        } else if (name.startsWith("stall")) {
            data(out, generator, stream, body, 1000, false);
        } else {
            data(out, generator, stream, body, body.length, true);
        }
    }

    private static void data(OutputStream out, Generator generator, int stream, byte[] body, int length,
                             boolean end) {
        for (int from = 0; from < length; from += 16384) {
            int n = Math.min(16384, length - from);
            RetainableByteBuffer.Mutable bytes = new RetainableByteBuffer.DynamicCapacity();
            generator.data(bytes, new DataFrame(stream, ByteBuffer.wrap(body, from, n), end && from + n == length),
                    n);
            send(out, bytes);
        }
    }

    private static void write(OutputStream out, Generator generator, Frame frame) {
        RetainableByteBuffer.Mutable bytes = new RetainableByteBuffer.DynamicCapacity();
        try {
            generator.control(bytes, frame);
        } catch (org.eclipse.jetty.http2.hpack.HpackException e) {
            throw new IllegalStateException(e);
        }
        send(out, bytes);
    }

    private static void send(OutputStream out, RetainableByteBuffer.Mutable bytes) {
        try {
            out.write(bytes.takeByteArray());
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws Exception {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
        acceptor.join(5000);
    }
}
