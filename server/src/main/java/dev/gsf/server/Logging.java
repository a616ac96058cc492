package dev.gsf.server;

/** One line per log record, with the time, level, logger and message, then the cause's stack trace if any. */
public final class Logging {
    private static final java.util.logging.Logger GRIZZLY = java.util.logging.Logger.getLogger("org.glassfish.grizzly");

    private Logging() {
    }

    public static void configure() {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format",
                    "%1$tF %1$tT.%1$tL %4$s %3$s: %5$s%6$s%n");
        }
        // Grizzly announces its listener at INFO; the server prints its own single start-up line instead.
        GRIZZLY.setLevel(java.util.logging.Level.WARNING);
    }
}
