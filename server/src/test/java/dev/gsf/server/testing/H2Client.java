package dev.gsf.server.testing;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.eclipse.jetty.http2.generator.Generator;
import org.eclipse.jetty.http2.hpack.HpackException;
import org.eclipse.jetty.http2.parser.Parser;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;

/**
 * A small HTTP/2 client for tests, frame by frame, over a real socket (h2c by prior knowledge, or TLS with ALPN h2):
 * Jetty's generator and HPACK encoder write what it sends, Jetty's parser reads what comes back, so a test can send
 * well-formed requests and hostile frames alike and see every frame the server answers with. By default it gives
 * back to the server's windows every DATA byte it reads, as a fast client does.
 *
 * <p>Threads: a reader thread of its own parses the socket; the test's thread sends and waits (bounded) on it.
 */
public final class H2Client implements Closeable {
    private final Socket socket;
    private final OutputStream out;
    private final Generator generator = new Generator(ByteBufferPool.NON_POOLING);
    private final Map<Integer, H2Response> responses = new HashMap<>();
    private final List<Frame> connectionFrames = new ArrayList<>();
    private final Thread reader;
    private final PausableInput in;
    private volatile boolean giveWindowBack = true;
    private final FrameLengths frameLengths = new FrameLengths();
    private boolean eof;
    private volatile boolean reset;
    private volatile boolean endWithServer = true;
    private int nextStream = 1;

    private H2Client(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        Parser parser = new Parser(ByteBufferPool.NON_POOLING, 64 * 1024);
        parser.init(new Listener());
        parser.setMaxFrameSize(1 << 20); // takes frames up to 1 MiB, for a test that allows them (SETTINGS)
        this.in = new PausableInput(socket.getInputStream());
        // The preface and SETTINGS first: the reader acknowledges the server's SETTINGS, which must come after ours.
        out.write(org.eclipse.jetty.http2.frames.PrefaceFrame.PREFACE_BYTES);
        send(new SettingsFrame(Map.of(), false));
        reader = Thread.ofPlatform().daemon().name("h2-test-client").start(() -> read(in, parser));
    }

    /** h2c by prior knowledge on {@code port}. */
    public static H2Client connect(int port) throws IOException {
        return new H2Client(new Socket("127.0.0.1", port));
    }

