package dev.gsf.micro.probe;

import java.util.Arrays;

/** Exact byte counts per write() (HdrHistogram would round them); bounded by the probe's write count. */
public final class ByteCounts {
    private int[] values = new int[1024];
    private int size;
    private boolean sorted = true;

    void add(int n) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = n;
        sorted = false;
    }

    public int count() {
        return size;
    }

    public double mean() {
        return size == 0 ? Double.NaN : Arrays.stream(values, 0, size).asLongStream().sum() / (double) size;
    }

    /** Nearest-rank percentile, 0 gives the minimum and 100 the maximum. */
    public int percentile(double p) {
        if (size == 0) {
            return 0;
        }
        if (!sorted) {
            Arrays.sort(values, 0, size);
            sorted = true;
        }
        int rank = (int) Math.ceil(p / 100 * size);
        return values[Math.max(0, Math.min(size - 1, rank - 1))];
    }
}
