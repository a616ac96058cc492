package dev.gsf.server.h2;

import dev.gsf.server.http.FileHandler;
import dev.gsf.server.http.RequestHead;
import dev.gsf.server.http.StrictHttpFilter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.WindowRateControl;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.PushPromiseFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.eclipse.jetty.http2.parser.ServerParser;
import org.eclipse.jetty.io.ByteBufferPool;
import org.glassfish.grizzly.Connection;

/**
 * One HTTP/2 connection: Jetty's parser reads its frames (the preface, SETTINGS, HEADERS with CONTINUATION and HPACK,
 * and the rest), this class keeps its state (streams, settings, windows, limits) and answers each request stream
 * through the {@link FileHandler}, as HTTP/1.1 requests are answered; its open streams and their ids are
 * {@link H2Streams}', what goes out is the {@link H2Writer}'s.
 *
 * <p>Limits against hostile peers: at most {@link #MAX_STREAMS} streams open at once (more are refused), a header
 * block of at most {@link RequestHead#MAX_HEAD} bytes (CONTINUATION frames included), control frames (PING,
 * SETTINGS, PRIORITY, empty DATA and the like) rate-limited by Jetty's rate control, and resets counted (rapid reset,
 * CVE-2023-44487): past {@link #MAX_RESETS_PER_SECOND} in a second the connection gets GOAWAY ENHANCE_YOUR_CALM.
 *
 * <p>Threads: {@link #read} on the thread that reads the connection (a selector thread), one call at a time; the
 * handler decides each answer there, as for HTTP/1.1; the streams' bodies are the algorithms'.
 */
final class H2Connection implements ServerParser.Listener {
    private static final Logger LOG = Logger.getLogger(H2Connection.class.getName());
    /** SETTINGS_MAX_CONCURRENT_STREAMS, nginx's http2_max_concurrent_streams. */
    static final int MAX_STREAMS = 128;
    static final int MAX_RESETS_PER_SECOND = 200;
    /** Control frames a second past which Jetty's parser fails the connection (ENHANCE_YOUR_CALM). */
    private static final int MAX_CONTROL_FRAMES_PER_SECOND = 1000;
    /** How long a lingering close reads what the peer still sends, at most (nginx's lingering_timeout is 5 s). */
    static final Duration LINGER = Duration.ofSeconds(2);

    private final Connection<?> connection;
    private final FileHandler handler;
    private final H2Counts counts;
    /** Whether the server is stopping: new streams are refused. */
    private final BooleanSupplier draining;
    private final H2Writer writer;
    private final ServerParser parser;
    private final H2Streams streams;
    private final String remote;
    private volatile Thread readingThread;
    /** The last stream answered (GOAWAY's last stream id); guarded by this. */
    private int lastServed;
    private volatile boolean goingAway;
    /** The server drains: GOAWAY sent, new streams refused, closed (lingering) once the last has ended. */
    private volatile boolean drained;
    /** {@link #drain} was called; guarded by this. */
    private boolean drainStarted;
    /** Closed for sending; what the peer still sends is read and dropped. */
    private volatile boolean lingering;
    /** The client sent GOAWAY: the connection closes once its last stream has ended. */
    private volatile boolean peerGoingAway;
    private final ResetRate resets = new ResetRate(MAX_RESETS_PER_SECOND);

    H2Connection(Connection<?> connection, FileHandler handler, H2Counts counts, BooleanSupplier draining,
                 int maxFrame, int inFlight, FrameSlabs slabs) {
        this.draining = draining;
        this.counts = counts;
        this.connection = connection;
        this.handler = handler;
        this.streams = new H2Streams(this, counts);
        this.writer = new H2Writer(connection, this, maxFrame, inFlight, slabs);
        this.parser = new ServerParser(ByteBufferPool.NON_POOLING, RequestHead.MAX_HEAD,
                WindowRateControl.fromEventsPerSecond(MAX_CONTROL_FRAMES_PER_SECOND));
        parser.init(this);
        this.remote = StrictHttpFilter.remote(connection);
    }

    H2Writer writer() {
        return writer;
    }

    /** Parses what arrived. */
    void read(ByteBuffer bytes) {
        if (lingering) {
            return;
        }
        readingThread = Thread.currentThread();
        try {
            parser.parse(bytes);
        } finally {
            readingThread = null;
        }
        if (writer.takeDeferred()) {
            writer.flushAfterRead();
        }
    }

    /** Whether the calling thread is the one reading the connection now (which never builds DATA). */
    boolean onReadingThread() {
        return readingThread == Thread.currentThread();
    }

    /** The connection closed: every stream's waiting write fails, so their downloads end. */
    void closed() {
        writer.closed(streams.all());
        streams.all().forEach(streams::forget);
    }

    void streamEnded(H2Stream stream) {
        if (streams.forget(stream) && (peerGoingAway || drained) && streams.isEmpty()) {
            int last = peerGoingAway ? streams.lastId() : lastServed();
            writer.goAway(new GoAwayFrame(last, ErrorCode.NO_ERROR.code, null), true);
        }
    }

