package dev.gsf.loadgen.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * What one event loop measured, or the merge of all loops. Written by one thread; merged after the writers stopped.
 */
public final class RunMetrics {
    public final Histogram initMicros = new Histogram(FileMetrics.MAX_MICROS, 3);
    /** https: TLS handshake times, from the TCP connect's completion to the handshake's, in every phase. */
    public final Histogram handshakeMicros = new Histogram(FileMetrics.MAX_MICROS, 3);
    public final FileMetrics[] files;
    public final long[] errors = new long[ErrorKind.values().length];
    public final long[] steadyErrors = new long[ErrorKind.values().length];
    public final long[] steadyFileErrors;
    /** Body and head bytes received inside steady state, whichever download they belong to. */
    public long steadyBytes;
    /** Each client's bytes in the steady state, for Jain's fairness index. */
    public final Fairness fairness = new Fairness();
    /** Downloads that completed (verified) in any phase. */
    public long completed;
    /** Downloads still in flight when the run ended; neither success nor error. */
    public long cutAtEnd;
    /** Open model: arrivals that never got a connection before the end. */
    public long notStarted;
    /** Requests repeated on a new connection because a kept-alive one had been closed by the server. */
    public long retries;
    /** https: TLS handshakes completed, in every phase. */
    public long handshakes;
    /** https: of {@link #handshakes}, those that resumed an earlier session. */
    public long resumedHandshakes;

    public RunMetrics(int fileCount) {
        files = new FileMetrics[fileCount];
        for (int i = 0; i < fileCount; i++) {
            files[i] = new FileMetrics();
        }
        steadyFileErrors = new long[fileCount];
    }

    public void add(RunMetrics other) {
        initMicros.add(other.initMicros);
        handshakeMicros.add(other.handshakeMicros);
        for (int i = 0; i < files.length; i++) {
            files[i].add(other.files[i]);
            steadyFileErrors[i] += other.steadyFileErrors[i];
        }
        for (int k = 0; k < errors.length; k++) {
            errors[k] += other.errors[k];
            steadyErrors[k] += other.steadyErrors[k];
        }
        steadyBytes += other.steadyBytes;
        fairness.add(other.fairness);
        completed += other.completed;
        cutAtEnd += other.cutAtEnd;
        notStarted += other.notStarted;
        retries += other.retries;
        handshakes += other.handshakes;
        resumedHandshakes += other.resumedHandshakes;
    }

    /** Verified downloads that started and ended inside steady state. */
    public long steadyDownloads() {
        long n = 0;
        for (FileMetrics f : files) {
            n += f.downloads();
        }
        return n;
    }

    public long steadyErrorCount() {
        long n = 0;
        for (long e : steadyErrors) {
            n += e;
        }
        return n;
    }

    public long errorCount() {
        long n = 0;
        for (long e : errors) {
            n += e;
        }
        return n;
    }
}
