package dev.gsf.server.results;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * How one download went: one line of the results log, and what every {@link DownloadResultSink} is given. Only
 * downloads with a body are recorded (a request the HTTP layer answered by itself, such as a 304 or a 404, is the
 * access log's business).
 *
 * @param time              when the request arrived, ISO-8601 UTC to the millisecond ({@link Instant#toString()}),
 *                          e.g. {@code 2026-11-22T07:01:02.345Z}
 * @param client            the client's address
 * @param file              the request path, as requested (still percent-encoded)
 * @param status            200 for the whole file, 206 for a range
 * @param range             the bytes the response carries
 * @param bytes             body bytes the kernel took; {@code range.length()} when completed
 * @param outcome           how the download ended
 * @param timeToFirstByteMs request arrived to first body bytes taken by the kernel, in milliseconds to the
 *                          microsecond; NaN (null in JSON) when no byte was sent
 * @param durationMs        request arrived to the download's end, in milliseconds to the microsecond
 * @param algorithm         the send algorithm the download ran under
 */
public record DownloadResult(String time, String client, String file, int status, ByteRange range, long bytes,
                             Outcome outcome, double timeToFirstByteMs, double durationMs, Algorithm algorithm) {

    /**
     * The result of a download that ended at {@code endNanos}.
     *
     * @param endNanos        {@link System#nanoTime()} at its end; the others too: its request's arrival, and its
     *                        first bytes (0 when none was sent)
     */
    public static DownloadResult endedAt(long endNanos, long receivedNanos, long firstBytesNanos, String client,
                                         String file, int status, ByteRange range, long bytes, Outcome outcome,
                                         Algorithm algorithm) {
        String arrived = Instant.now().minusNanos(System.nanoTime() - receivedNanos).truncatedTo(ChronoUnit.MILLIS)
                .toString();
        return new DownloadResult(arrived, client, file, status, range, bytes, outcome,
                firstBytesNanos == 0 ? Double.NaN : millis(firstBytesNanos - receivedNanos),
                millis(endNanos - receivedNanos), algorithm);
    }

    /** Milliseconds to the microsecond: finer would be noise, and the lines stay short. */
    private static double millis(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }

    /** {@link #time} as an instant. */
    public Instant arrived() {
        return Instant.parse(time);
    }
}