    private synchronized int lastServed() {
        return lastServed;
    }

    /**
     * The server drains (any thread): GOAWAY now, naming the last stream served; the streams open go on, new ones
     * are refused, and the connection closes, lingering, once none is left (nginx's graceful shutdown).
     */
    void drain() {
        synchronized (this) {
            if (drainStarted) {
                return;
            }
            drainStarted = true;
            goAwayForDrain();
        }
        writer.flush();
        if (streams.isEmpty()) {
            writer.goAway(new GoAwayFrame(lastServed(), ErrorCode.NO_ERROR.code, null), true);
        }
    }

    /** Under this lock: GOAWAY NO_ERROR naming the last stream served, once. */
    private void goAwayForDrain() {
        if (!drained) {
            drained = true;
            writer.control(new GoAwayFrame(lastServed, ErrorCode.NO_ERROR.code, null));
        }
    }

    /** After our last GOAWAY (NO_ERROR) is out: what the peer still sends is dropped, see {@link LingeringClose}. */
    void linger() {
        lingering = true;
        LingeringClose.start(connection, LINGER);
    }

    @Override
    public void onPreface() {
        writer.control(new SettingsFrame(Map.of(SettingsFrame.MAX_CONCURRENT_STREAMS, MAX_STREAMS,
                SettingsFrame.MAX_HEADER_LIST_SIZE, RequestHead.MAX_HEAD, SettingsFrame.ENABLE_PUSH, 0), false));
        writer.flush();
    }

    @Override
    public void onSettings(SettingsFrame frame) {
        if (frame.isReply()) {
            return;
        }
        for (Map.Entry<Integer, Integer> setting : frame.getSettings().entrySet()) {
            int value = setting.getValue();
            switch (setting.getKey()) {
                case SettingsFrame.HEADER_TABLE_SIZE -> writer.headerTableSize(value);
                case SettingsFrame.MAX_FRAME_SIZE -> writer.maxFrameSize(value);
                case SettingsFrame.INITIAL_WINDOW_SIZE -> {
                    if (!streams.initialWindow(value, writer)) {
                        connectionError(ErrorCode.FLOW_CONTROL_ERROR, "window overflow");
                        return;
                    }
                }
                default -> { } // the others change nothing we send
            }
        }
        writer.control(new SettingsFrame(Map.of(), true));
        writer.flush();
    }

    @Override
    public void onHeaders(HeadersFrame frame) {
        int id = frame.getStreamId();
        if (!streams.idle(id) || (id & 1) == 0) {
            H2Stream open = streams.get(id);
            if (open != null && !open.remoteClosed) {
                // Trailers end the request; without END_STREAM, or with pseudo-header fields, they are malformed.
                if (frame.isEndStream() && !(frame.getMetaData() instanceof MetaData.Request)) {
                    requestEnded(open);
                } else {
                    writer.reset(open, ErrorCode.PROTOCOL_ERROR);
                }
            } else if (open != null || !streams.idle(id)) {
                connectionError(ErrorCode.STREAM_CLOSED_ERROR, "HEADERS on closed stream " + id);
            } else {
                connectionError(ErrorCode.PROTOCOL_ERROR, "HEADERS on even stream " + id);
            }
            return;
        }
        streams.seen(id);
        if (goingAway) {
            return;
        }
        if (!(frame.getMetaData() instanceof MetaData.Request request)) {
            connectionError(ErrorCode.PROTOCOL_ERROR, "HEADERS without a request");
            return;
        }
        H2Stream stream = admit(id);
        if (stream == null) {
            writer.control(new ResetFrame(id, ErrorCode.REFUSED_STREAM_ERROR.code));
            writer.flush();
            return;
        }
        counts.streamOpened();
        String refusal = H2Exchange.malformed(request);
        if (refusal != null) {
            LOG.fine(() -> "HTTP/2 stream " + id + " from " + remote + ": " + refusal);
            writer.reset(stream, ErrorCode.PROTOCOL_ERROR);
            return;
        }
        stream.request = request;
        if (frame.isEndStream()) {
            requestEnded(stream);
        } // else answered once its body has ended, which is read and dropped
    }

    /** Stream {@code id}, opened; null when refused: the server drains (GOAWAY then), or too many are open. */
    private synchronized H2Stream admit(int id) {
        if (draining.getAsBoolean()) {
            goAwayForDrain();
            return null;
        }
        H2Stream stream = streams.admit(id);
        if (stream != null) {
            lastServed = id;
        }
        return stream;
    }

