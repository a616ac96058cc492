package dev.gsf.server.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps the records at WARNING or above that a logger and its children publish while open, of those {@code kept}
 * takes. Every server in the JVM logs to the same loggers: a test using it is {@code @Isolated}.
 */
public final class LogWatch extends Handler implements AutoCloseable {
    private final Logger logger;
    private final Predicate<LogRecord> kept;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    private LogWatch(Logger logger, Predicate<LogRecord> kept) {
        this.logger = logger;
        this.kept = kept;
    }

    /** Starts watching {@code loggerName} (e.g. {@code ""} for every logger). */
    public static LogWatch warnings(String loggerName, Predicate<LogRecord> kept) {
        LogWatch watch = new LogWatch(Logger.getLogger(loggerName), kept);
        watch.logger.addHandler(watch);
        return watch;
    }

    /** A warning that carries an unchecked exception or an error: something the code did not expect. */
    public static boolean unexpected(LogRecord record) {
        return record.getThrown() instanceof RuntimeException || record.getThrown() instanceof Error;
    }

    public List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** The records, one line each with their exception, for a failure message. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        for (LogRecord r : records) {
            s.append(r.getLoggerName()).append(": ").append(r.getMessage()).append(" (").append(r.getThrown())
                    .append(")\n");
        }
        return s.toString();
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= Level.WARNING.intValue() && kept.test(record)) {
            records.add(record);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
