package dev.gsf.common;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration grammar of every command and config key: a number with {@code ms}, {@code s}, {@code m} or
 * {@code h} (500ms, 1.5s, 30s, 2m, 1h); a bare number is seconds.
 */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?",
            Pattern.CASE_INSENSITIVE);

    private Durations() {
    }

    /** Parses a duration of zero or more; callers that need more than zero say so themselves. */
    public static Duration parse(String text) {
        Matcher m = Grammar.matchWhole(DURATION, text, "a duration (examples: 500ms, 1.5s, 30s, 2m, 1h)");
        double n = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }

    /** The largest unit that states the duration exactly (to the millisecond): 1500ms, 10s, 2m, 1h. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms > 0 && ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms > 0 && ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
