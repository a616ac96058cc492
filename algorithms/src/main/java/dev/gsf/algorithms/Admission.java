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

    /**
     * The fast path for small bodies, for a download that one write covers (at most {@link Download#GATHERED} bytes
     * and one chunk), so that its bytes are in the connection's write queue when this returns, ahead of any later
     * response: starts the download's write at once on the calling thread, non-blocking,
     * bypassing the algorithm's scheduling (its queue, its threads and max-downloads); what the socket cannot take at
     * once is finished by the sink's callbacks. The download is counted as the algorithm's. Returns without waiting.
     *
     * @throws IllegalArgumentException when one write does not cover the download; nothing is sent, and the place
     *                                  is still this admission's to cancel
     */
    public void sendNow(Download download) {
        scheduler.requireOneWrite(download); // before the admission is used: the caller may still cancel it
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("admission already used");
        }
        scheduler.sendNow(download);
    }

    /** Gives the place back without sending anything (the request ended before its body was due). */
    public void cancel() {
        if (used.compareAndSet(false, true)) {
            scheduler.cancelAdmission();
        }
    }
}
