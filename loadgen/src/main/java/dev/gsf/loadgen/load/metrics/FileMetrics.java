package dev.gsf.loadgen.load.metrics;

import org.HdrHistogram.Histogram;

/** Steady-state figures of one file: download time (µs) and per-download speed (bytes/s). One writer thread. */
public final class FileMetrics {
    static final long MAX_MICROS = 3_600_000_000L; // one hour
    static final long MAX_BYTES_PER_SECOND = 1L << 40;

    public final Histogram downloadMicros = new Histogram(MAX_MICROS, 3);
    public final Histogram speedBytesPerSecond = new Histogram(MAX_BYTES_PER_SECOND, 3);
    public long bodyBytes;

    void record(long micros, long bytes) {
        long us = Math.max(1, Math.min(MAX_MICROS, micros));
        downloadMicros.recordValue(us);
        speedBytesPerSecond.recordValue(speed(bytes, us));
        bodyBytes += bytes;
    }

    /** A duration as the histograms hold it: µs, 1 µs to an hour. */
    static long micros(long nanos) {
        return Math.max(1, Math.min(MAX_MICROS, nanos / 1000));
    }

    /** A download's speed as the histograms hold it: bytes/s, capped. */
    static long speed(long bytes, long micros) {
        return Math.min(MAX_BYTES_PER_SECOND, bytes * 1_000_000L / micros);
    }

    public long downloads() {
        return downloadMicros.getTotalCount();
    }

    void add(FileMetrics other) {
        downloadMicros.add(other.downloadMicros);
        speedBytesPerSecond.add(other.speedBytesPerSecond);
        bodyBytes += other.bodyBytes;
    }
}
