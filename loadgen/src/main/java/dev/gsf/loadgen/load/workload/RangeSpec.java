package dev.gsf.loadgen.load.workload;

import dev.gsf.common.ByteSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What {@code --ranges} asks of every download: the same ranges each time ({@code 0-99,200-299}, also {@code 500-}
 * and the suffix {@code -100}, RFC 9110 section 14.1.1), or {@code NxSIZE}, N random ranges of SIZE bytes that do not
 * overlap, drawn anew for each of {@link #VARIANTS} requests per file. Immutable; any thread.
 *
 * @param ranges the ranges as given, each {first, last}: -1 for last when open ({@code 500-}), -1 for first for a
 *               suffix of last bytes ({@code -100}); empty for the random form
 * @param count  the random form: ranges per request, 0 for the fixed form
 * @param size   the random form: bytes per range (fewer when the file is too short for count of them)
 * @param text   the option as given
 */
public record RangeSpec(List<long[]> ranges, int count, long size, String text) {
    /** Requests drawn per file in the random form; each client cycles through them. */
    public static final int VARIANTS = 16;

    public RangeSpec {
        ranges = List.copyOf(ranges);
    }

    /** Parses the option's value; IllegalArgumentException says what is wrong. */
    public static RangeSpec parse(String text) {
        String t = text.trim();
        int x = t.indexOf('x');
        if (x > 0) {
            int count;
            try {
                count = Integer.parseInt(t.substring(0, x).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': the count before 'x' is not a number");
            }
            long size = ByteSize.parse(t.substring(x + 1).trim());
            if (count < 1 || count > 1000 || size < 1) {
                throw new IllegalArgumentException("'" + text + "': give 1 to 1000 ranges of at least 1 byte");
            }
            return new RangeSpec(List.of(), count, size, t);
        }
        List<long[]> ranges = new ArrayList<>();
        for (String element : t.split(",", -1)) {
            ranges.add(one(element.trim(), text));
        }
        return new RangeSpec(ranges, 0, 0, t);
    }

    private static long[] one(String spec, String text) {
        int dash = spec.indexOf('-');
        try {
            if (dash < 0) {
                throw new NumberFormatException();
            }
            long first = dash == 0 ? -1 : Long.parseLong(spec.substring(0, dash));
            long last = dash == spec.length() - 1 ? -1 : Long.parseLong(spec.substring(dash + 1));
            if ((first < 0 && last < 1) || (first >= 0 && last >= 0 && last < first) || first < -1 || last < -1) {
                throw new NumberFormatException();
            }
            return new long[] {first, last};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "': '" + spec + "' is not a range (FIRST-LAST, FIRST- or"
                    + " -SUFFIX, e.g. 0-99,200-299) nor NxSIZE (e.g. 3x1K)");
        }
    }

    /** The random form: draws differ per request. */
    public boolean random() {
        return count > 0;
    }

    /**
     * The ranges of one request for a file of {@code length} bytes, each {first, last} inclusive, in the order asked.
     *
     * @throws IllegalArgumentException a range the file cannot satisfy, or a file too short for the ranges
     */
    public List<long[]> resolve(long length, SplittableRandom random) {
        return random() ? draw(length, random) : fixed(length);
    }

    private List<long[]> fixed(long length) {
        List<long[]> out = new ArrayList<>();
        for (long[] r : ranges) {
            long first = r[0] < 0 ? Math.max(0, length - r[1]) : r[0];
            long last = r[0] < 0 || r[1] < 0 ? length - 1 : Math.min(r[1], length - 1);
            if (first >= length) {
                throw new IllegalArgumentException("range " + (r[0] < 0 ? "" : r[0]) + "-" + (r[1] < 0 ? "" : r[1])
                        + " is past the end of a file of " + length + " bytes");
            }
            out.add(new long[] {first, last});
        }
        return out;
    }

    /** {@code count} ranges in order, apart: the free bytes are shared out at random among the gaps before them. */
    private List<long[]> draw(long length, SplittableRandom random) {
        long each = Math.min(size, length / count);
        if (each < 1) {
            throw new IllegalArgumentException("a file of " + length + " bytes cannot hold " + count + " ranges");
        }
        long free = length - each * count;
        long[] gaps = new long[count];
        for (int i = 0; i < count; i++) {
            gaps[i] = free == 0 ? 0 : random.nextLong(free + 1);
        }
        Arrays.sort(gaps);
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long first = gaps[i] + i * each;
            out.add(new long[] {first, first + each - 1});
        }
        return out;
    }
}
