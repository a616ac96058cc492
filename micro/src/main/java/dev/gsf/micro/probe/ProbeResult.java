package dev.gsf.micro.probe;

import org.HdrHistogram.Histogram;

/**
 * One cell's log in summary: time in select() and in write() (ns), bytes each write() took, how many writes took
 * less than offered, the send buffer in force (getOption), and OK / DL (no write completed for the stall time).
 */
public record ProbeResult(ProbeCell cell, int sndbufInForce, Histogram selectNanos, Histogram writeNanos,
                          ByteCounts bytesPerWrite, long partialWrites, long totalBytes, long elapsedNanos,
                          String status, String reason) {
    public long writes() {
        return bytesPerWrite.count();
    }

    public double mibPerSecond() {
        return elapsedNanos <= 0 ? Double.NaN : totalBytes / 1048576.0 / (elapsedNanos / 1e9);
    }
}
