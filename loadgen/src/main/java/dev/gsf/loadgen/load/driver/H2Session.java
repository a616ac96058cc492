package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One HTTP/2 connection shared by up to --streams {@link H2User}s, each with at most one stream open: it connects
 * (h2c by prior knowledge for http, ALPN h2 for https) when a user begins, opens a stream per download as far as the
 * server's SETTINGS_MAX_CONCURRENT_STREAMS allows, reads every frame and hands each stream's to its user, and returns
 * the connection's window as bytes are consumed (a stream's window is its user's: {@link H2User} returns it, at its
 * throttle's pace). Reads are never paused: one slow stream must not hold the others. After a GOAWAY no stream is
 * opened; streams the server did not take (above its last stream id) wait for the next connection, which is made
 * once the streams in flight are done. Every method runs on the event loop's thread and never blocks.
 */
final class H2Session implements SocketOwner {
    /** RST_STREAM REFUSED_STREAM: the server did not process the stream, which may be asked again. */
    private static final int REFUSED_STREAM = 0x7;

    private final EventLoop loop;
    private final DriverConfig config;
    private final Recorder recorder;
    private final Http2Options options;
    /** Open streams by id. */
    private final Map<Integer, H2User> open = new HashMap<>();
    /** Users whose download waits for the connection or for a free stream. */
    private final ArrayDeque<H2User> waiting = new ArrayDeque<>();

    private Connection connection;
    private H2Codec codec;
    private boolean ready;
    private boolean goingAway;
    /** A write failed: nothing more is written on this connection; its reads go on until they end. */
    private boolean writesFailed;
    /** The server has sent this connection's first bytes. */
    private boolean heard;
    private int nextStream;
    private int maxStreams;
    /** Connection-level bytes consumed and not yet returned by WINDOW_UPDATE. */
    private int unreturned;

    H2Session(EventLoop loop) {
        this.loop = loop;
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.options = config.http2().options();
    }

    EventLoop loop() {
        return loop;
    }

    /** A user's download begins: its stream opens now, or once the connection is ready and a stream is free. */
    void open(H2User user) {
        waiting.add(user);
        if (connection == null) {
            connect();
        } else if (ready) {
            dispatch();
            flush();
        }
    }

    /** The connection whose frames are current: frames of an earlier one are dropped ({@link H2Frames}). */
    Connection connection() {
        return connection;
    }

    /** The connection is not yet ready for streams (connecting, TLS handshake). */
    boolean connecting() {
        return connection != null && !ready;
    }

    boolean connected() {
        return connection != null && connection.connected();
    }

    private void connect() {
        codec = null;
        ready = false;
        goingAway = false;
        writesFailed = false;
        heard = false;
        nextStream = 1;
        maxStreams = Integer.MAX_VALUE; // until the server's SETTINGS say otherwise (RFC 9113 section 6.5.2)
        unreturned = 0;
        connection = loop.connect(this, this::failAll);
        if (connection == null) {
            return;
        }
        codec = new H2Codec(new H2Frames(this, connection));
        if (connection.connected()) {
            establish();
        }
    }

    @Override
    public void onConnectable(SelectionKey k) {
        establish();
    }

    private void establish() {
        if (!connection.establish(config, recorder, this::failAll)) {
            return;
        }
        if (connection.tls() != null && !connection.tls().applicationProtocol().equals("h2")) {
            failAll(ErrorKind.HANDSHAKE, "TLS handshake with " + config.address() + ": the server did not choose h2"
                    + " by ALPN ('" + connection.tls().applicationProtocol() + "'); it does not speak HTTP/2 over TLS");
            return;
        }
        codec.preface(options.window(), options.connectionWindow());
        ready = true;
        dispatch();
        flush();
    }

    /** Opens streams for waiting users while the server allows. */
    private void dispatch() {
        while (ready && !goingAway && !waiting.isEmpty() && open.size() < maxStreams) {
            if (nextStream < 0) { // past 2^31-1, client stream ids are used up: a new connection, as after GOAWAY
                goingAway = true;
                reconnectIfDone();
                return;
            }
            H2User user = waiting.poll();
            int id = nextStream;
            nextStream += 2;
            open.put(id, user);
            codec.request(id, user.request());
            user.opened(id);
        }
    }

