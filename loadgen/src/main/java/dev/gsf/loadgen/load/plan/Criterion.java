package dev.gsf.loadgen.load.plan;

import java.util.Locale;

/**
 * A Faban-style pass/fail rule: a figure of the run and the bound it must keep. The rule names its figure and
 * judges the value it is given; the report package's {@code Summary} gives the value ({@code Summary.figure}), so
 * that the summary depends on the rule and not the other way round.
 *
 * @param name   the option that set it, e.g. "max-p90-init"
 * @param limit  the bound, in the figure's unit
 * @param upper  true: the figure must be at most the limit; false: at least
 * @param figure what is judged
 */
public record Criterion(String name, double limit, boolean upper, Figure figure) {

    /** The figures a criterion can bound, each in its unit. */
    public enum Figure {
        P90_INIT("ms"), P99_INIT("ms"), AVG_INIT("ms"), ERROR_RATE("%"), RATE_DEVIATION("%"), THROUGHPUT("MB/s");

        public final String unit;

        Figure(String unit) {
            this.unit = unit;
        }
    }

    /** The verdict on one run. */
    public record Verdict(String name, String limit, double actual, boolean passed, String note) {
    }

    /** Failed / attempted steady-state downloads must stay at or below {@code percent}. */
    public static Criterion maxErrorRate(double percent) {
        return new Criterion("max-error-rate", percent, true, Figure.ERROR_RATE);
    }

    /** The verdict on {@code actual}, the run's value of {@link #figure} (NaN when the run gave no data for it). */
    public Verdict judge(double actual) {
        String unit = figure.unit;
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
