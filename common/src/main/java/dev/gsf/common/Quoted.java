package dev.gsf.common;

/**
 * A value read from outside (a command line, a file, an agent's result), quoted in a message that must stay one line:
 * every character that would break the line shown escaped ({@code \x0A}), so that a refusal is one line of a log or a
 * terminal.
 */
public final class Quoted {
    private Quoted() {
    }

    /** {@code text} in single quotes, escaped as {@link #escaped} does. */
    public static String of(String text) {
        return "'" + escaped(text) + "'";
    }

    /**
     * {@code text} with its control characters (C0, DEL and C1, NEL included) and the Unicode line and paragraph
     * separators escaped, as {@code \xNN} and &#92;u2028 or &#92;u2029; every other character as it is.
     */
    public static String escaped(String text) {
        StringBuilder line = new StringBuilder(text.length());
        text.chars().forEach(c -> line.append(Character.isISOControl(c) ? String.format("\\x%02X", c)
                : c == '\u2028' || c == '\u2029' ? String.format("\\u%04X", c) : Character.toString(c)));
        return line.toString();
    }
}
