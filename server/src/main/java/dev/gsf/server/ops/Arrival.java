package dev.gsf.server.ops;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.results.ByteRange;

/**
 * A download about to start, as the HTTP layer hands it over: who asked, when, what it sends and under which
 * algorithm. What its entry on the status page, its metrics and its result are made of.
 *
 * @param receivedNanos {@link System#nanoTime()} when its request arrived
 * @param client        the client's address
 * @param path          the request path, as requested
 * @param status        200 for the whole file, 206 for a range
 * @param range         the bytes of the file it sends (of a multipart answer: from its first range's first byte
 *                      to its last's last)
 * @param algorithm     the algorithm that sends them
 * @param contentCoding the representation sent: "identity" for the file's own bytes, else the coding of the
 *                      precompressed sidecar ("gzip", "br")
 */
public record Arrival(long receivedNanos, String client, String path, int status, ByteRange range,
                      Algorithm algorithm, String contentCoding) {
}
