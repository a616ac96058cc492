package dev.gsf.algorithms;

import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** The algorithms that run turns on the bounded worker pool (SBA, EBA, ENBA, ADA): a turn starts as a pool task. */
abstract class PooledScheduler extends Scheduler {
    private final ThreadPoolExecutor workers;
    /** Workers inside one of this scheduler's turns; the others wait for a turn (the pool is this scheduler's). */
    private final AtomicInteger turnsRunning = new AtomicInteger();

    PooledScheduler(Algorithm kind, SendSettings settings, ThreadPoolExecutor workers) {
        super(kind, settings);
        this.workers = workers;
    }

    /** The first turn goes to the pool, as every later one (ADA's starts on the calling thread instead). */
    @Override
    void begin(Download download) {
        queueTurn(download);
    }

    /** Puts the download's next turn at the end of the pool's queue. */
    final void queueTurn(Download download) {
        handedOff();
        try {
            workers.execute(() -> {
                turnsRunning.incrementAndGet();
                try {
                    runTurn(download);
                } finally {
                    turnsRunning.decrementAndGet();
                }
            });
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

    /** One chunk of a turn; false when its write went to the selector, whose callback takes the download on. */
    interface Chunk {
        boolean ranHere(Download download) throws Exception;
    }

    /**
     * One chunk with a non-blocking write (ENBA's and ADA's): true when the socket took it at once, and the caller
     * goes on; false when it went to the selector, which runs {@code drained} once the chunk is out (the calling
     * thread has left by then).
     */
    final boolean nonBlockingChunk(Download download, Runnable drained) throws IOException {
        AtomicBoolean settled = new AtomicBoolean(); // first the callback (the chunk is out), or this thread
        download.writeChunkAsync(() -> {
            if (!settled.compareAndSet(false, true)) {
                drained.run();
            }
        });
        return !settled.compareAndSet(false, true);
    }

    /**
     * EBA's and ENBA's turn: one chunk, then more on the same worker while no other turn waits for a worker
     * ({@link #noTurnWaits}), then the next turn queued (or the download completed), unless a chunk's write went to
     * the selector.
     */
    final void chunksWhileNoTurnWaits(Download download, Chunk chunk) throws Exception {
        do {
            if (!chunk.ranHere(download)) {
                return;
            }
        } while (download.hasRemaining() && noTurnWaits());
        queueTurnOrComplete(download);
    }

    /**
     * Whether no turn waits for a worker: every turn in the pool's queue has an idle worker to take it (none is queued,
     * or as many workers as are queued wait for a turn). Then the download's next turn, queued, would be taken at once
     * (by this worker, idle after it, if by no other): the worker that ran its chunk may run the next one itself and
     * spare the pool two thread switches (on 100 MB downloads, wrk -t2 -c8: ENBA's server went from ~115,000 to
     * ~21,000 context switches per 3 s, and from ~0.85x to ~1.0x nginx's rate). A queued turn that a woken worker is
     * about to take does not wait: until 2026-11-28 any queued turn counted, and at 50 downloads on 50 workers ENBA
     * queued ~3.8 turns per MB that way, each waking a worker (docs/results/2026-11-28-100mb-counted.md). A turn
     * queued a moment later waits at most one chunk.
     */
    final boolean noTurnWaits() {
        int idleOthers = workers.getMaximumPoolSize() - turnsRunning.get(); // (this worker is running one)
        return workers.getQueue().size() <= idleOthers;
    }
}
