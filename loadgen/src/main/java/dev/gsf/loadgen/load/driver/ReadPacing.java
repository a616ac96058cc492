package dev.gsf.loadgen.load.driver;

/**
 * How much a throttled client may read now. When its token bucket holds too little it stops reading (paused), so TCP
 * pushes back on the server as with a slow real client, and resumes when a worthwhile read is allowed. Unthrottled
 * clients read whatever has come. Used by one client on its event loop.
 */
final class ReadPacing {
    /** One Ethernet segment: what a real slow link delivers first. */
    private static final long FIRST_SEGMENT = 1460;

    private final Throttle throttle;
    private boolean paused;

    private ReadPacing(Throttle throttle) {
        this.throttle = throttle;
    }

    static ReadPacing of(DriverConfig config) {
        return new ReadPacing(config.rate() > 0 ? new Throttle(config.rate(), config.burst(), System.nanoTime())
                : null);
    }

    boolean paused() {
        return paused;
    }

    void paused(boolean paused) {
        this.paused = paused;
    }

    /** True when the bucket allows less than a worthwhile read; {@code bodyLeft} is -1 before the body. */
    boolean mustWait(long now, long bodyLeft) {
        return throttle != null && throttle.available(now) < threshold(bodyLeft);
    }

    /** At most this much may be read now, of a buffer of {@code capacity}. */
    int limit(int capacity, long now) {
        return throttle == null ? capacity : (int) Math.min(capacity, throttle.available(now));
    }

    void consumed(int bytes) {
        if (throttle != null) {
            throttle.consume(bytes);
        }
    }

    /** When a worthwhile read will be allowed again (call only when throttled). */
    long resumeAt(long now, long bodyLeft) {
        return now + throttle.nanosUntil(threshold(bodyLeft), now);
    }

    /**
     * The fewest bytes worth a read: a bucketful, or what is left of the body. Before the head has come, one Ethernet
     * segment: a real slow link delivers the first bytes once the first segment has crossed it, not after a
     * bucketful, and init time should not be inflated by our own pacing.
     */
    private long threshold(long bodyLeft) {
        long left = bodyLeft >= 0 ? bodyLeft : FIRST_SEGMENT;
        return Math.max(1, Math.min(throttle.burst(), left));
    }
}