    /**
     * Writes what the codec has queued, as far as the socket takes it. A write that fails ends the writing, not the
     * streams: the server may have closed its side (a TLS close_notify after its GOAWAY) with the rest of their
     * bytes already read and waiting to be parsed; the reads tell how it ends.
     */
    private void flush() {
        if (connection == null || !ready || writesFailed) {
            return;
        }
        try {
            while (codec.hasOutput()) {
                if (!connection.write(codec.output())) {
                    connection.interest(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                    return;
                }
            }
        } catch (IOException e) {
            writesFailed = true;
        }
        connection.interest(SelectionKey.OP_READ);
    }

    @Override
    public void onWritable(SelectionKey k) {
        if (connection != null && connection.key() == k && !ready) {
            establish();
        } else {
            flush();
        }
    }

    @Override
    public void onReadable(SelectionKey k) {
        if (connection == null || connection.key() != k) {
            return;
        }
        if (!ready) {
            establish();
            return;
        }
        Connection on = connection;
        ByteBuffer buffer = loop.readBuffer();
        for (int round = 0; round < 4 && on == connection; round++) {
            buffer.clear();
            int n;
            try {
                n = on.read(buffer);
            } catch (IOException e) {
                broken(ErrorKind.RESET, "connection failed: " + Failures.describe(e));
                return;
            }
            if (n < 0) {
                broken(goingAway ? ErrorKind.GOAWAY : ErrorKind.RESET, "the server closed the connection"
                        + (goingAway ? " after GOAWAY" : ""));
                return;
            }
            if (n == 0) {
                break;
            }
            recorder.received(n, System.nanoTime());
            buffer.flip();
            if (!heard && H2Codec.http1Answer(buffer)) {
                broken(ErrorKind.GOAWAY, H2Codec.NOT_H2C);
                return;
            }
            heard = true;
            codec.parse(buffer);
            if (n < buffer.capacity() && !on.buffered()) {
                break;
            }
        }
        if (on == connection) {
            flush();
            if (on.buffered()) { // decrypted bytes no select will announce: read them on the next turn
                loop.at(System.nanoTime(), () -> onReadable(on.key()));
            }
        }
    }

    void headers(int stream, int status, String head, boolean endStream) {
        H2User user = open.get(stream);
        if (user != null) {
            user.onHead(head, endStream, System.nanoTime());
        }
    }

    void data(int stream, ByteBuffer payload, int flow, boolean endStream) {
        unreturned += flow;
        if (unreturned >= options.connectionWindow() / 2) {
            codec.windowUpdate(0, unreturned);
            unreturned = 0;
        }
        H2User user = open.get(stream);
        if (user != null) {
            user.onData(payload, flow, endStream, System.nanoTime());
        }
    }

    void reset(int stream, int code) {
        H2User user = open.remove(stream);
        if (user != null && code == REFUSED_STREAM && user.retryUnprocessed()) {
            waiting.addFirst(user); // not processed (RFC 9113 section 8.7): asked again, once
        } else if (user != null) {
            user.onReset(code);
        }
        dispatch();
        flush();
    }

    void goAway(int lastStream, int code, String reason) {
        goingAway = true;
        List<H2User> refused = new ArrayList<>();
        open.entrySet().removeIf(e -> e.getKey() > lastStream && refused.add(e.getValue()));
        for (int i = refused.size() - 1; i >= 0; i--) {
            H2User user = refused.get(i);
            if (user.retryUnprocessed()) {
                waiting.addFirst(user); // the server did not process it (RFC 9113 section 6.8): ask again
            } else {
                user.failed(ErrorKind.GOAWAY, "the server sent GOAWAY (" + H2Codec.errorName(code) + ") without"
                        + " taking the stream, twice");
            }
        }
        if (code != 0) {
            broken(ErrorKind.GOAWAY, "the server ended the connection: GOAWAY " + H2Codec.errorName(code)
                    + (reason == null || reason.isEmpty() ? "" : " '" + reason + "'"));
        } else {
            reconnectIfDone();
        }
    }

    void maxStreams(int streams) {
        maxStreams = streams;
        dispatch();
    }

    void connectionFailure(int code, String reason) {
        if (connection != null && ready) {
            codec.goAway(0, code); // the server opens no streams of its own
            flush();
        }
        broken(ErrorKind.GOAWAY, "the server broke the HTTP/2 protocol (" + H2Codec.errorName(code) + ": " + reason
                + ")");
    }

    void streamFailure(int stream, int code, String reason) {
        H2User user = open.remove(stream);
        codec.reset(stream, code);
        if (user != null) {
            user.failed(ErrorKind.STREAM, "the stream broke the HTTP/2 protocol (" + H2Codec.errorName(code) + ": "
                    + reason + ")");
        }
        dispatch();
    }

    /**
     * A user's stream is over: {@code cancel} when the server may still send on it (the user failed it), which
     * resets it. Then the next waiting user may open one.
     */
    void ended(int stream, boolean cancel) {
        if (open.remove(stream) == null || connection == null) {
            return;
        }
        if (cancel) {
            codec.reset(stream, 0x8); // CANCEL
        }
        if (!reconnectIfDone()) {
            dispatch();
            flush();
        }
    }

    /** A user waiting for a stream gave up (timeout). */
    void withdraw(H2User user) {
        waiting.remove(user);
    }

    /** After a graceful GOAWAY, once the last stream in flight is done: a new connection for those that wait. */
    private boolean reconnectIfDone() {
        if (!goingAway || !open.isEmpty()) {
            return false;
        }
        closeConnection();
        if (!waiting.isEmpty()) {
            connect();
        }
        return true;
    }

    /** The connection is unusable: every stream on it and every user waiting for it fails. */
    private void broken(ErrorKind kind, String message) {
        closeConnection();
        failAll(kind, message);
    }

    /** The connect or handshake timed out: everyone waiting fails. */
    void connectTimedOut(ErrorKind kind, String message) {
        closeConnection();
        failAll(kind, message);
    }

    private void failAll(ErrorKind kind, String message) {
        closeConnection();
        List<H2User> users = new ArrayList<>(open.values());
        users.addAll(waiting);
        open.clear();
        waiting.clear();
        for (H2User user : users) {
            user.failed(kind, message);
        }
    }

    /** Credit for a stream's consumed bytes (its user decides when), written with the next flush. */
    void windowUpdate(int stream, int bytes) {
        if (connection != null && ready && open.containsKey(stream)) {
            codec.windowUpdate(stream, bytes);
            flush();
        }
    }

    /** The run is over. */
    void shutdown() {
        open.clear();
        waiting.clear();
        closeConnection();
    }

    private void closeConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
        ready = false;
    }
}
