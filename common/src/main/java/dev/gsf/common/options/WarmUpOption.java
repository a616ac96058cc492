package dev.gsf.common.options;

import java.time.Duration;
import picocli.CommandLine.Option;

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

    public WarmUpOption(Duration defaultWarmUp) {
        super(defaultWarmUp);
    }

    @Override
    Duration parsed() {
        return warmUp;
    }
}
