package dev.gsf.loadgen.load.plan;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.plan.Criterion.Figure;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * gsf load's pass/fail options (a picocli mixin), each a bound on one {@link Figure} of the run, and the
 * {@link Criterion}s they make. Used by the command's thread while it validates its options.
 */
public final class CriteriaOptions {
    /**
     * Reads an option's text into the bound, in the figure's unit; IllegalArgumentException says what is wrong.
     * Called on the command's thread.
     */
    private interface Bound {
        double read(String option, String text);
    }

    @Option(names = "--max-p90-init", paramLabel = "TIME", description = "criterion: 90th percentile init time")
    String maxP90Init;

    @Option(names = "--max-p99-init", paramLabel = "TIME", description = "criterion: 99th percentile init time")
    String maxP99Init;

    @Option(names = "--max-avg-init", paramLabel = "TIME", description = "criterion: average init time")
    String maxAvgInit;

    @Option(names = "--max-error-rate", paramLabel = "PCT", defaultValue = "0%",
            description = "criterion: failed / attempted steady-state downloads (default: ${DEFAULT-VALUE})")
    String maxErrorRate;

    @Option(names = "--max-rate-deviation", paramLabel = "PCT",
            description = "criterion (throttled): |actual - target| / target per client, on the largest file of 8+ buckets")
    String maxRateDeviation;

    @Option(names = "--min-throughput", paramLabel = "MB/s", description = "criterion: steady-state throughput")
    String minThroughput;

    /** The criteria given, in this order, max-error-rate always; IllegalArgumentException names a bad option. */
    public List<Criterion> criteria() {
        List<Criterion> list = new ArrayList<>();
        add(list, "--max-p90-init", maxP90Init, CriteriaOptions::millis, true, Figure.P90_INIT);
        add(list, "--max-p99-init", maxP99Init, CriteriaOptions::millis, true, Figure.P99_INIT);
        add(list, "--max-avg-init", maxAvgInit, CriteriaOptions::millis, true, Figure.AVG_INIT);
        add(list, "--max-error-rate", maxErrorRate, CriteriaOptions::percent, true, Figure.ERROR_RATE);
        add(list, "--max-rate-deviation", maxRateDeviation, CriteriaOptions::percent, true, Figure.RATE_DEVIATION);
        add(list, "--min-throughput", minThroughput, CriteriaOptions::megabytesPerSecond, false, Figure.THROUGHPUT);
        return list;
    }

    /** The criterion of {@code option} when it was given, named as the option without its dashes. */
    private static void add(List<Criterion> list, String option, String text, Bound bound, boolean upper,
                            Figure figure) {
        if (text != null) {
            list.add(new Criterion(option.substring(2), bound.read(option, text), upper, figure));
        }
    }

    private static double millis(String option, String text) {
        return OptionValue.parse(option, () -> Durations.parse(text).toNanos() / 1e6);
    }

    private static double percent(String option, String text) {
        double p = OptionValue.parse(option, () -> Double.parseDouble(text.trim().replaceFirst("%$", "")));
        if (p < 0) {
            throw new IllegalArgumentException(option + " must be 0% or more");
        }
        return p;
    }

    private static double megabytesPerSecond(String option, String text) {
        String n = text.replaceFirst("(?i)\\s*MB/s$", "");
        return OptionValue.parse(option, () -> Double.parseDouble(n));
    }
}
