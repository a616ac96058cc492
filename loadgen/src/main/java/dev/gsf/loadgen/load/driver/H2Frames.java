package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;
import java.nio.ByteBuffer;

/**
 * The events of one {@link H2Session} connection's codec, passed on while that connection is the session's: after
 * it is closed (a failure, a GOAWAY's end) the rest of the bytes already read are parsed still, and their frames
 * must not reach the streams of the next connection. Event loop thread only.
 */
final class H2Frames implements H2Codec.Events {
    private final H2Session session;
    private final Connection of;

    H2Frames(H2Session session, Connection of) {
        this.session = session;
        this.of = of;
    }

    private boolean current() {
        return of == session.connection();
    }

    @Override
    public void headers(int stream, int status, String head, boolean endStream) {
        if (current()) {
            session.headers(stream, status, head, endStream);
        }
    }

    @Override
    public void data(int stream, ByteBuffer payload, int flow, boolean endStream) {
        if (current()) {
            session.data(stream, payload, flow, endStream);
        }
    }

    @Override
    public void reset(int stream, int code) {
        if (current()) {
            session.reset(stream, code);
        }
    }

    @Override
    public void goAway(int lastStream, int code, String reason) {
        if (current()) {
            session.goAway(lastStream, code, reason);
        }
    }

    @Override
    public void maxStreams(int streams) {
        if (current()) {
            session.maxStreams(streams);
        }
    }

    @Override
    public void connectionFailure(int code, String reason) {
        if (current()) {
            session.connectionFailure(code, reason);
        }
    }

    @Override
    public void streamFailure(int stream, int code, String reason) {
        if (current()) {
            session.streamFailure(stream, code, reason);
        }
    }
}