    /**
     * The client has sent all of {@code stream}'s request: it is answered, unless the body it sent differs from its
     * Content-Length (RFC 9113 §8.1.1: malformed).
     */
    private void requestEnded(H2Stream stream) {
        stream.remoteClosed = true;
        if (!stream.bodyMatchesLength()) {
            writer.reset(stream, ErrorCode.PROTOCOL_ERROR);
            return;
        }
        try {
            handler.serve(new H2Exchange(stream.request, stream, remote));
        } catch (Exception | Error e) {
            LOG.log(Level.WARNING, "HTTP/2 stream " + stream.id + " from " + remote + " failed", e);
            writer.reset(stream, ErrorCode.INTERNAL_ERROR);
        }
    }

    @Override
    public void onData(DataFrame frame) {
        int id = frame.getStreamId();
        if (id == 0 || streams.idle(id)) { // Jetty's parser passes an empty DATA frame on stream 0 through
            connectionError(ErrorCode.PROTOCOL_ERROR, "DATA on " + (id == 0 ? "stream 0" : "idle stream " + id));
            return;
        }
        // A request body is not kept: its bytes are given back to the connection's window at once.
        if (frame.flowControlLength() > 0) {
            writer.control(new WindowUpdateFrame(0, frame.flowControlLength()));
        }
        H2Stream stream = streams.get(id);
        if (stream == null) {
            writer.control(new ResetFrame(id, ErrorCode.STREAM_CLOSED_ERROR.code));
        } else if (stream.remoteClosed) {
            writer.reset(stream, ErrorCode.STREAM_CLOSED_ERROR);
        } else if (!stream.bodyReceived(frame.remaining())) {
            writer.reset(stream, ErrorCode.PROTOCOL_ERROR); // more than its Content-Length
        } else if (frame.isEndStream()) {
            requestEnded(stream);
        } else if (frame.flowControlLength() > 0) {
            writer.control(new WindowUpdateFrame(id, frame.flowControlLength()));
        }
        writer.flush();
    }

    @Override
    public void onPushPromise(PushPromiseFrame frame) {
        connectionError(ErrorCode.PROTOCOL_ERROR, "PUSH_PROMISE from a client");
    }

    @Override
    public void onReset(ResetFrame frame) {
        int id = frame.getStreamId();
        if (streams.idle(id)) {
            connectionError(ErrorCode.PROTOCOL_ERROR, "RST_STREAM on idle stream " + id);
            return;
        }
        H2Stream stream = streams.get(id);
        if (stream != null) {
            writer.peerReset(stream);
            streamEnded(stream);
        }
        if (resets.tooMany(System.nanoTime())) {
            connectionError(ErrorCode.ENHANCE_YOUR_CALM_ERROR, "too many resets");
        }
    }

    @Override
    public void onPing(PingFrame frame) {
        if (!frame.isReply()) {
            writer.control(new PingFrame(frame.getPayload(), true));
            writer.flush();
        }
    }

    @Override
    public void onGoAway(GoAwayFrame frame) {
        goingAway = true;
        peerGoingAway = true;
        if (streams.isEmpty()) {
            writer.goAway(new GoAwayFrame(streams.lastId(), ErrorCode.NO_ERROR.code, null), true);
        }
    }

    @Override
    public void onWindowUpdate(WindowUpdateFrame frame) {
        int id = frame.getStreamId();
        if (id == 0) {
            if (!writer.openWindow(frame.getWindowDelta())) {
                connectionError(ErrorCode.FLOW_CONTROL_ERROR, "connection window overflow");
                return;
            }
        } else if (streams.idle(id)) {
            connectionError(ErrorCode.PROTOCOL_ERROR, "WINDOW_UPDATE on idle stream " + id);
            return;
        } else {
            H2Stream stream = streams.get(id);
            if (stream != null && !writer.openWindow(stream, frame.getWindowDelta())) {
                writer.reset(stream, ErrorCode.FLOW_CONTROL_ERROR);
            }
        }
        writer.flush();
    }

    @Override
    public void onStreamFailure(int streamId, int error, String reason) {
        LOG.fine(() -> "HTTP/2 stream " + streamId + " from " + remote + ": " + reason);
        streams.seen(streamId);
        H2Stream stream = streams.get(streamId);
        if (stream != null) {
            writer.reset(stream, ErrorCode.from(error));
        } else {
            writer.control(new ResetFrame(streamId, error));
            writer.flush();
        }
    }

    @Override
    public void onConnectionFailure(int error, String reason) {
        ErrorCode code = "unsupported_push_promise_frame".equals(reason) ? null : ErrorCode.from(error);
        connectionError(code == null ? ErrorCode.PROTOCOL_ERROR : code, reason); // PUSH_PROMISE: §8.4 not Jetty's 2
    }

    /** GOAWAY with {@code error}, then a lingering close: a close at once may reset the GOAWAY away (http2.md). */
    private void connectionError(ErrorCode error, String reason) {
        LOG.fine(() -> "HTTP/2 connection from " + remote + ": " + error + " " + reason);
        goingAway = true;
        writer.goAway(new GoAwayFrame(streams.lastId(), error.code, reason.getBytes(StandardCharsets.UTF_8)), true);
    }
}
