package dev.gsf.server.http;

import dev.gsf.server.results.ByteRange;

/**
 * The single byte range a request asks for (RFC 9110 section 14), resolved against the file length. A header that
 * does not parse, names another unit, or asks for several ranges is ignored: the whole file is sent with 200.
 */
final class RangeHeader {
    private RangeHeader() {
    }

    /** What a Range header means for a file of the given length. */
    sealed interface Request permits Whole, Partial, Unsatisfiable {
    }

    /** Send the whole file with 200. */
    record Whole() implements Request {
    }

    /** Send this range with 206. */
    record Partial(ByteRange range) implements Request {
    }

    /** Answer 416 with {@code Content-Range: bytes *}{@code /length}. */
    record Unsatisfiable() implements Request {
    }

    static Request parse(String header, long fileLength) {
        if (header == null) {
            return new Whole();
        }
        String value = header.trim();
        int eq = value.indexOf('=');
        if (eq < 0 || !value.substring(0, eq).trim().equalsIgnoreCase("bytes")) {
            return new Whole();
        }
        String spec = value.substring(eq + 1).trim();
        if (spec.indexOf(',') >= 0) {
            return new Whole(); // several ranges: documented to be answered with the whole file
        }
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return new Whole();
        }
        String first = spec.substring(0, dash).trim();
        String last = spec.substring(dash + 1).trim();
        if (first.isEmpty()) { // suffix range: the last n bytes
            long n = number(last);
            if (n < 0) {
                return new Whole();
            }
            if (n == 0 || fileLength == 0) {
                return new Unsatisfiable();
            }
            long length = Math.min(n, fileLength);
            return new Partial(new ByteRange(fileLength - length, fileLength - 1, fileLength));
        }
        long start = number(first);
        long end = last.isEmpty() ? Long.MAX_VALUE : number(last);
        if (start < 0 || end < 0 || end < start) {
            return new Whole();
        }
        if (start >= fileLength) {
            return new Unsatisfiable();
        }
        return new Partial(new ByteRange(start, Math.min(end, fileLength - 1), fileLength));
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
