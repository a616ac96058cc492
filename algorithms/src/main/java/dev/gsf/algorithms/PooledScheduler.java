package dev.gsf.algorithms;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

/** The algorithms that run turns on the bounded worker pool (SBA, EBA, ENBA): every turn starts as a pool task. */
abstract class PooledScheduler extends Scheduler {
    private final ThreadPoolExecutor workers;

    PooledScheduler(Algorithm kind, SendSettings settings, ThreadPoolExecutor workers) {
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

    /** After a turn's chunk: queues the next turn, or completes the download when nothing remains. */
    final void queueTurnOrComplete(Download download) {
        if (download.hasRemaining()) {
            queueTurn(download);
        } else {
            download.complete();
        }
    }

    /**
     * Whether no turn waits in the pool's queue. Then a download's next turn, queued, would be taken at once by an
     * idle worker: the worker that ran its chunk may run the next one itself and spare the pool two thread switches
     * (on 100 MB downloads, wrk -t2 -c8: ENBA's server went from ~115,000 to ~21,000 context switches per 3 s, and
     * from ~0.85x to ~1.0x nginx's rate). A turn queued a moment later waits at most one chunk.
     */
    final boolean noTurnWaits() {
        return workers.getQueue().isEmpty();
    }
}
