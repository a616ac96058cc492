package dev.gsf.loadgen.load.plan;

import java.util.function.Supplier;

/** An option's value parsed so that a bad one names the option. */
public final class OptionValue {
    private OptionValue() {
    }

    /** {@code parse}'s value, or its IllegalArgumentException with the option's name before the message. */
    public static <T> T parse(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}
