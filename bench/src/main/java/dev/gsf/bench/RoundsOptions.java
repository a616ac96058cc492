package dev.gsf.bench;

import dev.gsf.common.options.DurationOption;
import dev.gsf.common.options.WarmUpOption;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --rounds}, {@code --duration} and {@code --warm-up} (a picocli mixin) of the benchmarks that measure in
 * interleaved rounds ({@link Measurements}): 3 rounds of 5 s after a 10 s warm-up unless told. The times are whole
 * seconds, as wrk's {@code -d} and iperf3's {@code -t} take them.
 */
final class RoundsOptions {
    @Option(names = "--rounds", paramLabel = "N", description = "interleaved rounds (default: 3)")
    int rounds = 3;

    @Mixin
    DurationOption duration = new DurationOption(Duration.ofSeconds(5));

    @Mixin
    WarmUpOption warmUp = new WarmUpOption(Measurements.WARM_UP);

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** Each measurement's length; IllegalArgumentException when it is not whole seconds. */
    Duration duration() {
        return wholeSeconds("--duration", duration.get());
    }

    /** The unrecorded load per peer and workload before the first round; whole seconds too. */
    Duration warmUp() {
        return wholeSeconds("--warm-up", warmUp.get());
    }

    /** Whether the command line gave --warm-up (or --warmup), so that a preset leaves it alone. */
    boolean warmUpGiven() {
        return mixee.commandLine().getParseResult().hasMatchedOption("--warm-up");
    }

    private static Duration wholeSeconds(String option, Duration d) {
        if (d.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException(option + " must be whole seconds (wrk and iperf3 take no fraction), not "
                    + d.toMillis() + "ms");
        }
        return d;
    }
}
