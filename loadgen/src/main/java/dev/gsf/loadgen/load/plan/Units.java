package dev.gsf.loadgen.load.plan;

import dev.gsf.common.ByteSize;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the rates people type on the command line: 1MB/s, 20KB/s, 20K, 200/s (durations: {@link dev.gsf.common.Durations}). */
public final class Units {
    private static final Pattern RATE = Pattern.compile("(.+?)\\s*(?:/\\s*s(?:ec)?)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern PER_SECOND = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(?:/\\s*s(?:ec)?)?",
            Pattern.CASE_INSENSITIVE);

    private Units() {
    }

    /** Bytes per second from "1MB/s", "20KB/s", "64K"; 0 means no limit. K and M are powers of 1024. */
    public static long bytesPerSecond(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("none") || t.equalsIgnoreCase("unlimited")) {
            return 0;
        }
        Matcher m = RATE.matcher(t);
        try {
            if (m.matches()) {
                return ByteSize.parse(m.group(1));
            }
        } catch (IllegalArgumentException ignored) {
            // fall through to the message that names this option's format
        }
        throw new IllegalArgumentException("'" + text + "' is not a rate (examples: 1MB/s, 20KB/s, 512K, 0 for none)");
    }

    /** Events per second from "200", "200/s", "12.5/s". */
    public static double perSecond(String text) {
        Matcher m = PER_SECOND.matcher(text.trim());
        if (!m.matches() || Double.parseDouble(m.group(1)) <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not a positive rate per second (examples: 200/s, 12.5)");
        }
        return Double.parseDouble(m.group(1));
    }

    /** Bytes per second as MB/s (MB = 2^20 bytes, as everywhere in this project). */
    public static double mbPerSecond(double bytesPerSecond) {
        return bytesPerSecond / (1 << 20);
    }

    /** A rate for people: 1MB/s, 20KB/s, 1500B/s. */
    public static String formatRate(long bytesPerSecond) {
        if (bytesPerSecond == 0) {
            return "none";
        }
        if (bytesPerSecond % (1 << 20) == 0) {
            return bytesPerSecond / (1 << 20) + "MB/s";
        }
        if (bytesPerSecond % 1024 == 0) {
            return bytesPerSecond / 1024 + "KB/s";
        }
        return bytesPerSecond + "B/s";
    }
}
