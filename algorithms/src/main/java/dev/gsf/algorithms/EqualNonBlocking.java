package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * ENBA: a worker starts one chunk with a non-blocking write and is free at once. What the socket cannot take yet
 * waits in Grizzly's write queue for write readiness (the selector); when the chunk is out, the next turn goes to the
 * end of the worker queue. A chunk the socket took at once is followed on the same worker while no turn waits.
 */
final class EqualNonBlocking extends PooledScheduler {

    EqualNonBlocking(SendSettings settings, ThreadPoolExecutor workers) {
        super(Algorithm.ENBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        chunksWhileNoTurnWaits(download, d -> {
            AtomicBoolean settled = new AtomicBoolean(); // first the callback (the chunk is out), or this worker
            d.writeChunkAsync(() -> {
                if (!settled.compareAndSet(false, true)) {
                    queueTurnOrComplete(d); // the write waited for the selector; this worker has left
                }
            });
            return !settled.compareAndSet(false, true); // false: the write waits for the selector, its callback goes on
        });
    }
}
