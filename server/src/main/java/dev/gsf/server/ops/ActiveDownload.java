package dev.gsf.server.ops;

import dev.gsf.algorithms.Algorithm;
import java.time.Instant;

/**
 * One download in progress as the status page shows it.
 *
 * @param client          the client's address
 * @param path            the request path
 * @param firstByte       offset of the first byte of the range sent
 * @param length          bytes of the range
 * @param algorithm       the algorithm sending it
 * @param received        when its request arrived
 * @param bytesSent       body bytes the kernel has taken so far
 * @param bytesPerSecond  the current rate: over the last second or more between two looks, else since the request
 */
public record ActiveDownload(String client, String path, long firstByte, long length, Algorithm algorithm,
                             Instant received, long bytesSent, double bytesPerSecond) {
}
