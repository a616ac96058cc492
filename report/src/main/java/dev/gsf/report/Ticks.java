package dev.gsf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Axis ticks on round numbers: steps of 1, 2 or 5 times a power of ten, labelled with just the decimals the step
 * needs, so that no two labels read the same and none reads like 81.543.
 *
 * @param from     the first tick, at or below the smallest value
 * @param step     the distance between ticks
 * @param count    how many ticks, the last at or above the largest value
 * @param decimals the decimals every label shows
 */
public record Ticks(double from, double step, int count, int decimals) {

    /** About {@code target} steps from at most {@code min} to at least {@code max}; an empty range becomes 0..1. */
    public static Ticks covering(double min, double max, int target) {
        if (!(max > min)) { // also NaN
            min = Double.isFinite(min) ? min : 0;
            max = min + (min == 0 ? 1 : Math.abs(min));
        }
        double raw = (max - min) / Math.max(1, target);
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / magnitude;
        double step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
        double first = Math.floor(min / step + 1e-9) * step;
        int count = (int) Math.round(Math.ceil(max / step - 1e-9) - Math.floor(min / step + 1e-9)) + 1;
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
        return new Ticks(first, step, count, decimals);
    }

    public double last() {
        return value(count - 1);
    }

    public double value(int i) {
        return from + i * step;
    }

    public List<Double> values() {
        List<Double> all = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            all.add(value(i));
        }
        return all;
    }

    public String label(double v) {
        return String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(v) < step / 1e6 ? 0.0 : v);
    }
}
