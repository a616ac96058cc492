package dev.gsf.common.options;

import dev.gsf.common.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads an option's value with {@link Durations}, the one duration grammar (500ms, 1.5s, 30s, 2m, 1h; 30 is 30s). */
public final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
