package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.util.Arrays;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * One simulated user: a keep-alive connection and the download in progress on it. It writes the request, parses the
 * response head, checks it, digests the body as it streams in (no second pass) and reports the outcome. When
 * throttled it reads only what its token bucket allows and otherwise stops reading, so TCP pushes back on the server.
 *
 * <p>Every method runs on the owning {@link EventLoop}'s thread and never blocks.
 */
final class Client {
    private enum State { IDLE, CONNECTING, WRITING, HEAD, BODY }

    private static final int MAX_HEAD = 16 * 1024;
    private static final long FIRST_SEGMENT = 1460;

    private final EventLoop loop;
    private final DriverConfig config;
    private final Recorder recorder;
    private final Throttle throttle;
    private final MessageDigest md5 = DigestUtils.getMd5Digest();

    private SocketChannel channel;
    private SelectionKey key;
    private State state = State.IDLE;
    private long downloadSeq;

    private int file;
    private long startNanos;
    private ByteBuffer request;
    private boolean reusedConnection;
    private boolean retried;
    private byte[] head;
    private int headLength;
    private long contentLength;
    private long bodyReceived;
    private boolean closeAfter;
    private long lastProgress;
    private boolean paused;

    Client(EventLoop loop) {
        this.loop = loop;
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.throttle = config.rate() > 0 ? new Throttle(config.rate(), config.burst(), System.nanoTime()) : null;
    }

    /** Starts downloading a file; the download's clock starts at {@code startNanos} (the intended start). */
    void begin(int fileIndex, long startNanos) {
        downloadSeq++;
        file = fileIndex;
        this.startNanos = startNanos;
        retried = false;
        recorder.live().active.increment();
        if (channel == null) {
            connect();
        } else {
            reusedConnection = true;
            sendRequest();
        }
    }

