package dev.gsf.algorithms;

import java.time.Duration;

/**
 * What every algorithm is tuned by.
 *
 * @param chunkSize    bytes per write call; EBA and ENBA send exactly one chunk per turn
 * @param zeroCopy     send file bytes by sendfile (the file's {@link Sendfile}) instead of copying through a buffer
 * @param zeroCopyMin  with zeroCopy, ranges shorter than this many bytes are still copied
 * @param writeTimeout how long a write may make no progress (the client takes no byte) before the download is dropped
 * @param queueLimit   downloads that may wait for their first turn; one more is rejected
 * @param maxDownloads downloads in progress at once, 0 for no limit beyond the connections
 */
public record SendSettings(int chunkSize, boolean zeroCopy, long zeroCopyMin, Duration writeTimeout, int queueLimit,
                           int maxDownloads) {
    public SendSettings {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be positive: " + chunkSize);
        }
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new IllegalArgumentException("writeTimeout must be positive: " + writeTimeout);
        }
        if (zeroCopyMin < 0 || queueLimit < 0 || maxDownloads < 0) {
            throw new IllegalArgumentException("zeroCopyMin, queueLimit and maxDownloads must not be negative");
        }
    }
}
