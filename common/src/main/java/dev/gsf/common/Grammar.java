package dev.gsf.common;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How the parsers of this package read text: the whole of it (trimmed) must match, or the message says what it is not. */
final class Grammar {
    private Grammar() {
    }

    /** The match of the trimmed text; else "'text' is not {@code what}", the text {@link Quoted}. */
    static Matcher matchWhole(Pattern pattern, String text, String what) {
        Matcher m = pattern.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(Quoted.of(text) + " is not " + what);
        }
        return m;
    }
}
