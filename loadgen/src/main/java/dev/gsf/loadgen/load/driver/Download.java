package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ClientBytes;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.workload.RangeSet;
import java.nio.ByteBuffer;

/**
 * The download a simulated user has in flight, kept the same way by both protocols' users ({@link Client},
 * {@link H2User}): which file, its intended start, its sequence number (a timer set for an earlier download sees that
 * it changed), the {@link ResponseCheck} of its response and its {@link ProgressDeadline}. It counts itself in the
 * live gauge of downloads in flight from {@link #begin} to {@link #ended} or {@link #cut}, records its outcome, and
 * words the failures both users report. Used only on its user's event loop thread.
 */
final class Download {
    private final DriverConfig config;
    private final Recorder recorder;
    private final ResponseCheck response = new ResponseCheck();
    private final ProgressDeadline deadline;
    private final ClientBytes bytes;

    private long seq;
    private int file;
    private long startNanos;

    Download(EventLoop loop) {
        this.config = loop.config();
        this.recorder = loop.recorder();
        this.deadline = new ProgressDeadline(config.timeoutNanos());
        this.bytes = recorder.newClient(loop.startingUp());
    }

    /** Bytes of its user's responses read at {@code now}: its share of the fairness index. */
    void received(long n, long now) {
        bytes.received(n, now);
    }

    /** A new download of a file, whose clock starts at {@code startNanos} (the intended start); counted in flight. */
    void begin(int fileIndex, long startNanos) {
        seq++;
        file = fileIndex;
        this.startNanos = startNanos;
        recorder.live().active.increment();
    }

    /** Which download this is: changes with every {@link #begin}. */
    long seq() {
        return seq;
    }

    /** The --ranges request of this download, null for a whole file. */
    DriverConfig.RangeRequest ranges() {
        return config.range(file, seq);
    }

    /** The ranges the response must carry, null for a whole file. */
    RangeSet expectedRanges() {
        DriverConfig.RangeRequest ranges = ranges();
        return ranges == null ? null : ranges.expected();
    }

    int file() {
        return file;
    }

    /** Takes response head bytes and checks the head against the file's expectation. */
    Expectation.Violation takeHead(ByteBuffer bytes) {
        return response.takeHead(bytes, config.expectations()[file]);
    }

    /** Checks the complete body (and {@code rest}, bytes after it) against the file's length and digest. */
    Expectation.Violation checkBody(ByteBuffer rest) {
        return response.checkBody(rest, config.expectations()[file], config.md5s()[file]);
    }

    /** The check of the response, reset by the user for each request it sends. */
    ResponseCheck response() {
        return response;
    }

    void progress(long now) {
        deadline.progress(now);
    }

    /** No progress for the timeout. */
    boolean stalled(long now) {
        return deadline.expired(now);
    }

    void firstByte(long now) {
        recorder.firstByte(startNanos, now);
    }

    /** The body is complete and right. */
    void completed(long now) {
        recorder.completed(file, startNanos, now, response.received());
    }

    void failed(ErrorKind kind, String message, long now) {
        recorder.failed(kind, file, startNanos, now, message);
    }

    /** The download is over (its outcome recorded): no longer in flight. */
    void ended() {
        recorder.live().active.decrement();
    }

    /** The run ended with the download in flight: it counts as cut, not as an error. */
    void cut() {
        recorder.cutAtEnd();
        recorder.live().active.decrement();
    }

    /** Why a download that made no progress for the timeout failed, in {@code state} (lower case). */
    String stalledMessage(String state) {
        return name() + ": no progress for " + deadline.timeoutSeconds() + "s (" + state + ", " + response.received()
                + " body bytes)";
    }

    /** Why a connect ({@code handshake} false) or a TLS handshake that took the timeout failed. */
    String connectTimedOut(boolean handshake) {
        return (handshake ? "TLS handshake with " : "connect to ") + config.address() + " timed out after "
                + deadline.timeoutSeconds() + "s";
    }

    /** The file's name, which failures start with. */
    String name() {
        return config.expectations()[file].name();
    }
}
