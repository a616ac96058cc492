package dev.gsf.common.options;

import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --warm-up} (a picocli mixin): unrecorded load before the first measurement, in the one duration grammar; a
 * bare number is seconds. {@code --warmup}, the micro-tests' old spelling, is a second name of the same option. The
 * command chooses the default.
 */
public final class WarmUpOption extends CommandDuration {
    @Option(names = {"--warm-up", "--warmup"}, paramLabel = "TIME", converter = DurationConverter.class,
            description = "unrecorded load before the first measurement (JIT, caches), e.g. 10s; a bare number is"
                    + " seconds (default: ${DEFAULT-VALUE})")
    Duration warmUp;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    public WarmUpOption(Duration defaultWarmUp) {
        super(defaultWarmUp);
    }

    /**
     * The warm-up the command line gave, else {@code preset} (a profile's), as {@link Phases#givenOr} does for the
     * phases: the default provider fills the field either way, so only the parse result tells.
     */
    public Duration givenOr(Duration preset) {
        boolean given = mixee != null && mixee.commandLine() != null && mixee.commandLine().getParseResult() != null
                && mixee.commandLine().getParseResult().hasMatchedOption("--warm-up");
        return given ? get() : preset;
    }

    @Override
    Duration parsed() {
        return warmUp;
    }
}