    private void connect() {
        reusedConnection = false;
        lastProgress = System.nanoTime();
        try {
            channel = SocketChannel.open();
            recorder.live().connections.increment();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (config.receiveBuffer() > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBuffer()); // before connect: sets the window
            }
            state = State.CONNECTING;
            if (channel.connect(config.address())) {
                key = channel.register(loop.selector(), SelectionKey.OP_READ, this);
                sendRequest();
            } else {
                key = channel.register(loop.selector(), SelectionKey.OP_CONNECT, this);
            }
        } catch (IOException | RuntimeException e) {
            fail(ErrorKind.CONNECT, "cannot connect to " + config.address() + ": " + describe(e));
        }
    }

    void onConnectable(SelectionKey k) {
        try {
            if (channel.finishConnect()) {
                k.interestOps(SelectionKey.OP_READ);
                sendRequest();
            }
        } catch (IOException e) {
            fail(ErrorKind.CONNECT, "cannot connect to " + config.address() + ": " + describe(e));
        }
    }

    private void sendRequest() {
        state = State.WRITING;
        request = ByteBuffer.wrap(config.requests()[file]);
        head = null;
        headLength = 0;
        contentLength = -1;
        bodyReceived = 0;
        closeAfter = false;
        md5.reset();
        lastProgress = System.nanoTime();
        write();
    }

    void onWritable(SelectionKey k) {
        if (state == State.WRITING) {
            write();
        }
    }

    private void write() {
        try {
            channel.write(request);
        } catch (IOException e) {
            brokenConnection(e);
            return;
        }
        if (request.hasRemaining()) {
            key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        } else {
            state = State.HEAD;
            key.interestOps(paused ? 0 : SelectionKey.OP_READ);
        }
    }

    void onReadable(SelectionKey k) {
        if (paused) {
            return;
        }
        long seq = downloadSeq;
        ByteBuffer buffer = loop.readBuffer();
        for (int round = 0; round < 4 && seq == downloadSeq && k == key && !paused; round++) {
            long now = System.nanoTime();
            int limit = buffer.capacity();
            if (throttle != null && receiving()) {
                long allowed = throttle.available(now);
                if (allowed < threshold()) {
                    pause(now);
                    return;
                }
                limit = (int) Math.min(limit, allowed);
            }
            buffer.clear().limit(limit);
            int n;
            try {
                n = channel.read(buffer);
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
            if (throttle != null) {
                throttle.consume(n);
            }
            recorder.received(n, now);
            lastProgress = now;
            buffer.flip();
            consume(buffer, now);
            if (n < limit) {
                break; // the socket is drained for now
            }
        }
        if (throttle != null && seq == downloadSeq && receiving() && !paused && k == key) {
            long now = System.nanoTime();
            if (throttle.available(now) < threshold()) {
                pause(now); // before the selector wakes us again for data we may not read yet
            }
        }
    }

    private boolean receiving() {
        return state == State.HEAD || state == State.BODY;
    }

    /**
     * The fewest bytes worth a read when throttled: a bucketful, or what is left of the body. Before the head has
     * come, one Ethernet segment: a real slow link delivers the first bytes once the first segment has crossed it,
     * not after a bucketful, and init time should not be inflated by our own pacing.
     */
    private long threshold() {
        long left = state == State.BODY ? contentLength - bodyReceived : FIRST_SEGMENT;
        return Math.max(1, Math.min(throttle.burst(), left));
    }

    private void pause(long now) {
        paused = true;
        key.interestOps(0);
        long seq = downloadSeq;
        SelectionKey pausedKey = key;
        loop.at(now + throttle.nanosUntil(threshold(), now), () -> {
            if (seq != downloadSeq || pausedKey != key) {
                return; // that download is over; the pause flag belongs to a newer one
            }
            paused = false;
            if (key.isValid() && state != State.IDLE) {
                lastProgress = System.nanoTime(); // the pause was ours, not the server's
                key.interestOps(SelectionKey.OP_READ);
                onReadable(key);
            }
        });
    }

    private void consume(ByteBuffer buffer, long now) {
        if (state == State.IDLE) {
            closeChannel(); // bytes nobody asked for: this connection is no longer usable
            return;
        }
        if (state == State.HEAD && !readHead(buffer, now)) {
            return;
        }
        if (state != State.BODY) {
            return;
        }
        int n = (int) Math.min(buffer.remaining(), contentLength - bodyReceived);
        if (n > 0) {
            if (bodyReceived == 0) {
                recorder.firstByte(startNanos, now);
            }
            int limit = buffer.limit();
            buffer.limit(buffer.position() + n);
            md5.update(buffer);
            buffer.limit(limit);
            bodyReceived += n;
        }
        if (bodyReceived == contentLength) {
            if (buffer.hasRemaining()) {
                fail(ErrorKind.LENGTH, name() + ": more bytes than Content-Length " + contentLength);
            } else {
                complete(now);
            }
        }
    }

    /** Collects head bytes; true once the head is parsed and checked and the body may follow. */
    private boolean readHead(ByteBuffer buffer, long now) {
        byte[] a = buffer.array();
        int from = buffer.position();
        int to = buffer.limit();
        byte[] source;
        int headEnd;
        if (head == null) { // usually the whole head comes in one read: parse it in place
            headEnd = ResponseHead.end(a, from, to);
            if (headEnd < 0) {
                head = Arrays.copyOfRange(a, from, from + Math.max(to - from, 512));
                headLength = to - from;
                buffer.position(to);
                return checkHeadSize();
            }
            source = a;
            buffer.position(headEnd);
            headEnd -= from;
        } else {
            int old = headLength;
            int take = Math.min(to - from, MAX_HEAD + 4 - old);
            if (old + take > head.length) {
                head = Arrays.copyOf(head, Math.max(old + take, head.length * 2));
            }
            System.arraycopy(a, from, head, old, take);
            headLength += take;
            int end = ResponseHead.end(head, Math.max(0, old - 3), headLength);
            if (end < 0) {
                buffer.position(from + take);
                return checkHeadSize();
            }
            buffer.position(from + (end - old));
            source = head;
            from = 0;
            headEnd = end;
        }
        ResponseHead parsed;
        try {
            parsed = ResponseHead.parse(source, from, headEnd);
        } catch (ResponseHead.MalformedException e) {
            fail(ErrorKind.HEADER, name() + ": malformed response: " + e.getMessage());
            return false;
        }
        head = null;
        Expectation.Violation violation = config.expectations()[file].check(parsed);
        if (violation != null) {
            fail(violation.kind(), violation.message());
            return false;
        }
        contentLength = parsed.contentLength();
        closeAfter = parsed.close();
        state = State.BODY;
        if (contentLength == 0) {
            recorder.firstByte(startNanos, now);
        }
        return true;
    }

    private boolean checkHeadSize() {
        if (headLength > MAX_HEAD) {
            fail(ErrorKind.HEADER, name() + ": response head longer than " + MAX_HEAD + " bytes");
        }
        return false;
    }

    private void complete(long now) {
        byte[] digest = md5.digest();
        if (!MessageDigest.isEqual(digest, config.md5s()[file])) {
            fail(ErrorKind.MD5, name() + ": MD5 " + java.util.HexFormat.of().formatHex(digest) + ", expected "
                    + config.expectations()[file].md5());
            return;
        }
        recorder.completed(file, startNanos, now, bodyReceived);
        if (closeAfter) {
            closeChannel();
        }
        finish(now, null);
    }

    private void endOfStream() {
        if (state == State.IDLE) {
            closeChannel(); // the server closed a kept-alive connection between downloads: fine
        } else if (retryable()) {
            retry();
        } else if (state == State.BODY) {
            fail(ErrorKind.LENGTH, name() + ": body ended after " + bodyReceived + " of " + contentLength + " bytes");
        } else if (state == State.HEAD && headLength > 0) {
            fail(ErrorKind.HEADER, name() + ": connection closed inside the response head");
        } else {
            fail(ErrorKind.RESET, name() + ": connection closed before any response");
        }
    }

    private void brokenConnection(IOException e) {
        if (retryable()) {
            retry();
        } else if (state == State.IDLE) {
            closeChannel();
        } else {
            fail(ErrorKind.RESET, name() + ": " + describe(e) + " after " + bodyReceived + " body bytes");
        }
    }

    /** A kept-alive connection that the server had closed before it saw our request: ask again, once. */
    private boolean retryable() {
        return reusedConnection && !retried && (state == State.WRITING || (state == State.HEAD && head == null
                && headLength == 0));
    }

    private void retry() {
        retried = true;
        recorder.retried();
        closeChannel();
        connect();
    }

    void checkTimeout(long now) {
        if (state == State.IDLE || paused || now - lastProgress < config.timeoutNanos()) {
            return;
        }
        long seconds = config.timeoutNanos() / 1_000_000_000L;
        if (state == State.CONNECTING) {
            fail(ErrorKind.CONNECT, "connect to " + config.address() + " timed out after " + seconds + "s");
        } else {
            fail(ErrorKind.TIMEOUT, name() + ": no progress for " + seconds + "s (" + state.name().toLowerCase()
                    + ", " + bodyReceived + " body bytes)");
        }
    }

    private void fail(ErrorKind kind, String message) {
        long now = System.nanoTime();
        recorder.failed(kind, file, startNanos, now, message);
        if (kind != ErrorKind.MD5) { // after a wrong digest the connection is still in step
            closeChannel();
        }
        finish(now, kind);
    }

    private void finish(long now, ErrorKind failure) {
        state = State.IDLE;
        paused = false;
        recorder.live().active.decrement();
        loop.model().onFree(this, now, failure);
    }

    /** The run is over: drop the connection; a download still in flight counts as cut, not as an error. */
    void shutdown() {
        if (state != State.IDLE) {
            recorder.cutAtEnd();
            recorder.live().active.decrement();
            state = State.IDLE;
        }
        closeChannel();
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing a socket we are done with; nothing to recover
            }
            recorder.live().connections.decrement();
            channel = null;
            key = null;
        }
    }

    private String name() {
        return config.expectations()[file].name();
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
