package dev.gsf.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The values one cell measured over several rounds: median and spread. */
final class Rounds {
    private final List<Double> values = new ArrayList<>();

    void add(double value) {
        values.add(value);
    }

    double median() {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    double min() {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    double max() {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    List<Double> values() {
        return List.copyOf(values);
    }
}
