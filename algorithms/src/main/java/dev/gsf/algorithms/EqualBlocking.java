package dev.gsf.algorithms;

import java.util.concurrent.ExecutorService;

/** EBA: a worker writes one chunk with a blocking write, then puts the download back at the end of the queue. */
final class EqualBlocking extends PooledScheduler {

    EqualBlocking(SendSettings settings, ExecutorService workers) {
        super(Algorithm.EBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        download.writeChunkBlocking(false);
        if (download.hasRemaining()) {
            queueTurn(download);
        } else {
            download.complete();
        }
    }
}
