package dev.gsf.micro.ping;

import org.HdrHistogram.Histogram;

/**
 * One run's result: OK, DL (no round trip completed for the stall time), or ERR; timed round trips in the
 * histogram (ns); the sequence numbers that came back wrong (must be 0).
 */
public record PingOutcome(PingStyle style, PingMode mode, int size, String status, String reason,
                          Histogram histogram, long timedNanos, long mismatches) {

    public long roundTrips() {
        return histogram.getTotalCount();
    }

    public double percentileMicros(double p) {
        return roundTrips() == 0 ? Double.NaN : histogram.getValueAtPercentile(p) / 1000.0;
    }

    /** Round trips per second in thousands over the timed phase. */
    public double kPerSecond() {
        return timedNanos <= 0 ? Double.NaN : roundTrips() / (timedNanos / 1e9) / 1000;
    }
}
