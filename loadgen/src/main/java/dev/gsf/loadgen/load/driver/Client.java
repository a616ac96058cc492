package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/**
 * One simulated user: the download in progress on its keep-alive {@link Connection}. It writes the request, has the
 * response checked as it streams in ({@link ResponseCheck}: the head against the file's {@link Expectation}, the
 * body's length and MD5) and reports the outcome. Reads are paced by a token bucket when
 * throttled ({@link ReadPacing}); a request the server closed a kept-alive connection on is asked again once
 * ({@link RetryOnce}); a download without progress fails ({@link ProgressDeadline}).
 *
 * <p>Every method runs on the owning {@link EventLoop}'s thread and never blocks.
 */
final class Client implements User, SocketOwner {
    private enum State { IDLE, CONNECTING, WRITING, HEAD, BODY }

    private final EventLoop loop;
    private final DriverConfig config;
    private final Recorder recorder;
    private final ReadPacing pacing;
    private final ResponseCheck response = new ResponseCheck();
    private final RetryOnce retry = new RetryOnce();
    private final ProgressDeadline deadline;

    private Connection connection;
    private State state = State.IDLE;
    private long downloadSeq;

    private int file;
    private long startNanos;
    private ByteBuffer request;

    Client(EventLoop loop) {
        this.loop = loop;
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.pacing = ReadPacing.of(config);
        this.deadline = new ProgressDeadline(config.timeoutNanos());
    }

    /** Starts downloading a file; the download's clock starts at {@code startNanos} (the intended start). */
    @Override
    public void begin(int fileIndex, long startNanos) {
        downloadSeq++;
        file = fileIndex;
        this.startNanos = startNanos;
        retry.newDownload();
        recorder.live().active.increment();
        if (connection == null) {
            connect();
        } else {
            retry.connection(true);
            sendRequest();
        }
    }

    private void connect() {
        retry.connection(false);
        deadline.progress(System.nanoTime());
        try {
            state = State.CONNECTING;
            connection = loop.connect(this);
        } catch (IOException | RuntimeException e) {
            fail(ErrorKind.CONNECT, "cannot connect to " + config.address() + ": " + describe(e));
            return;
        }
        if (connection.connected()) {
            establish();
        }
    }

    @Override
    public void onConnectable(SelectionKey k) {
        establish();
    }

    /** Takes the connect and the TLS handshake a step further; sends the request once they are done. */
    private void establish() {
        try {
            if (!connection.establish()) {
                return;
            }
        } catch (javax.net.ssl.SSLException e) {
            handshakeFailed(e);
            return;
        } catch (IOException e) {
            if (connection.connected()) {
                handshakeFailed(e);
            } else {
                fail(ErrorKind.CONNECT, "cannot connect to " + config.address() + ": " + describe(e));
            }
            return;
        }
        if (connection.tls() != null) {
            recorder.handshake(connection.handshakeStart(), System.nanoTime(), connection.tls().resumed());
        }
        sendRequest();
    }

    private void handshakeFailed(IOException e) {
        fail(Failures.handshakeKind(e), Failures.handshake(config, e));
    }

    private void sendRequest() {
        state = State.WRITING;
        DriverConfig.RangeRequest ranges = config.range(file, downloadSeq);
        byte[] bytes = ranges == null ? config.requests()[file] : ranges.request();
        if (request != null && request.array() == bytes) {
            request.clear(); // the same request again: no new buffer per download
        } else {
            request = ByteBuffer.wrap(bytes);
        }
        response.reset(ranges == null ? null : ranges.expected());
        deadline.progress(System.nanoTime());
        write();
    }

    @Override
    public void onWritable(SelectionKey k) {
        if (state == State.CONNECTING && on(k)) {
            establish();
        } else if (state == State.WRITING) {
            write();
        }
    }

