package dev.gsf.common;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as people write them: 65536, 64K, 64KB, 64KiB, 1M, 2G. K, M and G are powers of 1024. */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([KMG]?)(I?B)?", Pattern.CASE_INSENSITIVE);

    private ByteSize() {
    }

    public static long parse(String text) {
        Matcher m = Grammar.matchWhole(SIZE, text, "a size (examples: 65536, 64K, 64KB, 1M, 2G)");
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            default -> 0;
        };
        if (n > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException(Quoted.of(text) + " is too large");
        }
        return n << shift;
    }

    /** The shortest exact form: 64K, 1M, 1000. */
    public static String format(long bytes) {
        if (bytes > 0 && bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + "G";
        }
        if (bytes > 0 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + "M";
        }
        if (bytes > 0 && bytes % 1024 == 0) {
            return bytes / 1024 + "K";
        }
        return Long.toString(bytes);
    }
}
