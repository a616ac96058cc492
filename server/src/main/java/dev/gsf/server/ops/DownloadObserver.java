package dev.gsf.server.ops;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;

/**
 * Told of each download's life by the HTTP layer, for metrics. Called on Grizzly's HTTP threads ({@link #started},
 * {@link #rejected}) and on whichever thread moves the download's bytes ({@link #firstBytes}, {@link #ended}): a
 * worker, a virtual thread or a selector thread. Implementations must not block.
 */
public interface DownloadObserver {

    /** Watches nothing: the server without an admin listener keeps no meters. */
    DownloadObserver NONE = new DownloadObserver() {
    };

    /** A download was handed to {@code algorithm}. */
    default void started(Algorithm algorithm) {
    }

    /** The kernel took the download's first body bytes, {@code nanos} after its request arrived. */
    default void firstBytes(Algorithm algorithm, long nanos) {
    }

    /**
     * The kernel took {@code bytes} more body bytes of a download: told as a download ends, and for downloads in
     * progress when the server is asked to report their progress, so that long downloads count as they go.
     */
    default void sent(Algorithm algorithm, long bytes) {
    }

    /** The download ended, {@code nanos} after its request arrived. */
    default void ended(Algorithm algorithm, Outcome outcome, long nanos) {
    }

    /** A request was answered 503: the download queue was full. */
    /** A download of a representation started: "identity", or the coding of a precompressed sidecar. */
    default void encoded(String contentCoding) {
    }

    default void rejected() {
    }
}