    private void write() {
        boolean written;
        try {
            written = connection.write(request);
        } catch (IOException e) {
            brokenConnection(e);
            return;
        }
        if (!written) {
            connection.interest(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        } else {
            state = State.HEAD;
            connection.interest(pacing.paused() ? 0 : SelectionKey.OP_READ);
        }
    }

    @Override
    public void onReadable(SelectionKey k) {
        if (state == State.CONNECTING && on(k)) {
            establish();
            return;
        }
        if (pacing.paused()) {
            return;
        }
        long seq = downloadSeq;
        ByteBuffer buffer = loop.readBuffer();
        for (int round = 0; round < 4 && seq == downloadSeq && on(k) && !pacing.paused(); round++) {
            long now = System.nanoTime();
            int limit = buffer.capacity();
            if (receiving()) {
                if (pacing.mustWait(now, bodyLeft())) {
                    pause(now);
                    return;
                }
                limit = pacing.limit(limit, now);
            }
            buffer.clear().limit(limit);
            int n;
            try {
                n = connection.read(buffer);
            } catch (IOException e) {
                brokenConnection(e);
                return;
            }
            if (n < 0) {
                endOfStream();
                return;
            }
            if (n == 0) {
                return;
            }
            pacing.consumed(n);
            recorder.received(n, now);
            deadline.progress(now);
            buffer.flip();
            consume(buffer, now);
            if (n < limit && !(on(k) && connection.buffered())) {
                break; // the socket is drained for now
            }
        }
        if (seq == downloadSeq && on(k) && connection.buffered() && !pacing.paused()) {
            Connection on = connection; // decrypted bytes no select will announce: read them on the next turn
            loop.at(System.nanoTime(), () -> {
                if (seq == downloadSeq && on == connection && !pacing.paused()) {
                    onReadable(on.key());
                }
            });
            return;
        }
        if (seq == downloadSeq && receiving() && !pacing.paused() && on(k)) {
            long now = System.nanoTime();
            if (pacing.mustWait(now, bodyLeft())) {
                pause(now); // before the selector wakes us again for data we may not read yet
            }
        }
    }

    /** The key is this client's current connection's. */
    private boolean on(SelectionKey k) {
        return connection != null && connection.key() == k;
    }

    private boolean receiving() {
        return state == State.HEAD || state == State.BODY;
    }

    /** Body bytes still to come, -1 before the body. */
    private long bodyLeft() {
        return state == State.BODY ? response.remaining() : -1;
    }

    private void pause(long now) {
        pacing.paused(true);
        connection.interest(0);
        long seq = downloadSeq;
        Connection pausedOn = connection;
        loop.at(pacing.resumeAt(now, bodyLeft()), () -> {
            if (seq != downloadSeq || pausedOn != connection) {
                return; // that download is over; the pause flag belongs to a newer one
            }
            pacing.paused(false);
            if (connection.isValid() && state != State.IDLE) {
                deadline.progress(System.nanoTime()); // the pause was ours, not the server's
                connection.interest(SelectionKey.OP_READ);
                onReadable(connection.key());
            }
        });
    }

    private void consume(ByteBuffer buffer, long now) {
        if (state == State.IDLE) {
            closeConnection(); // bytes nobody asked for: this connection is no longer usable
            return;
        }
        if (state == State.HEAD && !readHead(buffer, now)) {
            return;
        }
        if (state != State.BODY) {
            return;
        }
        if (response.takeBody(buffer)) {
            recorder.firstByte(startNanos, now);
        }
        if (response.bodyComplete()) {
            Expectation.Violation wrong = response.checkBody(buffer, config.expectations()[file], config.md5s()[file]);
            if (wrong != null) {
                fail(wrong.kind(), wrong.message());
            } else {
                complete(now);
            }
        }
    }

    /** Takes head bytes; true once the head is parsed and checked and the body may follow. */
    private boolean readHead(ByteBuffer buffer, long now) {
        Expectation.Violation violation = response.takeHead(buffer, config.expectations()[file]);
        if (violation != null) {
            fail(violation.kind(), violation.message());
            return false;
        }
        if (!response.headChecked()) {
            return false;
        }
        state = State.BODY;
        if (response.length() == 0) {
            recorder.firstByte(startNanos, now);
        }
        return true;
    }

    /** The body is complete and right. */
    private void complete(long now) {
        recorder.completed(file, startNanos, now, response.received());
        if (response.closeAfter()) {
            closeConnection();
        }
        finish(now, null);
    }

    private void endOfStream() {
        if (state == State.IDLE) {
            closeConnection(); // the server closed a kept-alive connection between downloads: fine
        } else if (retryable()) {
            retry();
        } else if (state == State.BODY) {
            fail(ErrorKind.LENGTH, name() + ": body ended after " + response.received() + " of " + response.length()
                    + " bytes");
        } else if (state == State.HEAD && !response.nothingReceived()) {
            fail(ErrorKind.HEADER, name() + ": connection closed inside the response head");
        } else {
            fail(ErrorKind.RESET, name() + ": connection closed before any response");
        }
    }

    private void brokenConnection(IOException e) {
        if (retryable()) {
            retry();
        } else if (state == State.IDLE) {
            closeConnection();
        } else {
            fail(ErrorKind.RESET, name() + ": " + describe(e) + " after " + response.received() + " body bytes");
        }
    }

    private boolean retryable() {
        return retry.allows(state == State.WRITING || (state == State.HEAD && response.nothingReceived()));
    }

    private void retry() {
        retry.retrying();
        recorder.retried();
        closeConnection();
        connect();
    }

    @Override
    public void checkTimeout(long now) {
        if (state == State.IDLE || pacing.paused() || !deadline.expired(now)) {
            return;
        }
        long seconds = deadline.timeoutSeconds();
        if (state == State.CONNECTING && connection != null && connection.connected()) {
            fail(ErrorKind.HANDSHAKE, "TLS handshake with " + config.address() + " timed out after " + seconds + "s");
        } else if (state == State.CONNECTING) {
            fail(ErrorKind.CONNECT, "connect to " + config.address() + " timed out after " + seconds + "s");
        } else {
            fail(ErrorKind.TIMEOUT, name() + ": no progress for " + seconds + "s (" + state.name().toLowerCase()
                    + ", " + response.received() + " body bytes)");
        }
    }

    private void fail(ErrorKind kind, String message) {
        long now = System.nanoTime();
        recorder.failed(kind, file, startNanos, now, message);
        if (kind != ErrorKind.MD5) { // after a wrong digest the connection is still in step
            closeConnection();
        }
        finish(now, kind);
    }

    private void finish(long now, ErrorKind failure) {
        state = State.IDLE;
        pacing.paused(false);
        recorder.live().active.decrement();
        loop.free(this, now, failure);
    }

    /** The run is over: drop the connection; a download still in flight counts as cut, not as an error. */
    @Override
    public void shutdown() {
        if (state != State.IDLE) {
            recorder.cutAtEnd();
            recorder.live().active.decrement();
            state = State.IDLE;
        }
        closeConnection();
    }

    private void closeConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private String name() {
        return config.expectations()[file].name();
    }

    private static String describe(Throwable e) {
        return Failures.describe(e);
    }
}
