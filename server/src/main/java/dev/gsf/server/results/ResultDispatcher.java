package dev.gsf.server.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Hands every download's result to the sinks: the results log and the sinks {@link ServiceLoader} finds. The send
 * path only offers a result to a bounded queue (never waiting: a full queue drops the result and counts it); one
 * daemon thread, {@code gsf-results}, takes results from the queue and calls the sinks. With no sink at all there is
 * no thread and downloads make no result.
 */
public final class ResultDispatcher implements AutoCloseable {
    /** Results that may wait for the sinks; at about 40,000 downloads/s, a quarter of a second. */
    public static final int QUEUE_CAPACITY = 10_000;
    private static final Logger LOG = Logger.getLogger(ResultDispatcher.class.getName());
    private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long DRAIN_ON_CLOSE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final List<Sink> sinks;
    private final BlockingQueue<DownloadResult> queue;
    private final Thread thread;
    private final int capacity;
    private final LongAdder queued = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder delivered = new LongAdder();
    private final AtomicLong lastDropWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    /** A sink and how often it failed; the counter is only touched by the results thread. */
    private static final class Sink {
        final DownloadResultSink sink;
        volatile long failures;

        Sink(DownloadResultSink sink) {
            this.sink = sink;
        }

        String name() {
            return sink.getClass().getName();
        }
    }

    private ResultDispatcher(List<DownloadResultSink> sinks, int capacity) {
        this.sinks = sinks.stream().map(Sink::new).toList();
        this.capacity = capacity;
        this.queue = sinks.isEmpty() ? null : new ArrayBlockingQueue<>(capacity);
        this.thread = sinks.isEmpty() ? null : Thread.ofPlatform().daemon().name("gsf-results").start(this::run);
    }

    /**
     * Opens the results log (when a file is given) and loads every sink on the class path (through the thread's
     * context class loader), then starts the results thread.
     *
     * @throws ResultSinkException when the log cannot be opened or a sink cannot be loaded
     */
    public static ResultDispatcher start(Optional<Path> resultsLog, int capacity) throws ResultSinkException {
        List<DownloadResultSink> sinks = new ArrayList<>();
        try {
            for (DownloadResultSink sink : ServiceLoader.load(DownloadResultSink.class)) {
                sinks.add(sink);
            }
        } catch (ServiceConfigurationError e) {
            throw new ResultSinkException("results: cannot load a " + DownloadResultSink.class.getName()
                    + " named in META-INF/services: " + e.getMessage(), e);
        }
        if (resultsLog.isPresent()) {
            sinks.addFirst(new JsonLinesSink(resultsLog.get()));
        }
        if (!sinks.isEmpty()) {
            LOG.info(() -> "results: " + sinks.stream().map(s -> s.getClass().getName()).toList()
                    + ", queue of " + capacity);
        }
        return new ResultDispatcher(sinks, capacity);
    }

    /** Whether any sink takes results: without one, downloads make none. */
    public boolean enabled() {
        return thread != null;
    }

    /** Results dropped because the queue was full (a sink slow or blocked); any thread. */
    public long dropped() {
        return dropped.sum();
    }

    /**
     * Queues a result without waiting; a full queue drops it, counts it and says so at most every 10 s. Called on
     * the thread that ended the download; only when {@link #enabled}.
     */
    public void offer(DownloadResult result) {
        if (queue.offer(result)) {
            queued.increment();
            return;
        }
        dropped.increment();
        long now = System.nanoTime();
        long last = lastDropWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastDropWarning.compareAndSet(last, now)) {
            LOG.warning(() -> "results: queue of " + capacity + " full (a result sink is slow or blocked), "
                    + dropped.sum() + " results dropped so far");
        }
    }

    private void run() {
        List<DownloadResult> batch = new ArrayList<>();
        try {
            while (!Thread.currentThread().isInterrupted()) {
                batch.add(queue.take());
                queue.drainTo(batch, 1023);
                for (DownloadResult result : batch) {
                    sinks.forEach(s -> call(s, () -> s.sink.accept(result)));
                    delivered.increment();
                }
                batch.clear();
                sinks.forEach(s -> call(s, s.sink::flush));
            }
        } catch (InterruptedException e) {
            // stopping
        }
    }

    private interface SinkCall {
        void run() throws Exception;
    }

    /** One call into a sink: whatever it throws is counted and logged, and the next sink or result follows. */
    private static void call(Sink s, SinkCall call) {
        try {
            call.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopping: the loop ends
        } catch (Exception | LinkageError | AssertionError e) {
            if (s.failures++ == 0) {
                LOG.log(Level.WARNING, "results: sink " + s.name() + " failed (further failures are counted)", e);
            }
        }
    }

    /**
     * Delivers what is queued (for up to 2 s), stops the results thread, closes the sinks and logs a summary line.
     * Call after the last download has ended.
     */
    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        long deadline = System.nanoTime() + DRAIN_ON_CLOSE_NANOS;
        while (delivered.sum() < queued.sum() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> failed = new ArrayList<>();
        for (Sink s : sinks) {
            try {
                s.sink.close();
            } catch (Exception e) {
                LOG.warning(() -> "results: closing sink " + s.name() + " failed: " + e);
            }
            if (s.failures > 0) {
                failed.add(s.name() + " failed " + s.failures + " times");
            }
        }
        LOG.info(() -> "results: " + delivered.sum() + " delivered, " + dropped.sum() + " dropped (queue full)"
                + (failed.isEmpty() ? "" : "; " + String.join(", ", failed))
                + (thread.isAlive() ? "; the results thread is still blocked in a sink" : ""));
    }
}
