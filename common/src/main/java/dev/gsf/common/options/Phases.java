package dev.gsf.common.options;

import dev.gsf.common.Durations;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --ramp-up}, {@code --steady} and {@code --ramp-down} (a picocli mixin): the phases of a load run, in the
 * one duration grammar. Only steady state is measured. The command chooses the defaults.
 */
public final class Phases implements MixinDefaults.Source {
    /** The three phase lengths. */
    public record Lengths(Duration rampUp, Duration steady, Duration rampDown) {
        /** "ramp-up 5s, steady 30s, ramp-down 2s". */
        @Override
        public String toString() {
            return "ramp-up " + Durations.format(rampUp) + ", steady " + Durations.format(steady) + ", ramp-down "
                    + Durations.format(rampDown);
        }
    }

    public static final String RAMP_UP = "--ramp-up";
    public static final String STEADY = "--steady";
    public static final String RAMP_DOWN = "--ramp-down";

    private final Lengths defaults;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = RAMP_UP, paramLabel = "TIME", converter = DurationConverter.class,
            description = "ramp-up, not measured (default: ${DEFAULT-VALUE})")
    Duration rampUp;

    @Option(names = STEADY, paramLabel = "TIME", converter = DurationConverter.class,
            description = "steady state, the only phase whose downloads count (default: ${DEFAULT-VALUE})")
    Duration steady;

    @Option(names = RAMP_DOWN, paramLabel = "TIME", converter = DurationConverter.class,
            description = "ramp-down, not measured (default: ${DEFAULT-VALUE})")
    Duration rampDown;

    public Phases(Lengths defaults) {
        this.defaults = defaults;
    }

    /** The phases as given, the defaults for the rest. */
    public Lengths get() {
        return new Lengths(rampUp != null ? rampUp : defaults.rampUp(), steady != null ? steady : defaults.steady(),
                rampDown != null ? rampDown : defaults.rampDown());
    }

    /** The phases the command line gave, {@code preset}'s for the rest (a preset such as a profile). */
    public Lengths givenOr(Lengths preset) {
        Lengths own = get();
        return new Lengths(given(RAMP_UP) ? own.rampUp() : preset.rampUp(),
                given(STEADY) ? own.steady() : preset.steady(), given(RAMP_DOWN) ? own.rampDown() : preset.rampDown());
    }

    /** Whether the command line gave {@code option} (one of this mixin's). */
    public boolean given(String option) {
        return mixee != null && mixee.commandLine() != null && mixee.commandLine().getParseResult() != null
                && mixee.commandLine().getParseResult().hasMatchedOption(option);
    }

    @Override
    public String defaultValue(String option) {
        Duration d = switch (option) {
            case RAMP_UP -> defaults.rampUp();
            case STEADY -> defaults.steady();
            case RAMP_DOWN -> defaults.rampDown();
            default -> null;
        };
        return d == null ? null : Durations.format(d);
    }
}
