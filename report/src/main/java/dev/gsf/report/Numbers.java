package dev.gsf.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** The number formats of every report, so that tables, pages and hover titles print the same digits. */
public final class Numbers {
    private Numbers() {
    }

    /** Fixed decimals; "-" for NaN (no value). */
    public static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Three significant digits below 100 ("0.0123", "4.56", "78.9"), whole numbers above; "-" for NaN. */
    public static String compact(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "-" : v > 0 ? "∞" : "-∞";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return v == 0 ? "0" : new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** Milliseconds with the precision that suits their size. */
    public static String millis(double ms) {
        return fixed(ms, ms < 10 ? 3 : ms < 1000 ? 1 : 0);
    }

    /** Bytes as MB of 2^20 with one decimal: "12.5 MB". */
    public static String megabytes(long bytes) {
        return fixed(bytes / (double) (1 << 20), 1) + " MB";
    }

    /** A percentile's name: 99 is "p99", 99.9 is "p99.9". */
    public static String percentile(double p) {
        return "p" + (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p));
    }
}
