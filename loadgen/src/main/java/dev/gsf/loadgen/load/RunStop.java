package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.metrics.Stopped;
import java.time.Instant;

/**
 * A request from outside a run to end it before its planned end: an agent's stop instruction from its coordinator, or
 * SIGINT/SIGTERM on gsf load. The run then stops its event loops at once (open downloads are closed, no new ones
 * start), writes its results as usual, marked stopped, and its session starts no further run. Any thread may
 * {@link #request} (it never blocks); the run's thread says what stopping it means ({@link #whenRequested}).
 */
public final class RunStop {
    /** The reason of a stop the coordinator asked for. */
    public static final String COORDINATOR = "coordinator";
    /** The reason of a stop on SIGINT or SIGTERM. */
    public static final String SIGNAL = "signal";

    private Stopped requested;
    private Runnable stopping;

    /** Asks for the stop (the first request's reason stands) and stops the run going, if any. */
    public void request(String reason) {
        Runnable now;
        synchronized (this) {
            if (requested != null) {
                return;
            }
            requested = new Stopped(reason, Instant.now(), System.nanoTime());
            now = stopping;
        }
        if (now != null) {
            now.run();
        }
    }

    /** The request, or null while there is none. */
    public synchronized Stopped requested() {
        return requested;
    }

    /**
     * What stopping the run going means, e.g. stopping its event loops; must not block. Carried out at once when the
     * stop was requested already; null when no run is going.
     */
    synchronized void whenRequested(Runnable action) {
        stopping = action;
        if (requested != null && action != null) {
            action.run();
        }
    }
}
