package dev.gsf.loadgen.load.report;

import java.util.Locale;

/** Number formatting shared by the reports, so that they print the same digits. */
final class Fmt {
    private Fmt() {
    }

    /** Fixed decimals, "-" for NaN. */
    static String num(double d, int decimals) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", d);
    }

    /** Milliseconds with precision that suits their size. */
    static String ms(double d) {
        if (Double.isNaN(d)) {
            return "-";
        }
        return num(d, d < 10 ? 3 : d < 1000 ? 1 : 0);
    }

    static String mb(long bytes) {
        return num(bytes / (double) (1 << 20), 1) + " MB";
    }

    static String percentileName(double p) {
        return "p" + (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p));
    }
}
