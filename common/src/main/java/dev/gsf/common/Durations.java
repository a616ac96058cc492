package dev.gsf.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
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
    /** What a Duration of long nanoseconds holds, as every timeout and interval here is kept. */
    private static final BigDecimal LONGEST = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final String LONGEST_TEXT = Long.MAX_VALUE / 3_600_000_000_000L + "h";

    private Durations() {
    }

    /**
     * Parses a duration of zero or more, exactly (decimal arithmetic: a double rounded 9223372036854ms to ...853ms and
     * saturated anything past 292 years); callers that need more than zero say so themselves.
     */
    public static Duration parse(String text) {
        Matcher m = Grammar.matchWhole(DURATION, text, "a duration (examples: 500ms, 1.5s, 30s, 2m, 1h)");
        long nanosPerUnit = switch (m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit))
                .setScale(0, RoundingMode.HALF_UP);
        if (nanos.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException(Quoted.of(text) + " is too long (at most " + LONGEST_TEXT + ")");
        }
        return Duration.ofNanos(nanos.longValueExact());
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
