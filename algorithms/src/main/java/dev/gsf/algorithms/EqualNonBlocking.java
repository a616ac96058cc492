package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;

/**
 * ENBA: a worker starts one chunk with a non-blocking write and is free at once. What the socket cannot take yet
 * waits in Grizzly's write queue for write readiness (the selector); when the chunk is out, the next turn goes to the
 * end of the worker queue. A chunk the socket took at once is followed on the same worker while no turn waits for a
 * worker.
 */
final class EqualNonBlocking extends PooledScheduler {

    EqualNonBlocking(SendSettings settings, ThreadPoolExecutor workers) {
        super(Algorithm.ENBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        // A chunk that waited for the selector queues the next turn from its callback; this worker has left.
        chunksWhileNoTurnWaits(download, d -> nonBlockingChunk(d, () -> queueTurnOrComplete(d)));
    }
}
