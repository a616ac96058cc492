package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.MetaData;

/**
 * One simulated user over HTTP/2: one stream at a time on its {@link H2Session}. Its response is checked by the
 * same {@link ResponseCheck} as HTTP/1.1's (the head, given as HTTP/1.1 text, against the file's
 * {@link Expectation}; the body's length and MD5; --ranges' parts). Throttled, it paces its stream with the stream's
 * window: the bytes it consumed are returned by WINDOW_UPDATE once they reach half the window and its token bucket
 * has paid for them, so the server sends this stream no faster than the rate while the connection's other streams
 * go on. Unthrottled, they are returned once they reach half the window. Init time is from the download's start to
 * its first DATA byte. Every method runs on the event loop's thread and never blocks.
 */
final class H2User implements User {
    private enum State { IDLE, WAITING, HEAD, BODY }

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final H2Session session;
    private final EventLoop loop;
    private final DriverConfig config;
    private final Recorder recorder;
    private final Download download;
    private final ResponseCheck response;
    /** Null when unthrottled. */
    private final Throttle throttle;
    private final int window;

    private State state = State.IDLE;
    private int stream;
    /** This stream's bytes consumed and not yet returned to the server. */
    private int unreturned;
    /** A WINDOW_UPDATE waits for the throttle: not a stall of the server's. */
    private boolean withheld;
    private boolean retried;

    H2User(H2Session session) {
        this.session = session;
        this.loop = session.loop();
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.download = new Download(loop);
        this.response = download.response();
        this.throttle = config.rate() > 0 ? new Throttle(config.rate(), config.burst(), System.nanoTime()) : null;
        this.window = config.http2().options().window();
    }

    @Override
    public void begin(int fileIndex, long startNanos) {
        download.begin(fileIndex, startNanos);
        state = State.WAITING;
        stream = 0;
        unreturned = 0;
        withheld = false;
        retried = false;
        response.reset(download.expectedRanges());
        download.progress(System.nanoTime());
        session.open(this);
    }

    /** The head of this download's request. */
    MetaData.Request request() {
        return config.http2().request(download.file(), download.seq());
    }

    /** The session opened this download's stream. */
    void opened(int id) {
        stream = id;
        state = State.HEAD;
        download.progress(System.nanoTime());
    }

    /** The server did not process this stream (GOAWAY, REFUSED_STREAM): true when it may be asked again, once. */
    boolean retryUnprocessed() {
        if (retried) {
            return false;
        }
        retried = true;
        recorder.retried();
        state = State.WAITING;
        stream = 0;
        response.reset(download.expectedRanges());
        return true;
    }

    void onHead(String head, boolean endStream, long now) {
        if (state != State.HEAD) {
            fail(ErrorKind.STREAM, download.name() + ": a second response head (HEADERS) on stream " + stream, true);
            return;
        }
        download.progress(now);
        Expectation.Violation violation = download.takeHead(
                ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1)));
        if (violation == null && !response.headChecked()) {
            violation = new Expectation.Violation(ErrorKind.HEADER, download.name() + ": incomplete response head");
        }
        if (violation != null) {
            fail(violation.kind(), violation.message(), !endStream);
            return;
        }
        state = State.BODY;
        if (response.length() == 0) {
            download.firstByte(now);
        }
        if (endStream) {
            endOfStream(now);
        }
    }

    void onData(ByteBuffer payload, int flow, boolean endStream, long now) {
        download.received(flow, now);
        if (state != State.BODY) {
            fail(ErrorKind.STREAM, download.name() + ": DATA before the response head on stream " + stream, !endStream);
            return;
        }
        download.progress(now);
        if (response.takeBody(payload)) {
            download.firstByte(now);
        }
        if (payload.hasRemaining()) {
            fail(ErrorKind.LENGTH, download.name() + ": more bytes than Content-Length " + response.length(),
                    !endStream);
            return;
        }
        if (endStream) {
            endOfStream(now);
        } else {
            credit(flow, now);
        }
    }

    /** Returns consumed bytes to the stream's window, at the throttle's pace. */
    private void credit(int flow, long now) {
        unreturned += flow;
        if (throttle != null) {
            throttle.consume(flow);
        }
        if (!withheld && unreturned >= window / 2) {
            returnCredit(now);
        }
    }

    private void returnCredit(long now) {
        long wait = throttle == null ? 0 : throttle.nanosUntil(0, now);
        if (wait > 0) {
            withheld = true;
            long seq = download.seq();
            loop.at(now + wait, () -> {
                if (seq == download.seq() && state == State.BODY) {
                    withheld = false;
                    download.progress(System.nanoTime()); // the wait was ours, not the server's
                    returnCredit(System.nanoTime());
                }
            });
            return;
        }
        session.windowUpdate(stream, unreturned);
        unreturned = 0;
    }

    private void endOfStream(long now) {
        if (!response.bodyComplete()) {
            fail(ErrorKind.LENGTH, download.name() + ": body ended (END_STREAM) after " + response.received() + " of "
                    + response.length() + " bytes", false);
            return;
        }
        Expectation.Violation wrong = download.checkBody(NOTHING);
        if (wrong != null) {
            fail(wrong.kind(), wrong.message(), false);
            return;
        }
        download.completed(now);
        session.ended(stream, false);
        finish(now, null);
    }

    /** The server reset the stream (the session has forgotten it). */
    void onReset(int code) {
        stream = 0;
        failed(ErrorKind.STREAM, "the server reset the stream (RST_STREAM " + H2Codec.errorName(code) + ")");
    }

    /** The session failed this download (its stream, if any, is already forgotten). */
    void failed(ErrorKind kind, String message) {
        stream = 0;
        fail(kind, state == State.WAITING ? message : download.name() + ": " + message + " after "
                + response.received() + " body bytes", false);
    }

    private void fail(ErrorKind kind, String message, boolean streamOpen) {
        long now = System.nanoTime();
        download.failed(kind, message, now);
        if (stream != 0) {
            session.ended(stream, streamOpen);
        } else if (state == State.WAITING) {
            session.withdraw(this);
        }
        finish(now, kind);
    }

    private void finish(long now, ErrorKind failure) {
        state = State.IDLE;
        stream = 0;
        withheld = false;
        download.ended();
        loop.free(this, now, failure);
    }

    @Override
    public void checkTimeout(long now) {
        if (state == State.IDLE || withheld || !download.stalled(now)) {
            return;
        }
        if (state == State.WAITING && session.connecting()) {
            boolean handshake = session.connected();
            session.connectTimedOut(handshake ? ErrorKind.HANDSHAKE : ErrorKind.CONNECT,
                    download.connectTimedOut(handshake));
        } else {
            fail(ErrorKind.TIMEOUT, download.stalledMessage(state.name().toLowerCase()), stream != 0);
        }
    }

    @Override
    public void shutdown() {
        if (state != State.IDLE) {
            download.cut();
            state = State.IDLE;
        }
        session.shutdown();
    }
}
