package dev.gsf.server.ops;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.results.ByteRange;
import java.time.Instant;

/**
 * One download in progress as the status page shows it.
 *
 * @param client          the client's address
 * @param path            the request path
 * @param range           the bytes it sends
 * @param algorithm       the algorithm sending it
 * @param received        when its request arrived
 * @param bytesSent       body bytes the kernel has taken so far
 * @param bytesPerSecond  the current rate: over the last second or more between two looks, else since the request
 */
public record ActiveDownload(String client, String path, ByteRange range, Algorithm algorithm, Instant received,
                             long bytesSent, double bytesPerSecond) {
}
