package dev.gsf.loadgen.load.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the events of downloads into figures, applying the phase rules. One per event loop; called only by that
 * loop's thread, never blocks. The loop hands over {@link #metrics()} after it stopped.
 */
public final class Recorder {
    private final Phases phases;
    private final RunMetrics metrics;
    private final LiveCounters live;
    private final ErrorLog errorLog;
    private final IntervalHistograms.Shard intervals;
    private final List<ClientBytes> clients = new ArrayList<>();
    private boolean folded;

    public Recorder(Phases phases, int fileCount, LiveCounters live, ErrorLog errorLog) {
        this(phases, fileCount, live, errorLog, null);
    }

    /** @param intervals this loop's shard of the interval log's histograms, null for none */
    public Recorder(Phases phases, int fileCount, LiveCounters live, ErrorLog errorLog,
                    IntervalHistograms.Shard intervals) {
        this.phases = phases;
        this.metrics = new RunMetrics(fileCount);
        this.live = live;
        this.errorLog = errorLog;
        this.intervals = intervals;
    }

    /** Bytes read from a socket (head or body). */
    public void received(long bytes, long now) {
        live.bytes.add(bytes);
        if (phases.inSteady(now)) {
            metrics.steadyBytes += bytes;
        }
    }

    /**
     * A new simulated client's tally of steady-state bytes, for the fairness index.
     *
     * @param fromStart made as its loop started (it takes part from the run's start)
     */
    public ClientBytes newClient(boolean fromStart) {
        ClientBytes c = new ClientBytes(phases, fromStart, System.nanoTime());
        clients.add(c);
        return c;
    }

    /** The first body byte arrived (or a head with an empty body): the download's init time is known. */
    public void firstByte(long startNanos, long now) {
        boolean counted = phases.inSteady(startNanos, now);
        if (counted) {
            metrics.initMicros.recordValue(FileMetrics.micros(now - startNanos));
        }
        if (intervals != null) {
            intervals.init(FileMetrics.micros(now - startNanos), counted);
        }
    }

    /**
     * A TLS handshake completed. Counted in every phase, not only in steady state: a closed model opens its
     * connections during ramp-up, and that is when handshakes cost.
     */
    public void handshake(long startNanos, long now, boolean resumed) {
        metrics.handshakes++;
        live.handshakes.increment();
        if (resumed) {
            metrics.resumedHandshakes++;
        }
        long micros = Math.max(1, Math.min(FileMetrics.MAX_MICROS, (now - startNanos) / 1000));
        metrics.handshakeMicros.recordValue(micros);
        if (intervals != null) {
            intervals.handshake(micros);
        }
    }

    /** A download passed every check. */
    public void completed(int file, long startNanos, long now, long bodyBytes) {
        metrics.completed++;
        live.completed.increment();
        boolean counted = phases.inSteady(startNanos, now);
        if (counted) {
            metrics.files[file].record((now - startNanos) / 1000, bodyBytes);
        }
        if (intervals != null) {
            long us = FileMetrics.micros(now - startNanos);
            intervals.download(file, us, FileMetrics.speed(bodyBytes, us), counted);
        }
    }

    public void failed(ErrorKind kind, int file, long startNanos, long now, String message) {
        metrics.errors[kind.ordinal()]++;
        live.errors.increment();
        if (phases.inSteady(startNanos, now)) {
            metrics.steadyErrors[kind.ordinal()]++;
            metrics.steadyFileErrors[file]++;
        }
        errorLog.sample(kind, message);
    }

    public void retried() {
        metrics.retries++;
    }

    public void cutAtEnd() {
        metrics.cutAtEnd++;
    }

    public void notStarted(long count) {
        metrics.notStarted += count;
    }

    public LiveCounters live() {
        return live;
    }

    public Phases phases() {
        return phases;
    }

    /** This loop's figures; the first call (after the loop stopped) adds its clients' bytes to the fairness sums. */
    public RunMetrics metrics() {
        if (!folded) {
            folded = true;
            for (ClientBytes c : clients) {
                if (c.ranWholeSteadyState()) {
                    metrics.fairness.add(c.steadyBytes());
                }
            }
        }
        return metrics;
    }
}
