package dev.gsf.micro.ping;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Counts round trips for one run: warm-up ones are not recorded, timed ones go to an HdrHistogram in ns.
 * Each echoed message must carry the sequence number it was sent with. Used by the one thread that completes
 * round trips (one at a time); {@link #progress()} is read by the watchdog thread.
 */
final class PingRecorder {
    final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
    private final PingSpec spec;
    private final long deadline;
    private final AtomicLong done = new AtomicLong();
    private long mismatches;
    private long timedStart;
    private long timedEnd;

    PingRecorder(PingSpec spec) {
        this.spec = spec;
        this.deadline = System.nanoTime() + spec.limit().toNanos();
    }

    /** Whether round trip i should run: within the count and the time limit. */
    boolean more(long i) {
        return i < spec.warmup() + spec.count() && System.nanoTime() < deadline;
    }

    /** Call just before round trip i starts; returns its start time. */
    long start(long i) {
        long now = System.nanoTime();
        if (i == spec.warmup()) {
            timedStart = now;
        }
        return now;
    }

    void record(long i, long startNanos, long echoedSequence) {
        long now = System.nanoTime();
        if (echoedSequence != i) {
            mismatches++;
        }
        if (i >= spec.warmup()) {
            histogram.recordValue(Math.min(now - startNanos, histogram.getHighestTrackableValue()));
            timedEnd = now;
        }
        done.setOpaque(i + 1);
    }

    long progress() {
        return done.getOpaque();
    }

    long mismatches() {
        return mismatches;
    }

    long timedNanos() {
        return timedEnd - timedStart;
    }
}
