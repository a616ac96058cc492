package dev.gsf.server.send;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The bounded pool that runs the turns of downloads (SBA, EBA, ENBA): a fixed number of platform threads taking turns
 * in FIFO order. Its queue is not bounded here: how many new downloads may wait is decided at admission (the
 * {@code queue} setting), and a download already admitted must always be able to queue its next turn.
 */
public final class WorkerPool extends ThreadPoolExecutor {

    /** @param name prefix of the threads' names, numbered from 1 */
    public WorkerPool(int threads, String name) {
        super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name(name, 1).factory());
        prestartAllCoreThreads();
    }

    /** Workers running a turn right now. */
    public int busy() {
        return getActiveCount();
    }

    /** Stops taking turns and waits a little for the running ones, which closing the algorithm has ended. */
    public void stop() {
        shutdownNow();
        try {
            awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
