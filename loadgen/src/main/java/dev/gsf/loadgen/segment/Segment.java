package dev.gsf.loadgen.segment;

import dev.gsf.common.Quoted;

/**
 * One agent's share of a run ({@code gsf load --segment I/N}), as k6's execution segments: the run's clients and its
 * arrivals are numbered globally (client j, arrival n) and segment I takes those whose number is I modulo N. So the N
 * segments together hold every client and every arrival exactly once, each segment's clients still start spread over
 * the whole ramp-up, and a client or arrival keeps its global number, from which its file choices are drawn
 * ({@link dev.gsf.loadgen.load.workload.FileChoices}): the union of the segments is the unsegmented run. Immutable.
 *
 * @param index 0-based, below {@code count}
 * @param count how many segments the run is divided into, at least 1
 */
public record Segment(int index, int count) {
    /** The whole run: one segment. */
    public static final Segment WHOLE = new Segment(0, 1);

    public Segment {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("'" + index + "/" + count + "' is not a segment: I/N needs N >= 1 and"
                    + " 0 <= I < N (0-based), e.g. 0/3, 1/3, 2/3");
        }
    }

    /** "I/N", e.g. "1/3"; IllegalArgumentException says what is wrong, in one line. */
    public static Segment parse(String text) {
        String[] parts = text.trim().split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException(Quoted.of(text) + " is not I/N, e.g. 0/3 (0-based)");
        }
        try {
            return new Segment(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(Quoted.of(text) + " is not I/N with whole numbers, e.g. 0/3 (0-based)");
        }
    }

    public boolean whole() {
        return count == 1;
    }

    /**
     * How many of {@code total} numbered items (clients, connections) are this segment's: ceil((total - I) / N).
     * The shares of the N segments add up to {@code total} and differ by at most one.
     */
    public int share(int total) {
        return total > index ? (total - index - 1) / count + 1 : 0;
    }

    /**
     * This segment's share of an arrival rate: rate / N. Not rounded: the arrival schedule is global (arrival n at
     * n / rate seconds after the start) and this segment takes every N-th arrival of it, so the segments' arrivals
     * together are exactly the unsegmented schedule.
     */
    public double share(double ratePerSecond) {
        return ratePerSecond / count;
    }

    /** The global numbers that event loop {@code loop} of {@code loops} in this segment owns. */
    public Stripe stripe(int loop, int loops) {
        if (loop < 0 || loop >= loops) {
            throw new IllegalArgumentException("loop " + loop + " of " + loops);
        }
        return new Stripe(index + (long) count * loop, (long) count * loops);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
