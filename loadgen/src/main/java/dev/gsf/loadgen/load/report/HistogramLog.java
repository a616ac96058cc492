package dev.gsf.loadgen.load.report;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run's HdrHistogram interval log beside summary.json ({@code histograms.hlog}), written while the run goes: one
 * interval per --interval, one tag per metric (see {@code IntervalHistograms}), timestamps absolute (epoch seconds,
 * base time 0) so that the logs of agents on different hosts line up. Opened by the run's thread, written by the
 * sampling thread, closed by the run's thread after sampling stopped; never blocks for long (a buffered file).
 */
public final class HistogramLog implements AutoCloseable {
    /** The log of the first (or only) run of an invocation. */
    public static final String FILE = "histograms.hlog";

    private final HistogramLogWriter writer;

    private HistogramLog(HistogramLogWriter writer) {
        this.writer = writer;
    }

    /** The log's file name of run {@code run} (0-based) of {@code runs}: histograms.hlog, else histograms-N.hlog. */
    public static String fileName(int run, int runs) {
        return runs == 1 || run == 0 ? FILE : "histograms-" + (run + 1) + ".hlog";
    }

    /**
     * Creates the file (and its directory) with the log's header.
     *
     * @throws IOException when it cannot be written; the run goes on without it
     */
    public static HistogramLog create(Path file, long startEpochMillis, String comment) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        HistogramLogWriter writer;
        try {
            writer = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMillis);
        writer.setBaseTime(0); // absolute timestamps
        writer.outputBaseTime(0);
        writer.outputLegend();
        return new HistogramLog(writer);
    }

    /** One interval's histograms, each carrying its tag and its start and end timestamps. */
    public void write(List<Histogram> interval) {
        for (Histogram h : interval) {
            writer.outputIntervalHistogram(h);
        }
    }

    @Override
    public void close() {
        writer.close();
    }
}
