package dev.gsf.loadgen.load.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Takes the time series: every interval, the bytes, downloads and errors since the last sample, the connections
 * open, heap and CPU. Called by one scheduler thread ({@link #sample}); {@link #samples} after it stopped.
 */
public final class Sampler {
    private final Phases phases;
    private final LiveCounters live;
    private final Consumer<IntervalSample> listener;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean o ? o : null;
    private final List<IntervalSample> samples = new ArrayList<>();
    private long lastNanos;
    private long lastBytes;
    private long lastCompleted;
    private long lastErrors;
    private long lastHandshakes;
    private long lastCpuNanos;
    private long peakHeap;
    private long peakConnections;
    private double steadyCpuNanos;
    private double steadyWallNanos;

    /** @param listener told of every sample, on the sampling thread (the progress line) */
    public Sampler(Phases phases, LiveCounters live, Consumer<IntervalSample> listener) {
        this.phases = phases;
        this.live = live;
        this.listener = listener;
        this.lastNanos = phases.startNanos();
        this.lastCpuNanos = cpuNanos();
    }

    public synchronized void sample() {
        long now = System.nanoTime();
        long wall = Math.max(1, now - lastNanos);
        long bytes = live.bytes.sum();
        long completed = live.completed.sum();
        long errors = live.errors.sum();
        long handshakes = live.handshakes.sum();
        long cpu = cpuNanos();
        long heap = memory.getHeapMemoryUsage().getUsed();
        long connections = live.connections.sum();
        double cpuPercent = cpu < 0 ? Double.NaN : 100.0 * (cpu - lastCpuNanos) / wall;
        if (phases.inSteady(lastNanos, now) && cpu >= 0) {
            steadyCpuNanos += cpu - lastCpuNanos;
            steadyWallNanos += wall;
        }
        IntervalSample s = new IntervalSample((now - phases.startNanos()) / 1e9, phases.nameAt(now),
                (bytes - lastBytes) * 1e9 / wall, completed - lastCompleted, errors - lastErrors,
                handshakes - lastHandshakes, connections,
                live.active.sum(), heap, cpuPercent);
        samples.add(s);
        peakHeap = Math.max(peakHeap, heap);
        peakConnections = Math.max(peakConnections, connections);
        lastNanos = now;
        lastBytes = bytes;
        lastCompleted = completed;
        lastErrors = errors;
        lastHandshakes = handshakes;
        lastCpuNanos = cpu;
        listener.accept(s);
    }

    public synchronized List<IntervalSample> samples() {
        return List.copyOf(samples);
    }

    public synchronized long peakHeapBytes() {
        return peakHeap;
    }

    public synchronized long peakConnections() {
        return peakConnections;
    }

    /** Average process CPU over the samples inside steady state, percent of one core; NaN when none. */
    public synchronized double steadyCpuPercent() {
        return steadyWallNanos == 0 ? Double.NaN : 100.0 * steadyCpuNanos / steadyWallNanos;
    }

    private long cpuNanos() {
        return os == null ? -1 : os.getProcessCpuTime();
    }
}
