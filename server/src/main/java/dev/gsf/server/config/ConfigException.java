package dev.gsf.server.config;

/**
 * A configuration value that cannot be used; the message names the key and what is allowed. It is one line: a
 * value or key quoted in it may hold a line break or another control character (a properties escape such as
 * {@code \n}), which is shown escaped, so that a refused reload is one line of the log and of the 400 answer.
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(oneLine(message));
    }

    public ConfigException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    private static String oneLine(String message) {
        StringBuilder line = new StringBuilder(message.length());
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || Character.getType(c) == Character.LINE_SEPARATOR
                            || Character.getType(c) == Character.PARAGRAPH_SEPARATOR || c == 0x85) {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        return line.toString();
    }
}
