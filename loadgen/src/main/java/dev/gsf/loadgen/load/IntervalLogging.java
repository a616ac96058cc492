package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.metrics.IntervalHistograms;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.report.HistogramLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Cuts a run's {@link IntervalHistograms} at every sample and appends them to its {@link HistogramLog}. Created and
 * closed by the run's thread; {@link #cut} is called by the sampling thread and, after it stopped, once more by the
 * run's thread for the last partial interval.
 */
final class IntervalLogging implements AutoCloseable {
    private final IntervalHistograms histograms;
    private final HistogramLog log;
    private final Phases phases;
    private final RunClock clock;
    private long lastCut;

    private IntervalLogging(IntervalHistograms histograms, HistogramLog log, Phases phases, RunClock clock) {
        this.histograms = histograms;
        this.log = log;
        this.phases = phases;
        this.clock = clock;
        this.lastCut = phases.startNanos();
    }

    /** The run's interval log in {@code file}; null when there is no file or it cannot be written (said on problems). */
    static IntervalLogging start(Path file, List<String> fileNames, Phases phases, RunClock clock, String description,
                                 PrintStream problems) {
        if (file == null) {
            return null;
        }
        try {
            HistogramLog log = HistogramLog.create(file, (long) clock.epochMillis(phases, phases.startNanos()),
                    description);
            return new IntervalLogging(new IntervalHistograms(fileNames), log, phases, clock);
        } catch (IOException e) {
            problems.println("gsf load: no interval log: " + e.getMessage());
            return null;
        }
    }

    IntervalHistograms histograms() {
        return histograms;
    }

    /** Writes the values since the last cut as one interval ending now. */
    synchronized void cut() {
        long now = System.nanoTime();
        log.write(histograms.cut((long) clock.epochMillis(phases, lastCut), (long) clock.epochMillis(phases, now)));
        lastCut = now;
    }

    @Override
    public void close() {
        log.close();
    }
}
