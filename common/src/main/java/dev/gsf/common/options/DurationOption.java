package dev.gsf.common.options;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --duration} (a picocli mixin): how long each measurement runs, in the one duration grammar; a bare number
 * is seconds, as it was when the option took whole seconds. The command chooses the default.
 */
public final class DurationOption extends CommandDuration {
    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "how long each measurement runs, e.g. 5s, 2m; a bare number is seconds"
                    + " (default: ${DEFAULT-VALUE})")
    Duration duration;

    public DurationOption(Duration defaultDuration) {
        super(defaultDuration);
    }

    @Override
    Duration parsed() {
        return duration;
    }
}
