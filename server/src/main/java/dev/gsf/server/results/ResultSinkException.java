package dev.gsf.server.results;

/**
 * A result sink that cannot start: the results log cannot be opened, or a sink named in META-INF/services cannot be
 * loaded. The message names the setting as a configuration error's does ({@code results-log: ...},
 * {@code results: ...}); the server refuses to start with it as with one.
 */
public final class ResultSinkException extends Exception {
    ResultSinkException(String message, Throwable cause) {
        super(message, cause);
    }
}
