package dev.gsf.loadgen.load.report;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gsf load's progress line, written by {@link Progress} every interval and read back by a coordinator from each
 * agent's standard error: this class owns both its format and its parsing. Immutable.
 *
 * @param phase       the phase at the end of the interval
 * @param secondsLeft until the planned end, shown in whole seconds
 * @param clients     open connections
 * @param active      downloads in progress
 * @param mbPerSecond the interval's throughput, shown with two decimals
 * @param downloads   downloads completed so far
 * @param errors      failures so far
 */
public record ProgressLine(String phase, double secondsLeft, long clients, long active, double mbPerSecond,
                           long downloads, long errors) {
    private static final String FORMAT =
            "%-9s %5.0fs left  clients %6d  active %6d  %9.2f MB/s  %7d downloads  %d errors";
    /** What {@link #FORMAT} writes; anything may follow (a terminal line's padding). */
    private static final Pattern PARSE = Pattern.compile(
            "^(\\S+)\\s+(\\d+)s left\\s+clients\\s+(\\d+)\\s+active\\s+(\\d+)\\s+([\\d.]+) MB/s\\s+(\\d+) downloads\\s+(\\d+) errors");

    /** The line as gsf load prints it. */
    public String format() {
        return String.format(Locale.ROOT, FORMAT, phase, secondsLeft, clients, active, mbPerSecond, downloads, errors);
    }

    /** The figures of a line that starts as {@link #format} writes one; null for any other line. */
    public static ProgressLine parse(String line) {
        Matcher m = PARSE.matcher(line);
        if (!m.find()) {
            return null;
        }
        return new ProgressLine(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), Double.parseDouble(m.group(5)), Long.parseLong(m.group(6)),
                Long.parseLong(m.group(7)));
    }
}
