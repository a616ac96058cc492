package dev.gsf.loadgen.load.h2;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.PrefaceFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.eclipse.jetty.http2.generator.Generator;
import org.eclipse.jetty.http2.hpack.HpackException;
import org.eclipse.jetty.http2.parser.Parser;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;

/**
 * One HTTP/2 client connection's frames: what the server sends comes out as {@link Events}, what the client sends
 * (the preface with its SETTINGS, requests, WINDOW_UPDATE, the acknowledgements of SETTINGS and PING, RST_STREAM,
 * GOAWAY) is queued as bytes that {@link #output} hands to the socket. SETTINGS and PING are acknowledged here; all
 * else is the caller's. A response head comes out as the text of an HTTP/1.1 head (status line, fields, blank line),
 * so that one parser checks the heads of both protocols.
 */
public final class H2Codec {
    /** RFC 9113's default window, stream and connection. */
    public static final int DEFAULT_WINDOW = 65_535;
    /** The largest window a flow-control window may hold. */
    public static final int MAX_WINDOW = Integer.MAX_VALUE;
    private static final int MAX_HEADER_LIST = 64 * 1024;

    /** What the server sent; called on the thread that feeds {@link #parse}. */
    public interface Events {
        /** A response head; {@code head} is its HTTP/1.1 text. */
        void headers(int stream, int status, String head, boolean endStream);

        /** Body bytes of a stream ({@code payload}, valid during the call); {@code flow} counts padding too. */
        void data(int stream, ByteBuffer payload, int flow, boolean endStream);

        void reset(int stream, int code);

        void goAway(int lastStream, int code, String reason);

        /** The server's SETTINGS_MAX_CONCURRENT_STREAMS, when it sets one. */
        void maxStreams(int streams);

        /** The connection is broken at the protocol level (a frame the parser refused). */
        void connectionFailure(int code, String reason);

        /** A stream broke the protocol (e.g. a malformed head); the stream is reset. */
        void streamFailure(int stream, int code, String reason);
    }

    private final Parser parser;
    private final Generator generator = new Generator(ByteBufferPool.NON_POOLING);
    private final RetainableByteBuffer.Mutable pending = new RetainableByteBuffer.DynamicCapacity();
    private ByteBuffer out = ByteBuffer.allocate(0);

    /** A codec whose parser calls {@code events}; nothing is queued yet (see {@link #preface}). */
    public H2Codec(Events events) {
        parser = new Parser(ByteBufferPool.NON_POOLING, MAX_HEADER_LIST);
        parser.init(new Listener(events));
    }

    /**
     * Queues the connection preface: the magic, SETTINGS (no push, this stream window) and, when the connection
     * window is to be larger than the default, a WINDOW_UPDATE raising it to {@code connectionWindow}.
     */
    public void preface(int streamWindow, int connectionWindow) {
        Map<Integer, Integer> settings = new HashMap<>();
        settings.put(SettingsFrame.ENABLE_PUSH, 0);
        settings.put(SettingsFrame.INITIAL_WINDOW_SIZE, streamWindow);
        settings.put(SettingsFrame.MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST);
        control(new PrefaceFrame());
        control(new SettingsFrame(settings, false));
        if (connectionWindow > DEFAULT_WINDOW) {
            control(new WindowUpdateFrame(0, connectionWindow - DEFAULT_WINDOW));
        }
    }

    /** A request's head, ending the stream (GET and HEAD have no body). */
    public static MetaData.Request request(String method, String scheme, String authority, String path,
                                          String range) {
        HttpFields.Mutable fields = HttpFields.build().put("user-agent", "gsf-load");
        if (range != null) {
            fields.put("range", range);
        }
        return new MetaData.Request(method, HttpURI.build().scheme(scheme).authority(authority).path(path),
                HttpVersion.HTTP_2, fields.asImmutable());
    }

    /** Queues a request on a new stream. */
    public void request(int stream, MetaData.Request request) {
        control(new HeadersFrame(stream, request, null, true));
    }

    /** Queues a WINDOW_UPDATE; stream 0 is the connection. */
    public void windowUpdate(int stream, int delta) {
        control(new WindowUpdateFrame(stream, delta));
    }

    public void reset(int stream, int code) {
        control(new ResetFrame(stream, code));
    }

