package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.report.Summary;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A Faban-style pass/fail rule over the summary: a figure and the bound it must keep.
 *
 * @param name   the option that set it, e.g. "max-p90-init"
 * @param limit  the bound, in {@code unit}
 * @param unit   "ms", "%" or "MB/s"
 * @param upper  true: the figure must be at most the limit; false: at least
 * @param figure the figure, in {@code unit}; NaN when the run gave no data for it
 */
public record Criterion(String name, double limit, String unit, boolean upper, ToDoubleFunction<Summary> figure) {

    /** The verdict on one run. */
    public record Verdict(String name, String limit, double actual, boolean passed, String note) {
    }

    /** Failed / attempted steady-state downloads must stay at or below {@code percent}. */
    public static Criterion maxErrorRate(double percent) {
        return new Criterion("max-error-rate", percent, "%", true, s -> s.errorRatePercent);
    }

    public Verdict judge(Summary summary) {
        double actual = figure.applyAsDouble(summary);
        String limitText = (upper ? "<= " : ">= ") + format(limit) + unit;
        if (Double.isNaN(actual)) {
            return new Verdict(name, limitText, actual, false, "no data: nothing was measured for it");
        }
        boolean passed = upper ? actual <= limit : actual >= limit;
        return new Verdict(name, limitText, actual, passed, format(actual) + unit);
    }

    private static String format(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3f", d);
    }
}
