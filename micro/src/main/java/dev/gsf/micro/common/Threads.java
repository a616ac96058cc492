package dev.gsf.micro.common;

import java.time.Duration;
import java.util.Collection;

/** Joining helpers: every test thread is joined with a bound, and a thread that outlives it is reported. */
public final class Threads {
    private Threads() {
    }

    /** Joins all within the total bound; returns how many are still alive afterwards. */
    public static int joinAll(Collection<Thread> threads, Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        int alive = 0;
        for (Thread t : threads) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                alive++;
            }
        }
        return alive;
    }
}
