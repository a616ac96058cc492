package dev.gsf.loadgen.load.metrics;

import java.time.Duration;

/**
 * Ramp-up, steady state and ramp-down on the run's clock (System.nanoTime), with Faban's accounting rule: a download
 * counts toward the per-download figures only when it started and ended inside steady state.
 */
public record Phases(long startNanos, long rampUpNanos, long steadyNanos, long rampDownNanos) {

    public static Phases startingNow(Duration rampUp, Duration steady, Duration rampDown) {
        return new Phases(System.nanoTime(), rampUp.toNanos(), steady.toNanos(), rampDown.toNanos());
    }

    public long steadyStart() {
        return startNanos + rampUpNanos;
    }

    public long steadyEnd() {
        return steadyStart() + steadyNanos;
    }

    public long end() {
        return steadyEnd() + rampDownNanos;
    }

    public boolean inSteady(long fromNanos, long toNanos) {
        return fromNanos >= steadyStart() && toNanos <= steadyEnd();
    }

    public boolean inSteady(long nanos) {
        return nanos >= steadyStart() && nanos < steadyEnd();
    }

    /** "ramp-up", "steady", "ramp-down" or "done" at the given time. */
    public String nameAt(long nanos) {
        if (nanos < steadyStart()) {
            return "ramp-up";
        }
        if (nanos < steadyEnd()) {
            return "steady";
        }
        return nanos < end() ? "ramp-down" : "done";
    }

    public double steadySeconds() {
        return steadyNanos / 1e9;
    }
}
