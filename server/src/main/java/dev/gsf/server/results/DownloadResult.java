package dev.gsf.server.results;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import java.time.Instant;

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
public record DownloadResult(String time, String client, String file, int status, Range range, long bytes,
                             Outcome outcome, double timeToFirstByteMs, double durationMs, Algorithm algorithm) {

    /**
     * The byte range of a response, as in {@code Content-Range: bytes first-last/fileLength}.
     *
     * @param first      offset of the first byte sent
     * @param last       offset of the last byte (inclusive)
     * @param fileLength the whole file's length
     */
    public record Range(long first, long last, long fileLength) {
        public long length() {
            return last - first + 1;
        }
    }

    /** {@link #time} as an instant. */
    public Instant arrived() {
        return Instant.parse(time);
    }
}
