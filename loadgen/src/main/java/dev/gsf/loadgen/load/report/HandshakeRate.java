package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.metrics.IntervalSample;
import java.util.List;

/**
 * TLS handshakes a second, from the run's time series: what a server sustained while the clients connected. NaN in
 * both for plain http.
 *
 * @param peak   the most in one interval
 * @param rampUp on average over the intervals that ended in the ramp-up, when a closed model opens its connections
 */
public record HandshakeRate(double peak, double rampUp) {

    static HandshakeRate of(List<IntervalSample> intervals, boolean tls) {
        if (!tls) {
            return new HandshakeRate(Double.NaN, Double.NaN);
        }
        double peak = 0;
        double previousEnd = 0;
        long rampUpHandshakes = 0;
        double rampUpSeconds = 0;
        for (IntervalSample interval : intervals) {
            double seconds = interval.seconds() - previousEnd;
            previousEnd = interval.seconds();
            if (seconds <= 0) {
                continue;
            }
            peak = Math.max(peak, interval.handshakes() / seconds);
            if (interval.phase().equals("ramp-up")) {
                rampUpHandshakes += interval.handshakes();
                rampUpSeconds += seconds;
            }
        }
        return new HandshakeRate(peak, rampUpSeconds > 0 ? rampUpHandshakes / rampUpSeconds : Double.NaN);
    }
}
