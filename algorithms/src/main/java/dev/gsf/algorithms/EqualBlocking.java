package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;

/**
 * EBA: a worker writes one chunk with a blocking write, then puts the download back at the end of the queue (or runs
 * its next chunk itself while no other turn waits there: {@link #noTurnWaits()}).
 */
final class EqualBlocking extends PooledScheduler {

    EqualBlocking(SendSettings settings, ThreadPoolExecutor workers) {
        super(Algorithm.EBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        chunksWhileNoTurnWaits(download, d -> {
            d.writeChunkBlocking(false);
            return true;
        });
    }
}
