package dev.gsf.server.h2;

/**
 * Counts the resets (RST_STREAM) a client sends, a second at a time: past the limit in one second the client is
 * resetting streams faster than any honest one does (rapid reset, CVE-2023-44487).
 *
 * <p>Threads: the thread that reads the connection, one call at a time.
 */
final class ResetRate {
    private static final long SECOND = 1_000_000_000L;
    private final int limit;
    private long windowStart;
    private int inWindow;

    ResetRate(int limit) {
        this.limit = limit;
    }

    /** Counts a reset at {@code nanoTime}; true when more than the limit have come within its second. */
    boolean tooMany(long nanoTime) {
        if (nanoTime - windowStart > SECOND) {
            windowStart = nanoTime;
            inWindow = 0;
        }
        return ++inWindow > limit;
    }
}
