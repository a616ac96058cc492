package dev.gsf.common.options;

import dev.gsf.common.Durations;
import java.time.Duration;

/**
 * What {@link DurationOption} and {@link WarmUpOption} share: a duration option whose default the command chooses,
 * shown in the help as typed ("10s").
 */
abstract class CommandDuration implements MixinDefaults.Source {
    private final Duration defaultDuration;

    CommandDuration(Duration defaultDuration) {
        this.defaultDuration = defaultDuration;
    }

    /** The option's field: null until picocli filled it. */
    abstract Duration parsed();

    /** The duration given, else the command's default. */
    public final Duration get() {
        Duration d = parsed();
        return d != null ? d : defaultDuration;
    }

    @Override
    public final String defaultValue(String option) {
        return Durations.format(defaultDuration);
    }
}
