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
    private final RetryOnce retry = new RetryOnce();
    private final Download download;
    private final ResponseCheck response;

    private Connection connection;
    private State state = State.IDLE;
    private ByteBuffer request;

    Client(EventLoop loop) {
        this.loop = loop;
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.pacing = ReadPacing.of(config);
        this.download = new Download(loop);
        this.response = download.response();
    }

    /** Starts downloading a file; the download's clock starts at {@code startNanos} (the intended start). */
    @Override
    public void begin(int fileIndex, long startNanos) {
        download.begin(fileIndex, startNanos);
        retry.newDownload();
        if (connection == null) {
            connect();
        } else {
            retry.connection(true);
            sendRequest();
        }
    }

    private void connect() {
        retry.connection(false);
        download.progress(System.nanoTime());
        state = State.CONNECTING;
        connection = loop.connect(this, this::fail); // null: it could not be opened, and fail has run
        if (connection != null && connection.connected()) {
            establish();
        }
    }

    @Override
    public void onConnectable(SelectionKey k) {
        establish();
    }

    /** Takes the connect and the TLS handshake a step further; sends the request once they are done. */
    private void establish() {
        if (connection.establish(config, recorder, this::fail)) {
            sendRequest();
        }
    }

    private void sendRequest() {
        state = State.WRITING;
        DriverConfig.RangeRequest ranges = download.ranges();
        byte[] bytes = ranges == null ? config.requests()[download.file()] : ranges.request();
        if (request != null && request.array() == bytes) {
            request.clear(); // the same request again: no new buffer per download
        } else {
            request = ByteBuffer.wrap(bytes);
        }
        response.reset(ranges == null ? null : ranges.expected());
        download.progress(System.nanoTime());
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
        long seq = download.seq();
        ByteBuffer buffer = loop.readBuffer();
        for (int round = 0; round < 4 && seq == download.seq() && on(k) && !pacing.paused(); round++) {
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
            download.received(n, now);
            download.progress(now);
            buffer.flip();
            consume(buffer, now);
            if (n < limit && !(on(k) && connection.buffered())) {
                break; // the socket is drained for now
            }
        }
        afterReads(k, seq);
    }

    /**
     * After onReadable's reads of the same download ({@code seq}): decrypted bytes still buffered are read on the
     * loop's next turn; otherwise a throttled download pauses now if its budget is spent.
     */
    private void afterReads(SelectionKey k, long seq) {
        if (seq == download.seq() && on(k) && connection.buffered() && !pacing.paused()) {
            Connection on = connection; // decrypted bytes no select will announce: read them on the next turn
            loop.at(System.nanoTime(), () -> {
                if (seq == download.seq() && on == connection && !pacing.paused()) {
                    onReadable(on.key());
                }
            });
            return;
        }
        if (seq == download.seq() && receiving() && !pacing.paused() && on(k)) {
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
        long seq = download.seq();
        Connection pausedOn = connection;
        loop.at(pacing.resumeAt(now, bodyLeft()), () -> {
            if (seq != download.seq() || pausedOn != connection) {
                return; // that download is over; the pause flag belongs to a newer one
            }
            pacing.paused(false);
            if (connection.isValid() && state != State.IDLE) {
                download.progress(System.nanoTime()); // the pause was ours, not the server's
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
            download.firstByte(now);
        }
        if (response.bodyComplete()) {
            Expectation.Violation wrong = download.checkBody(buffer);
            if (wrong != null) {
                fail(wrong.kind(), wrong.message());
            } else {
                complete(now);
            }
        }
    }

    /** Takes head bytes; true once the head is parsed and checked and the body may follow. */
    private boolean readHead(ByteBuffer buffer, long now) {
        Expectation.Violation violation = download.takeHead(buffer);
        if (violation != null) {
            fail(violation.kind(), violation.message());
            return false;
        }
        if (!response.headChecked()) {
            return false;
        }
        state = State.BODY;
        if (response.length() == 0) {
            download.firstByte(now);
        }
        return true;
    }

    /** The body is complete and right. */
    private void complete(long now) {
        download.completed(now);
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
            fail(ErrorKind.LENGTH, download.name() + ": body ended after " + response.received() + " of "
                    + response.length() + " bytes");
        } else if (state == State.HEAD && !response.nothingReceived()) {
            fail(ErrorKind.HEADER, download.name() + ": connection closed inside the response head");
        } else {
            fail(ErrorKind.RESET, download.name() + ": connection closed before any response");
        }
    }

    private void brokenConnection(IOException e) {
        if (retryable()) {
            retry();
        } else if (state == State.IDLE) {
            closeConnection();
        } else {
            fail(ErrorKind.RESET, download.name() + ": " + Failures.describe(e) + " after " + response.received()
                    + " body bytes");
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
        if (state == State.IDLE || pacing.paused() || !download.stalled(now)) {
            return;
        }
        if (state == State.CONNECTING) {
            boolean handshake = connection != null && connection.connected();
            fail(handshake ? ErrorKind.HANDSHAKE : ErrorKind.CONNECT, download.connectTimedOut(handshake));
        } else {
            fail(ErrorKind.TIMEOUT, download.stalledMessage(state.name().toLowerCase()));
        }
    }

    private void fail(ErrorKind kind, String message) {
        long now = System.nanoTime();
        download.failed(kind, message, now);
        if (kind != ErrorKind.MD5) { // after a wrong digest the connection is still in step
            closeConnection();
        }
        finish(now, kind);
    }

    private void finish(long now, ErrorKind failure) {
        state = State.IDLE;
        pacing.paused(false);
        download.ended();
        loop.free(this, now, failure);
    }

    /** The run is over: drop the connection; a download still in flight counts as cut, not as an error. */
    @Override
    public void shutdown() {
        if (state != State.IDLE) {
            download.cut();
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
}
