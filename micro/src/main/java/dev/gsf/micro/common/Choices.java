package dev.gsf.micro.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** A word from the command line as one of an enum's constants, in any case; an unknown word names the choices. */
public final class Choices {
    private Choices() {
    }

    public static <E extends Enum<E>> E parse(Class<E> type, String text) {
        E[] all = type.getEnumConstants();
        return Arrays.stream(all).filter(e -> e.name().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not one of " + Arrays.stream(all)
                        .map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "))));
    }
}
