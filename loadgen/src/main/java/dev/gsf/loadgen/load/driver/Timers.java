package dev.gsf.loadgen.load.driver;

import java.util.PriorityQueue;

/**
 * An event loop's timers: tasks due at a {@link System#nanoTime()}, run in deadline order, ties in the order they were
 * set. Loop thread only; never blocks.
 */
final class Timers {
    private record Timer(long deadline, long seq, Runnable task) implements Comparable<Timer> {
        @Override
        public int compareTo(Timer o) {
            int c = Long.compare(deadline, o.deadline);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final PriorityQueue<Timer> queue = new PriorityQueue<>();
    private long seq;

    void at(long deadlineNanos, Runnable task) {
        queue.add(new Timer(deadlineNanos, seq++, task));
    }

    /** Runs every task due at {@code now}, also those that a task run here sets due by then. */
    void runDue(long now) {
        while (!queue.isEmpty() && queue.peek().deadline() <= now) {
            queue.poll().task().run();
        }
    }

    /** The earliest deadline set, or {@code otherwise} when none is. */
    long next(long otherwise) {
        return queue.isEmpty() ? otherwise : queue.peek().deadline();
    }
}
