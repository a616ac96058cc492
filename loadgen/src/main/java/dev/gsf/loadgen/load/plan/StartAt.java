package dev.gsf.loadgen.load.plan;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * {@code --start-at}: the instant at which agents on several hosts start their ramp-up together. Parsed on the
 * command's thread; {@link #await} blocks the run's thread until the instant.
 */
public final class StartAt {
    /** The farthest an instant may be from now, either way: further is a typo, not a plan. */
    public static final int MAX_AWAY_HOURS = 24;

    private StartAt() {
    }

    /** ISO-8601 with Z or an offset, e.g. 2026-11-24T22:30:00Z, within {@link #MAX_AWAY_HOURS} of {@code now}. */
    public static Instant parse(String text, Instant now) {
        Instant at;
        try {
            at = Instant.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 instant such as 2026-11-24T22:30:00Z");
        }
        if (Duration.between(now, at).abs().compareTo(Duration.ofHours(MAX_AWAY_HOURS)) > 0) {
            throw new IllegalArgumentException(at + " is more than " + MAX_AWAY_HOURS + " h from now (" + now + ")");
        }
        return at;
    }

    /**
     * Waits until {@code at} on the wall clock, saying on {@code log} how long; returns at once when it has passed,
     * and within a pause (0.1 s) once {@code stopRequested} says so (the run's stop). Re-reads the clock after every pause, so that a clock
     * stepped meanwhile still ends the wait on time.
     */
    public static void await(Instant at, PrintStream log, BooleanSupplier stopRequested) throws InterruptedException {
        long left = Duration.between(Instant.now(), at).toNanos();
        if (left > 0) {
            log.println("gsf load: waiting " + String.format(java.util.Locale.ROOT, "%.3f", left / 1e9)
                    + " s for --start-at " + at);
        }
        while ((left = Duration.between(Instant.now(), at).toNanos()) > 0 && !stopRequested.getAsBoolean()) {
            LockSupport.parkNanos(Math.min(left, 100_000_000L));
            if (Thread.interrupted()) {
                throw new InterruptedException("waiting for --start-at " + at);
            }
        }
    }
}
