package dev.gsf.server.config;

import dev.gsf.common.ByteSize;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The grammars of configuration values that are not a size or a duration (those are common's {@link ByteSize} and
 * {@code Durations}): whole numbers (or auto), sizes that fit an int, optional files and booleans. Each throws
 * IllegalArgumentException with a message that quotes the text; {@code ServerConfig} adds the key. Any thread.
 */
final class ConfigValues {
    private ConfigValues() {
    }

    static int whole(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number");
        }
    }

    /** "auto" as {@code auto}, else a whole number of at least 1, so that no number reads as {@code auto}. */
    static int positiveOrAuto(String text, int auto) {
        if ("auto".equals(text.trim())) {
            return auto;
        }
        int number = whole(text);
        if (number < 1) {
            throw new IllegalArgumentException(number + " is out of range");
        }
        return number;
    }

    static int size(String text) {
        long bytes = ByteSize.parse(text);
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
        return (int) bytes;
    }

    static OptionalInt optionalWhole(String s) {
        return s.isBlank() ? OptionalInt.empty() : OptionalInt.of(whole(s));
    }

    static Optional<Path> optionalFile(String s) {
        return s.isBlank() ? Optional.empty() : Optional.of(Path.of(s));
    }

    static boolean bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("'" + s + "' is not true or false");
        };
    }

    /** Reads {@code key}'s text with {@code parser}; a value it refuses is a {@link ConfigException} naming the key. */
    static <T> T parse(ServerConfig.Key key, Function<ServerConfig.Key, String> get, Function<String, T> parser) {
        String text = get.apply(key);
        try {
            return parser.apply(text);
        } catch (RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new ConfigException(key.name + ": " + why + " (" + key.help + ")", e);
        }
    }
}
