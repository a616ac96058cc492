package dev.gsf.report;

import java.util.Arrays;
import java.util.Collection;

/**
 * What repeated measurements of one figure say together: median, extremes, mean and the sample standard deviation.
 * NaN inputs (no measurement) are left out; with none left every figure is NaN and {@code count} is 0.
 */
public record Stats(int count, double median, double min, double max, double mean, double stdev) {

    public static Stats of(double... values) {
        double[] v = Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
        int n = v.length;
        if (n == 0) {
            return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        double mean = Arrays.stream(v).average().orElseThrow();
        double squares = Arrays.stream(v).map(d -> (d - mean) * (d - mean)).sum();
        double stdev = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
        return new Stats(n, median, v[0], v[n - 1], mean, stdev);
    }

    public static Stats of(Collection<? extends Number> values) {
        return of(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    /** The standard deviation as a percentage of the mean (0 when the mean is 0). */
    public double relativeStdevPercent() {
        return mean == 0 ? 0 : 100 * stdev / mean;
    }
}
