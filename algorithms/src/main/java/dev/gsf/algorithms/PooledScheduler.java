package dev.gsf.algorithms;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/** The algorithms that run turns on the bounded worker pool (SBA, EBA, ENBA): every turn starts as a pool task. */
abstract class PooledScheduler extends Scheduler {
    private final ExecutorService workers;

    PooledScheduler(Algorithm kind, SendSettings settings, ExecutorService workers) {
        super(kind, settings);
        this.workers = workers;
    }

    @Override
    final void begin(Download download) {
        queueTurn(download);
    }

    /** Puts the download's next turn at the end of the pool's queue. */
    final void queueTurn(Download download) {
        try {
            workers.execute(() -> runTurn(download));
        } catch (RejectedExecutionException e) {
            download.end(Outcome.SERVER_ERROR, e); // the pool is shutting down
        }
    }
}
