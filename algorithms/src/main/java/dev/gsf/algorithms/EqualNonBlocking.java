package dev.gsf.algorithms;

import java.util.concurrent.ExecutorService;

/**
 * ENBA: a worker starts one chunk with a non-blocking write and is free at once. What the socket cannot take yet
 * waits in Grizzly's write queue for write readiness (the selector); when the chunk is out, the next turn goes to
 * the end of the worker queue and runs on whichever worker is free.
 */
final class EqualNonBlocking extends PooledScheduler {

    EqualNonBlocking(SendSettings settings, ExecutorService workers) {
        super(Algorithm.ENBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        download.writeChunkAsync(() -> {
            if (download.hasRemaining()) {
                queueTurn(download);
            } else {
                download.complete();
            }
        });
    }
}