    /** TLS on {@code port} trusting {@code context}, ALPN h2 (which the server must pick). */
    public static H2Client overTls(int port, SSLContext context) throws IOException {
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {"h2"});
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        if (!"h2".equals(socket.getApplicationProtocol())) {
            socket.close();
            throw new IOException("ALPN chose '" + socket.getApplicationProtocol() + "', not h2");
        }
        return new H2Client(socket);
    }

    /** The longest DATA frame received on the connection, by its header (a response's largestData is a piece's). */
    public int largestDataFrame() {
        return frameLengths.largestData();
    }

    /** Stream {@code id}'s first DATA frame's length, by its header; -1 when none came. */
    public int firstDataFrame(int id) {
        return frameLengths.firstData(id);
    }

    /** Whether DATA read is given back to the windows at once (true), or never (a client that stops reading). */
    public void giveWindowBack(boolean give) {
        giveWindowBack = give;
    }

    /** Stops (true) or resumes reading the socket: a client that takes nothing for a while ({@link PausableInput}). */
    public void pauseReading(boolean pause) {
        in.pause(pause);
    }

    /** Sends a request on a new stream ({@code headers}: name, value, ...) with END_STREAM; its stream id. */
    public synchronized int request(String method, String path, String... headers) throws IOException {
        HttpFields.Mutable fields = HttpFields.build();
        for (int i = 0; i < headers.length; i += 2) {
            fields.add(headers[i], headers[i + 1]);
        }
        int id = nextStream;
        nextStream += 2;
        MetaData.Request request = new MetaData.Request(method, HttpURI.build().scheme("http")
                .host("127.0.0.1").path(path), HttpVersion.HTTP_2, fields);
        send(new HeadersFrame(id, request, null, true));
        return id;
    }

    /**
     * Sends a request on a new stream whose header block is exactly {@code fields} (name, value, ..., pseudo-header
     * fields included, in this order), each encoded by Jetty's HPACK encoder as it is: what its request encoder would
     * refuse or tidy (upper-case names, connection-specific fields, a missing or misplaced pseudo-header). Its id.
     */
    public synchronized int requestFields(String... fields) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(16 * 1024);
        for (int i = 0; i < fields.length; i += 2) {
            if (fields[i].chars().anyMatch(Character::isUpperCase)) {
                HpackLiteral.put(block, fields[i], fields[i + 1]);
            } else {
                generator.getHpackEncoder().encode(block, new HttpField(fields[i], fields[i + 1]));
            }
        }
        block.flip();
        int id = nextStream;
        nextStream += 2;
        ByteBuffer frame = ByteBuffer.allocate(9 + block.remaining());
        frame.put((byte) (block.remaining() >>> 16)).put((byte) (block.remaining() >>> 8))
                .put((byte) block.remaining()).put((byte) 1).put((byte) 0x5).putInt(id).put(block);
        sendRaw(frame.array());
        return id;
    }

    /** A GET's whole answer. */
    public H2Response get(String path, String... headers) throws IOException, InterruptedException {
        return response(request("GET", path, headers));
    }

    /** Sends {@code frame} as Jetty generates it. */
    public synchronized void send(Frame frame) throws IOException {
        RetainableByteBuffer.Mutable bytes = new RetainableByteBuffer.DynamicCapacity();
        try {
            if (frame instanceof DataFrame data) {
                generator.data(bytes, data, data.remaining());
            } else {
                generator.control(bytes, frame);
            }
        } catch (HpackException e) {
            throw new IOException(e);
        }
        out.write(bytes.takeByteArray());
        out.flush();
    }

    /** Sends raw bytes: a frame no library would write. */
    public synchronized void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Waits for stream {@code id} to end (END_STREAM or RST_STREAM) and gives its answer. */
    public H2Response response(int id) throws InterruptedException {
        long deadline = System.nanoTime() + Await.WAIT.toNanos();
        synchronized (responses) {
            while (true) {
                H2Response r = responses.get(id);
                if (r != null && (r.ended || r.reset >= 0)) {
                    return r;
                }
                if (eof) {
                    throw new IllegalStateException("connection closed before stream " + id + " ended");
                }
                waitUntil(deadline, "stream " + id);
            }
        }
    }

    /** Drops stream {@code id}'s answer, once read: a client of many streams keeps only those in flight. */
    public void forget(int id) {
        synchronized (responses) {
            responses.remove(id);
        }
    }

    /** How many body bytes stream {@code id} has received so far. */
    public int bodyBytes(int id) {
        synchronized (responses) {
            return stream(id).body.size();
        }
    }

    /** Stream {@code id}'s status so far (0 before its HEADERS). */
    public int status(int id) {
        synchronized (responses) {
            return stream(id).status;
        }
    }

    /** Waits for the first connection-level frame of {@code type} (GOAWAY, SETTINGS, PING, ...). */
    public <T extends Frame> T await(Class<T> type) throws InterruptedException {
        long deadline = System.nanoTime() + Await.WAIT.toNanos();
        synchronized (responses) {
            while (true) {
                for (Frame f : connectionFrames) {
                    if (type.isInstance(f)) {
                        return type.cast(f);
                    }
                }
                if (eof) {
                    throw new IllegalStateException("connection closed with no " + type.getSimpleName());
                }
                waitUntil(deadline, type.getSimpleName());
            }
        }
    }

    /** Whether this client ends its side once the server has ended its own (true), or only when told ({@link #end}). */
    public void endWithServer(boolean end) {
        endWithServer = end;
    }

    /** The client's port of the connection: the server's end is found by it ({@link Descriptors#ofConnection}). */
    public int localPort() {
        return socket.getLocalPort();
    }

    /** Ends this client's side of the connection (its FIN), still reading. */
    public void end() throws IOException {
        socket.shutdownOutput();
    }

    /** Whether the connection ended in an error (a reset) rather than the server's orderly end of stream. */
    public boolean endedByReset() {
        return reset;
    }

    /** Waits until the server has closed the connection. */
    public void awaitClosed() throws InterruptedException {
        long deadline = System.nanoTime() + Await.WAIT.toNanos();
        synchronized (responses) {
            while (!eof) {
                waitUntil(deadline, "the connection to close");
            }
        }
    }

    private void waitUntil(long deadline, String what) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IllegalStateException("timed out waiting for " + what);
        }
        responses.wait(Math.max(1, left / 1_000_000));
    }

    private void read(InputStream in, Parser parser) {
        byte[] buffer = new byte[64 * 1024];
        try {
            for (int n; (n = in.read(buffer)) > 0; ) {
                frameLengths.track(buffer, n);
                parser.parse(ByteBuffer.wrap(buffer, 0, n));
            }
            if (endWithServer) {
                socket.shutdownOutput(); // the server's end read: ours, as a client closes then
            }
        } catch (IOException e) {
            reset = !socket.isClosed(); // not our own close: the connection was reset (or broke)
        } finally {
            synchronized (responses) {
                eof = true;
                responses.notifyAll();
            }
        }
    }

    private H2Response stream(int id) {
        return responses.computeIfAbsent(id, k -> new H2Response());
    }

    @Override
    public void close() throws IOException {
        socket.close();
        in.pause(false);
        try {
            reader.join(Await.WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Frames as they are parsed, on the reader thread. */
    private final class Listener implements Parser.Listener {
        @Override
        public void onHeaders(HeadersFrame frame) {
            synchronized (responses) {
                H2Response r = stream(frame.getStreamId());
                if (frame.getMetaData() instanceof MetaData.Response head) {
                    r.status = head.getStatus();
                    r.headers = head.getHttpFields();
                }
                r.ended |= frame.isEndStream();
                responses.notifyAll();
            }
        }

        @Override
        public void onData(DataFrame frame) {
            int length = frame.remaining();
            synchronized (responses) {
                H2Response r = stream(frame.getStreamId());
                ByteBuffer data = frame.getByteBuffer();
                byte[] bytes = new byte[data.remaining()];
                data.get(bytes);
                r.body.writeBytes(bytes);
                r.dataFrames++;
                r.largestData = Math.max(r.largestData, bytes.length);
                r.ended |= frame.isEndStream();
                responses.notifyAll();
            }
            if (giveWindowBack && length > 0) {
                try {
                    send(new WindowUpdateFrame(0, length));
                    send(new WindowUpdateFrame(frame.getStreamId(), length));
                } catch (IOException e) {
                    // the connection is closing: the reader sees it
                }
            }
        }

        @Override
        public void onReset(ResetFrame frame) {
            synchronized (responses) {
                stream(frame.getStreamId()).reset = frame.getError();
                connectionFrames.add(frame);
                responses.notifyAll();
            }
        }

        @Override
        public void onSettings(SettingsFrame frame) {
            connectionFrame(frame);
            if (!frame.isReply()) {
                try {
                    send(new SettingsFrame(Map.of(), true));
                } catch (IOException e) {
                    // the reader sees it
                }
            }
        }

        @Override
        public void onPing(PingFrame frame) {
            connectionFrame(frame);
        }

        @Override
        public void onGoAway(GoAwayFrame frame) {
            connectionFrame(frame);
        }

        @Override
        public void onWindowUpdate(WindowUpdateFrame frame) {
        }

        @Override
        public void onConnectionFailure(int error, String reason) {
            connectionFrame(new GoAwayFrame(-1, error, ("client parser: " + reason).getBytes()));
        }

        private void connectionFrame(Frame frame) {
            synchronized (responses) {
                connectionFrames.add(frame);
                responses.notifyAll();
            }
        }
    }
}
