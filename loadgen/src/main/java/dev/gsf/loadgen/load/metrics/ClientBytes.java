package dev.gsf.loadgen.load.metrics;

/**
 * One simulated client's bytes received in the steady state, for {@link Fairness}. It counts when it ran the whole
 * steady state: made when its loop started (every client of the closed model, and the open model's first
 * connections), or made before the steady state began.
 *
 * <p>Threads: its client's event loop thread only.
 */
public final class ClientBytes {
    private final Phases phases;
    private final boolean fromStart;
    private final long createdNanos;
    private long steadyBytes;

    ClientBytes(Phases phases, boolean fromStart, long createdNanos) {
        this.phases = phases;
        this.fromStart = fromStart;
        this.createdNanos = createdNanos;
    }

    /** Bytes of this client's responses read at {@code now}. */
    public void received(long bytes, long now) {
        if (phases.inSteady(now)) {
            steadyBytes += bytes;
        }
    }

    boolean ranWholeSteadyState() {
        return fromStart || createdNanos <= phases.steadyStart();
    }

    long steadyBytes() {
        return steadyBytes;
    }
}
