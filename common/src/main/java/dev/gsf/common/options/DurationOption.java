package dev.gsf.common.options;

import dev.gsf.common.Durations;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --duration} (a picocli mixin): how long each measurement runs, in the one duration grammar; a bare number
 * is seconds, as it was when the option took whole seconds. The command chooses the default.
 */
public final class DurationOption implements MixinDefaults.Source {
    private final Duration defaultDuration;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "how long each measurement runs, e.g. 5s, 2m; a bare number is seconds"
                    + " (default: ${DEFAULT-VALUE})")
    Duration duration;

    public DurationOption(Duration defaultDuration) {
        this.defaultDuration = defaultDuration;
    }

    public Duration get() {
        return duration != null ? duration : defaultDuration;
    }

    @Override
    public String defaultValue(String option) {
        return Durations.format(defaultDuration);
    }
}
