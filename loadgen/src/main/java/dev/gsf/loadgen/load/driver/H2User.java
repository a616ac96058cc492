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
    private final ResponseCheck response = new ResponseCheck();
    private final ProgressDeadline deadline;
    /** Null when unthrottled. */
    private final Throttle throttle;
    private final int window;

    private State state = State.IDLE;
    private long downloadSeq;
    private int file;
    private long startNanos;
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
        this.deadline = new ProgressDeadline(config.timeoutNanos());
        this.throttle = config.rate() > 0 ? new Throttle(config.rate(), config.burst(), System.nanoTime()) : null;
        this.window = config.http2().options().window();
    }

    @Override
    public void begin(int fileIndex, long startNanos) {
        downloadSeq++;
        file = fileIndex;
        this.startNanos = startNanos;
        state = State.WAITING;
        stream = 0;
        unreturned = 0;
        withheld = false;
        retried = false;
        response.reset(currentRanges());
        recorder.live().active.increment();
        deadline.progress(System.nanoTime());
        session.open(this);
    }

    /** The head of this download's request. */
    MetaData.Request request() {
        return config.http2().request(file, downloadSeq);
    }

    /** The session opened this download's stream. */
    void opened(int id) {
        stream = id;
        state = State.HEAD;
        deadline.progress(System.nanoTime());
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
        response.reset(currentRanges());
        return true;
    }

    private dev.gsf.loadgen.load.workload.RangeSet currentRanges() {
        DriverConfig.RangeRequest ranges = config.range(file, downloadSeq);
        return ranges == null ? null : ranges.expected();
    }

    void onHead(String head, boolean endStream, long now) {
        if (state != State.HEAD) {
            fail(ErrorKind.STREAM, name() + ": a second response head (HEADERS) on stream " + stream, true);
            return;
        }
        deadline.progress(now);
        Expectation.Violation violation = response.takeHead(
                ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1)), config.expectations()[file]);
        if (violation == null && !response.headChecked()) {
            violation = new Expectation.Violation(ErrorKind.HEADER, name() + ": incomplete response head");
        }
        if (violation != null) {
            fail(violation.kind(), violation.message(), !endStream);
            return;
        }
        state = State.BODY;
        if (response.length() == 0) {
            recorder.firstByte(startNanos, now);
        }
        if (endStream) {
            endOfStream(now);
        }
    }

    void onData(ByteBuffer payload, int flow, boolean endStream, long now) {
        if (state != State.BODY) {
            fail(ErrorKind.STREAM, name() + ": DATA before the response head on stream " + stream, !endStream);
            return;
        }
        deadline.progress(now);
        if (response.takeBody(payload)) {
            recorder.firstByte(startNanos, now);
        }
        if (payload.hasRemaining()) {
            fail(ErrorKind.LENGTH, name() + ": more bytes than Content-Length " + response.length(), !endStream);
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
            long seq = downloadSeq;
            loop.at(now + wait, () -> {
                if (seq == downloadSeq && state == State.BODY) {
                    withheld = false;
                    deadline.progress(System.nanoTime()); // the wait was ours, not the server's
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
            fail(ErrorKind.LENGTH, name() + ": body ended (END_STREAM) after " + response.received() + " of "
                    + response.length() + " bytes", false);
            return;
        }
        Expectation.Violation wrong = response.checkBody(NOTHING, config.expectations()[file],
                config.md5s()[file]);
        if (wrong != null) {
            fail(wrong.kind(), wrong.message(), false);
            return;
        }
        recorder.completed(file, startNanos, now, response.received());
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
        fail(kind, state == State.WAITING ? message : name() + ": " + message + " after " + response.received()
                + " body bytes", false);
    }

    private void fail(ErrorKind kind, String message, boolean streamOpen) {
        long now = System.nanoTime();
        recorder.failed(kind, file, startNanos, now, message);
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
        recorder.live().active.decrement();
        loop.free(this, now, failure);
    }

    @Override
    public void checkTimeout(long now) {
        if (state == State.IDLE || withheld || !deadline.expired(now)) {
            return;
        }
        long seconds = deadline.timeoutSeconds();
        if (state == State.WAITING && session.connecting()) {
            boolean handshake = session.connected();
            session.connectTimedOut(handshake ? ErrorKind.HANDSHAKE : ErrorKind.CONNECT, (handshake
                    ? "TLS handshake with " : "connect to ") + config.address() + " timed out after " + seconds + "s");
        } else {
            fail(ErrorKind.TIMEOUT, name() + ": no progress for " + seconds + "s (" + state.name().toLowerCase()
                    + ", " + response.received() + " body bytes)", stream != 0);
        }
    }

    @Override
    public void shutdown() {
        if (state != State.IDLE) {
            recorder.cutAtEnd();
            recorder.live().active.decrement();
            state = State.IDLE;
        }
        session.shutdown();
    }

    private String name() {
        return config.expectations()[file].name();
    }
}
