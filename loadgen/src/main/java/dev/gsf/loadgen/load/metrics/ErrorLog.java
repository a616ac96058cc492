package dev.gsf.loadgen.load.metrics;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;

/**
 * Keeps the first failure message of each kind, and prints it once when it happens, so that a run with a million
 * identical errors logs one line per kind. Called by the event loops; never blocks for long.
 */
public final class ErrorLog {
    private final Map<ErrorKind, String> samples = new EnumMap<>(ErrorKind.class);
    private final PrintStream out;

    public ErrorLog(PrintStream out) {
        this.out = out;
    }

    public void sample(ErrorKind kind, String message) {
        synchronized (samples) {
            if (samples.putIfAbsent(kind, message) != null) {
                return;
            }
        }
        if (out != null) {
            out.println("gsf load: first " + kind.label() + " error: " + message);
        }
    }

    /** The first message of each kind seen so far. */
    public Map<ErrorKind, String> samples() {
        synchronized (samples) {
            return new EnumMap<>(samples);
        }
    }
}
