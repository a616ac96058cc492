package dev.gsf.common.options;

import dev.gsf.common.Durations;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --warm-up} (a picocli mixin): unrecorded load before the first measurement, in the one duration grammar; a
 * bare number is seconds. {@code --warmup}, the micro-tests' old spelling, is a second name of the same option. The
 * command chooses the default.
 */
public final class WarmUpOption implements MixinDefaults.Source {
    private final Duration defaultWarmUp;

    @Option(names = {"--warm-up", "--warmup"}, paramLabel = "TIME", converter = DurationConverter.class,
            description = "unrecorded load before the first measurement (JIT, caches), e.g. 10s; a bare number is"
                    + " seconds (default: ${DEFAULT-VALUE})")
    Duration warmUp;

    public WarmUpOption(Duration defaultWarmUp) {
        this.defaultWarmUp = defaultWarmUp;
    }

    public Duration get() {
        return warmUp != null ? warmUp : defaultWarmUp;
    }

    @Override
    public String defaultValue(String option) {
        return Durations.format(defaultWarmUp);
    }
}
