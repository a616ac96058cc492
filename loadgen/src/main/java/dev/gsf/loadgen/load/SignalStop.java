package dev.gsf.loadgen.load;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT or SIGTERM (ctrl-C, kill) during gsf load: a JVM shutdown hook that asks the run to stop (a run's
 * {@link RunStop}, or a coordinator's agents) and holds the JVM's exit until the results are written, for a bounded
 * time; the JVM then exits as on the signal (130, 143). Installed and closed by the command's thread around the
 * session; the hook runs on the JVM's shutdown thread and blocks it for that bounded time.
 */
final class SignalStop implements AutoCloseable {
    /** The longest the exit waits for a run's results: a run that cannot write them by then ends without. */
    static final Duration BOUND = Duration.ofSeconds(10);

    private final CountDownLatch written = new CountDownLatch(1);
    private final Thread hook;

    private SignalStop(Runnable stop, Duration bound) {
        hook = new Thread(() -> {
            stop.run();
            try {
                written.await(bound.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "gsf-load-signal-stop");
    }

    /** Runs {@code stop} on SIGINT or SIGTERM from now until {@link #close}, then waits for that at most {@code bound}. */
    static SignalStop install(Runnable stop, Duration bound) {
        SignalStop signals = new SignalStop(stop, bound);
        Runtime.getRuntime().addShutdownHook(signals.hook);
        return signals;
    }

    /** The session is over and its results are written: the exit need not wait any more, and signals act as before. */
    @Override
    public void close() {
        written.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running and has just been released
        }
    }
}
