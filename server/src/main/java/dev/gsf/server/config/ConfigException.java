package dev.gsf.server.config;

import dev.gsf.common.Quoted;

/**
 * A configuration value that cannot be used; the message names the key and what is allowed. It is one line: a
 * value or key quoted in it may hold a line break or another control character (a properties escape such as
 * {@code \n}), which is shown escaped ({@link Quoted#escaped}, {@code \x0A}), so that a refused reload is one line
 * of the log and of the 400 answer.
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(Quoted.escaped(message));
    }

    public ConfigException(String message, Throwable cause) {
        super(Quoted.escaped(message), cause);
    }
}
