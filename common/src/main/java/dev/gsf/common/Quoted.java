package dev.gsf.common;

/**
 * A value read from outside (a command line, a file, an agent's result), quoted in a message that must stay one line:
 * every control character in it shown escaped ({@code \x0A}), so that a refusal is one line of a log or a terminal.
 */
public final class Quoted {
    private Quoted() {
    }

    /** {@code text} in single quotes, its control characters (C0, DEL and C1, NEL included) escaped. */
    public static String of(String text) {
        StringBuilder quoted = new StringBuilder("'");
        text.chars().forEach(c -> quoted.append(Character.isISOControl(c) ? String.format("\\x%02X", c) : (char) c));
        return quoted.append('\'').toString();
    }
}
