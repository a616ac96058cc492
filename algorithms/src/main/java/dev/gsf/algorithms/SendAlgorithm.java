package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;

/**
 * Moves the bytes of downloads to their clients. Implementations differ only in scheduling: which thread runs the
 * next write, and whether that write may block. They know nothing of HTTP: status, headers and ranges are settled
 * before a {@link Download} reaches them.
 *
 * <p>Threads: {@link #admit()} and {@link Admission#start} are called by the HTTP layer on a Grizzly thread and
 * never block. The writes themselves run on the worker pool (SBA, EBA, ENBA), on a virtual thread (VTA), or first on
 * the calling thread itself (ADA, whose writes never block).
 */
public interface SendAlgorithm extends AutoCloseable {

    /** The algorithm this instance implements. */
    Algorithm kind();

    /**
     * Reserves a place for one new download, or returns {@code null} when {@link SendSettings#queueLimit()} downloads
     * already wait for their first turn. Call before committing any header, so that a full server can answer 503.
     */
    Admission admit();

    /** Counters since start. Cheap; any thread. */
    AlgorithmStats.Snapshot stats();

    /** Ends every download still in progress as {@link Outcome#SERVER_ERROR} and stops the algorithm's own threads. */
    @Override
    void close();

    /**
     * Creates the algorithm of the given kind.
     *
     * @param workers the bounded worker pool when {@link Algorithm#usesWorkerPool()}, else ignored (may be null)
     */
    static SendAlgorithm create(Algorithm kind, SendSettings settings, ThreadPoolExecutor workers) {
        return switch (kind) {
            case SBA -> new SimpleBlocking(settings, workers);
            case EBA -> new EqualBlocking(settings, workers);
            case ENBA -> new EqualNonBlocking(settings, workers);
            case VTA -> new VirtualThreadPerDownload(settings);
            case ADA -> new Adaptive(settings, workers);
        };
    }
}
