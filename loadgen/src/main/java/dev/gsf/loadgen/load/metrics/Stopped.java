package dev.gsf.loadgen.load.metrics;

import java.time.Instant;

/**
 * A run stopped before its planned end: why, and when on the wall clock and on the run's clock. Its figures are those
 * measured until then. Immutable.
 *
 * @param reason what stopped it: "coordinator" (an agent's stop instruction), "signal" (SIGINT or SIGTERM), or for a
 *               merged result the agents that were stopped
 * @param at     the instant of the stop on the wall clock
 * @param nanos  the same instant on the run's clock ({@link Phases}, System.nanoTime)
 */
public record Stopped(String reason, Instant at, long nanos) {
    /** Seconds from the start of the run's ramp-up to the stop; 0 when it came before the start. */
    public double secondsInto(Phases phases) {
        return Math.max(0, nanos - phases.startNanos()) / 1e9;
    }
}
