package dev.gsf.loadgen.load.metrics;

import java.time.Instant;

/**
 * Where a run's clock ({@link Phases}, System.nanoTime) sits on the wall clock, so that results of agents on
 * different hosts line up on absolute time. Immutable.
 *
 * @param intendedStart the --start-at instant, null when the run started at once
 * @param start         the wall-clock instant of {@link Phases#startNanos}, when the ramp-up began
 */
public record RunClock(Instant intendedStart, Instant start) {

    /** The wall clock now, for a run whose ramp-up starts now. */
    public static RunClock startingNow(Instant intendedStart) {
        return new RunClock(intendedStart, Instant.now());
    }

    /** Epoch milliseconds of a time on the run's clock. */
    public double epochMillis(Phases phases, long nanos) {
        return start.toEpochMilli() + (start.getNano() % 1_000_000) / 1e6 + (nanos - phases.startNanos()) / 1e6;
    }

    /** How late the ramp-up began after --start-at, in ms (negative: early); NaN without --start-at. */
    public double startSkewMillis() {
        if (intendedStart == null) {
            return Double.NaN;
        }
        java.time.Duration d = java.time.Duration.between(intendedStart, start);
        return d.toNanos() / 1e6;
    }
}
