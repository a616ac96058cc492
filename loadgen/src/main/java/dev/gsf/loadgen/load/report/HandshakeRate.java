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
        for (double rate : perInterval(intervals)) {
            peak = Double.isNaN(rate) ? peak : Math.max(peak, rate);
        }
        long rampUpHandshakes = 0;
        double rampUpEnd = 0; // the series starts at 0 and the ramp-up is its first phase
        for (IntervalSample interval : intervals) {
            if (interval.phase().equals("ramp-up")) {
                rampUpHandshakes += interval.handshakes();
                rampUpEnd = interval.seconds();
            }
        }
        return new HandshakeRate(peak, rampUpEnd > 0 ? rampUpHandshakes / rampUpEnd : Double.NaN);
    }

    /** Each interval's handshakes a second, in the series' order; NaN for an interval of no length. */
    static double[] perInterval(List<IntervalSample> intervals) {
        double[] rates = new double[intervals.size()];
        double previousEnd = 0;
        for (int i = 0; i < rates.length; i++) {
            IntervalSample interval = intervals.get(i);
            double seconds = interval.seconds() - previousEnd;
            previousEnd = interval.seconds();
            rates[i] = seconds > 0 ? interval.handshakes() / seconds : Double.NaN;
        }
        return rates;
    }
}
