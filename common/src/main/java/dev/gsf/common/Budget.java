package dev.gsf.common;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A bound on what holders may hold at once (slabs, bytes of direct memory), checked without a lock: a
 * take that would pass the bound takes nothing, so that racing takes never all pass the check.
 *
 * <p>Threads: any.
 */
public final class Budget {
    private final long most;
    private final AtomicLong held = new AtomicLong();

    /** A budget of {@code most} units. */
    public Budget(long most) {
        this.most = most;
    }

    /** Takes {@code n} units if the holders then hold at most the bound; false (nothing taken) if not. */
    public boolean take(long n) {
        if (held.addAndGet(n) > most) {
            held.addAndGet(-n);
            return false;
        }
        return true;
    }

    /** Gives {@code n} units back. */
    public void giveBack(long n) {
        held.addAndGet(-n);
    }

    /**
     * Counts {@code n} more units held (less when negative), without the check: a holder that turned out to hold
     * more, or less, than it took.
     */
    public void adjust(long n) {
        held.addAndGet(n);
    }

    /** The units held now. */
    public long held() {
        return held.get();
    }
}
