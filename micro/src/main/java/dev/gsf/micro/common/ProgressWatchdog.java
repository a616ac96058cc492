package dev.gsf.micro.common;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Watches a progress counter from its own daemon thread. When the counter stops moving for {@code stall}
 * (a deadlock: DL) or the run passes {@code limit} (TO), it records why, with the state the run describes,
 * and runs the teardown once: the teardown closes sockets so that every blocked thread wakes up.
 * The suppliers and the teardown are called on the watchdog thread and must not block for long.
 * {@link #close()} returns once that thread has ended (bounded), not only once its executor says it terminated:
 * an executor terminates while its last thread is still on its way out.
 */
public final class ProgressWatchdog implements AutoCloseable {
    private final ScheduledExecutorService timer;
    private final AtomicReference<Verdict> verdict = new AtomicReference<>();
    private final Queue<Thread> threads = new ConcurrentLinkedQueue<>();

    /** Why a run was stopped: DL when nothing moved for the stall time, TO when the time limit passed. */
    public record Verdict(String code, String reason) {
    }

    public ProgressWatchdog(String name, Duration stall, Duration limit, LongSupplier progress,
                            Supplier<String> state, Runnable teardown) {
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "watchdog-" + name);
            t.setDaemon(true);
            threads.add(t);
            return t;
        });
        long start = System.nanoTime();
        long[] last = {progress.getAsLong(), start};
        long period = Math.max(10, Math.min(100, stall.toMillis() / 10));
        timer.scheduleAtFixedRate(() -> {
            long now = System.nanoTime();
            long p = progress.getAsLong();
            if (p != last[0]) {
                last[0] = p;
                last[1] = now;
                if (now - start <= limit.toNanos()) {
                    return;
                }
            }
            Verdict v = null;
            if (now - last[1] >= stall.toNanos()) {
                v = new Verdict("DL", "no progress for " + stall.toMillis() + " ms: " + state.get());
            } else if (now - start > limit.toNanos()) {
                v = new Verdict("TO", "time limit " + limit.toSeconds() + " s passed: " + state.get());
            }
            if (v != null && verdict.compareAndSet(null, v)) {
                try {
                    teardown.run();
                } finally {
                    timer.shutdown();
                }
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /** The verdict if the watchdog fired, else null. */
    public Verdict verdict() {
        return verdict.get();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        List<Thread> others = threads.stream().filter(t -> t != Thread.currentThread()).toList();
        Threads.joinAll(others, Duration.ofSeconds(1));
    }
}
