package dev.gsf.loadgen.segment;

/**
 * The global numbers (of clients or arrivals) that one event loop owns: first, first + stride, first + 2 stride, ...
 * Immutable.
 */
public record Stripe(long first, long stride) {

    /** The k-th number of the stripe (k from 0). */
    public long at(long k) {
        return first + stride * k;
    }

    /** How many of the numbers 0 .. total-1 belong to this stripe. */
    public int countBelow(long total) {
        return total > first ? (int) ((total - first - 1) / stride + 1) : 0;
    }
}
