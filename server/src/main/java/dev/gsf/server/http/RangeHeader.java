package dev.gsf.server.http;

import dev.gsf.server.results.ByteRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The byte ranges a request asks for (RFC 9110 section 14), resolved against the file length. A header that does not
 * parse or names another unit is ignored: the whole file is sent with 200, as nginx does. Of several ranges the
 * unsatisfiable ones are dropped (416 when none is left) and a single one left is a plain 206. Guards (RFC 9110
 * section 14.2 lets a server ignore such a header): more than {@code max-ranges} ranges, or ranges that add up to
 * more than the file (overlapping or repeated ones), get the whole file with 200, as nginx answers them; the ranges
 * past the limit are never parsed, so a header of a thousand ranges costs one pass over its commas.
 */
final class RangeHeader {
    private RangeHeader() {
    }

    /** What a Range header means for a file of the given length. */
    sealed interface Request permits Whole, Partial, Multi, Unsatisfiable {
    }

    /** Send the whole file with 200. */
    record Whole() implements Request {
    }

    /** Send this range with 206. */
    record Partial(ByteRange range) implements Request {
    }

    /** Send these ranges, at least two, in the order asked, with 206 as multipart/byteranges. */
    record Multi(List<ByteRange> ranges) implements Request {
    }

    /** Answer 416 with {@code Content-Range: bytes *}{@code /length}. */
    record Unsatisfiable() implements Request {
    }

    /** One range-spec: satisfiable (a range), unsatisfiable, or not valid (the header is ignored). */
    private static final Request INVALID = new Whole();
    private static final Request UNSATISFIABLE = new Unsatisfiable();

    static Request parse(String header, long fileLength, int maxRanges) {
        if (header == null) {
            return new Whole();
        }
        String value = header.trim();
        int eq = value.indexOf('=');
        if (eq < 0 || !value.substring(0, eq).trim().equalsIgnoreCase("bytes")) {
            return new Whole();
        }
        String set = value.substring(eq + 1);
        if (set.chars().filter(c -> c == ',').count() >= maxRanges) {
            return new Whole(); // too many to look at (empty list elements count too: cheap, and nobody sends them)
        }
        List<ByteRange> satisfiable = new ArrayList<>();
        long total = 0;
        for (String element : set.split(",", -1)) {
            String spec = element.trim();
            if (spec.isEmpty()) {
                continue; // an empty list element, which RFC 9110 section 5.6.1 lets a recipient skip
            }
            Request one = parseOne(spec, fileLength);
            if (one == INVALID) {
                return new Whole();
            } else if (one instanceof Partial partial) {
                satisfiable.add(partial.range());
                total += partial.range().length();
            }
        }
        if (satisfiable.isEmpty()) {
            return new Unsatisfiable();
        } else if (satisfiable.size() == 1) {
            return new Partial(satisfiable.getFirst());
        }
        return total > fileLength ? new Whole() : new Multi(List.copyOf(satisfiable));
    }

    /** One range-spec: Partial, {@link #UNSATISFIABLE} or {@link #INVALID}. */
    private static Request parseOne(String spec, long fileLength) {
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return INVALID;
        }
        String first = spec.substring(0, dash).trim();
        String last = spec.substring(dash + 1).trim();
        if (first.isEmpty()) { // suffix range: the last n bytes
            long n = number(last);
            if (n < 0) {
                return INVALID;
            }
            if (n == 0 || fileLength == 0) {
                return UNSATISFIABLE;
            }
            long length = Math.min(n, fileLength);
            return new Partial(new ByteRange(fileLength - length, fileLength - 1, fileLength));
        }
        long start = number(first);
        long end = last.isEmpty() ? Long.MAX_VALUE : number(last);
        if (start < 0 || end < 0 || !last.isEmpty() && larger(first, last)) { // reversed: not valid
            return INVALID;
        }
        if (start >= fileLength) {
            return UNSATISFIABLE;
        }
        return new Partial(new ByteRange(start, Math.min(end, fileLength - 1), fileLength));
    }

    /** Whether the digits {@code a} name a larger number than the digits {@code b}, however many there are. */
    private static boolean larger(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        return x.length() != y.length() ? x.length() > y.length() : x.compareTo(y) > 0;
    }

    /** Digits only; -1 when not a number; Long.MAX_VALUE when too large to matter. */
    private static long number(String digits) {
        if (digits.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLarge) {
            return Long.MAX_VALUE;
        }
    }
}
