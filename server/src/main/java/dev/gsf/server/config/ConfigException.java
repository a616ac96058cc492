package dev.gsf.server.config;

/** A configuration value that cannot be used; the message names the key and what is allowed. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
