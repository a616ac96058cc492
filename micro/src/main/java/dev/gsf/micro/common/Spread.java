package dev.gsf.micro.common;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Mean, extremes and sample standard deviation of repeated runs, so that a table can say how much runs vary. */
public record Spread(int runs, double mean, double min, double max, double stdev) {

    public static Spread of(double... values) {
        if (values.length == 0) {
            return new Spread(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        double ss = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        double sd = values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0;
        return new Spread(values.length, mean, Arrays.stream(values).min().orElseThrow(),
                Arrays.stream(values).max().orElseThrow(), sd);
    }

    /** Standard deviation as a percentage of the mean. */
    public double relativePercent() {
        return mean == 0 ? 0 : 100 * stdev / mean;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("runs", runs);
        m.put("mean", mean);
        m.put("min", min);
        m.put("max", max);
        m.put("stdev", stdev);
        return m;
    }
}