    public void goAway(int lastStream, int code) {
        control(new GoAwayFrame(lastStream, code, null));
    }

    /** Feeds bytes read from the socket; events come out during the call. */
    public void parse(ByteBuffer bytes) {
        parser.parse(bytes);
    }

    /** Bytes queued for the socket (empty when none); write what the socket takes, then call again. */
    public ByteBuffer output() {
        if (!out.hasRemaining() && pending.hasRemaining()) {
            out = ByteBuffer.wrap(pending.takeByteArray());
        }
        return out;
    }

    /** Something is queued. */
    public boolean hasOutput() {
        return out.hasRemaining() || pending.hasRemaining();
    }

    /**
     * The first bytes a server sent on a connection begin an HTTP/1.x response ("HTTP/"), not a SETTINGS frame: it
     * does not speak h2c and answered the preface as a bad HTTP/1.1 request.
     */
    public static boolean http1Answer(ByteBuffer first) {
        byte[] http = {'H', 'T', 'T', 'P', '/'};
        if (first.remaining() < http.length) {
            return false;
        }
        for (int i = 0; i < http.length; i++) {
            if (first.get(first.position() + i) != http[i]) {
                return false;
            }
        }
        return true;
    }

    /** What to say when {@link #http1Answer} is true. */
    public static final String NOT_H2C = "the server answered the HTTP/2 preface in HTTP/1.x: it does not speak h2c"
            + " (HTTP/2 without TLS by prior knowledge)";

    /** The name of an error code (e.g. CANCEL_STREAM_ERROR), or its number when it has none. */
    public static String errorName(int code) {
        ErrorCode known = ErrorCode.from(code);
        return known == null ? "error " + code : known.name();
    }

    private void control(Frame frame) {
        try {
            generator.control(pending, frame);
        } catch (HpackException e) {
            throw new IllegalStateException("cannot encode " + frame + ": " + e.getMessage(), e);
        }
    }

    /** Jetty's parser events, turned into ours; answers SETTINGS and PING itself. */
    private final class Listener implements Parser.Listener {
        private final Events events;

        Listener(Events events) {
            this.events = events;
        }

        @Override
        public void onHeaders(HeadersFrame frame) {
            if (!(frame.getMetaData() instanceof MetaData.Response response)) {
                events.streamFailure(frame.getStreamId(), ErrorCode.PROTOCOL_ERROR.code, "a HEADERS frame that is"
                        + " not a response (trailers are not expected)");
                return;
            }
            StringBuilder head = new StringBuilder(256).append("HTTP/1.1 ").append(response.getStatus())
                    .append(" \r\n");
            for (HttpField field : response.getHttpFields()) {
                head.append(field.getName()).append(": ").append(field.getValue()).append("\r\n");
            }
            events.headers(frame.getStreamId(), response.getStatus(), head.append("\r\n").toString(),
                    frame.isEndStream());
        }

        @Override
        public void onData(DataFrame frame) {
            events.data(frame.getStreamId(), frame.getByteBuffer(), frame.flowControlLength(), frame.isEndStream());
        }

        @Override
        public void onReset(ResetFrame frame) {
            events.reset(frame.getStreamId(), frame.getError());
        }

        @Override
        public void onSettings(SettingsFrame frame) {
            if (frame.isReply()) {
                return;
            }
            Integer streams = frame.getSettings().get(SettingsFrame.MAX_CONCURRENT_STREAMS);
            Integer frameSize = frame.getSettings().get(SettingsFrame.MAX_FRAME_SIZE);
            if (frameSize != null) {
                generator.setMaxFrameSize(frameSize); // what the server accepts from us; we send only heads
            }
            control(new SettingsFrame(Map.of(), true));
            if (streams != null) {
                events.maxStreams(streams);
            }
        }

        @Override
        public void onPing(PingFrame frame) {
            if (!frame.isReply()) {
                control(new PingFrame(frame.getPayload(), true));
            }
        }

        @Override
        public void onGoAway(GoAwayFrame frame) {
            events.goAway(frame.getLastStreamId(), frame.getError(), frame.tryConvertPayload());
        }

        @Override
        public void onStreamFailure(int stream, int error, String reason) {
            events.streamFailure(stream, error, reason);
        }

        @Override
        public void onConnectionFailure(int error, String reason) {
            events.connectionFailure(error, reason);
        }
    }
}
