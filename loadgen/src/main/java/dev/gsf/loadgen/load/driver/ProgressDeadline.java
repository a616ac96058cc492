package dev.gsf.loadgen.load.driver;

/** The longest a download may go without progress (connecting, sending, or receiving bytes) before it fails. */
final class ProgressDeadline {
    private final long timeoutNanos;
    private long lastProgress;

    ProgressDeadline(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    void progress(long now) {
        lastProgress = now;
    }

    boolean expired(long now) {
        return now - lastProgress >= timeoutNanos;
    }

    long timeoutSeconds() {
        return timeoutNanos / 1_000_000_000L;
    }
}
