package dev.gsf.algorithms;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A place reserved by {@link SendAlgorithm#admit()}: either {@link #start} a download with it or {@link #cancel()} it.
 * Called on the HTTP layer's thread; never blocks.
 */
public final class Admission {
    private final Scheduler scheduler;
    private final AtomicBoolean used = new AtomicBoolean();

    Admission(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Hands the download to the algorithm; its sink sends the response head with the first write. Returns at once. */
    public void start(Download download) {
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("admission already used");
        }
        scheduler.start(download);
    }

    /** Gives the place back without sending anything (the request ended before its body was due). */
    public void cancel() {
        if (used.compareAndSet(false, true)) {
            scheduler.cancelAdmission();
        }
    }
}
