package dev.gsf.server.generation;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The current {@link Generation} and the replaced ones still finishing their downloads, with counters summed over
 * all of them, so that what callers read stays meaningful across reloads.
 *
 * <p>Threads: {@link #acquire()} runs on Grizzly's HTTP threads and never blocks; the rest (reloads, counters,
 * shutdown) on any thread, serialised by this object's lock.
 */
public final class Generations implements AutoCloseable {
    private volatile Generation current;
    /** Replaced generations whose counters are not yet folded into {@link #ended}. Guarded by this. */
    private final List<Generation> replaced = new ArrayList<>();
    /** The final counters of closed generations, per algorithm. Guarded by this. */
    private final Map<Algorithm, AlgorithmStats.Snapshot> ended = new EnumMap<>(Algorithm.class);
    /** No reload once the server is draining or closed. Guarded by this. */
    private boolean stopping;

    public Generations(ServerConfig config) {
        current = Generation.create(1, config, null);
    }

    /** The generation a new request runs under, held for it; the caller releases it when the response has ended. */
    public Generation acquire() {
        while (true) {
            Generation generation = current;
            if (generation.tryAcquire()) {
                return generation;
            }
            // Retired and let go between the read and the hold: a newer one is current already.
        }
    }

    /** The configuration new requests run under. */
    public ServerConfig config() {
        return current.config;
    }

    /**
     * Makes a generation built from {@code next} the current one and retires the old one, when {@code next} differs
     * from the current configuration only in {@link Generation#KEYS}.
     *
     * @return the keys that changed; empty when none did (nothing is replaced then)
     * @throws ConfigException naming the key, when another key differs or the new generation cannot be built; the
     *                         current generation stays
     */
    public synchronized Set<ServerConfig.Key> reconfigure(ServerConfig next) {
        if (stopping) {
            throw new ConfigException("config: the server is stopping; nothing to reconfigure");
        }
        Generation old = current;
        Set<ServerConfig.Key> changed = old.config.changedKeys(next);
        List<String> restartOnly = changed.stream().filter(key -> !Generation.KEYS.contains(key))
                .map(key -> key.name).toList();
        if (!restartOnly.isEmpty()) {
            throw new ConfigException(String.join(", ", restartOnly) + ": cannot change while the server runs"
                    + " (needs a restart); only " + Generation.KEYS.stream().map(key -> key.name)
                    .collect(Collectors.joining(", ")) + " change live");
        }
        if (!changed.isEmpty()) {
            current = Generation.create(old.number + 1, next, old);
            replaced.add(old);
            old.retire();
            foldStopped();
        }
        return changed;
    }

    /** Counters since start, per algorithm, over every generation. */
    public synchronized Map<Algorithm, AlgorithmStats.Snapshot> statsByAlgorithm() {
        foldStopped();
        Map<Algorithm, AlgorithmStats.Snapshot> sums = new EnumMap<>(ended);
        for (Generation generation : live()) {
            sums.merge(generation.algorithm.kind(), generation.algorithm.stats(), Generations::sum);
        }
        return sums;
    }

    /** Counters since start over every generation and algorithm. */
    public AlgorithmStats.Snapshot stats() {
        return statsByAlgorithm().values().stream().reduce(Generations::sum).orElseThrow();
    }

    /** Workers running a turn right now, in every generation. */
    public synchronized int busyWorkers() {
        return live().stream().mapToInt(Generation::busyWorkers).sum();
    }

    /** Threads of the worker pools of every generation not yet closed. */
    public synchronized int workerThreads() {
        return live().stream().filter(g -> !g.isStopped()).mapToInt(Generation::workerThreads).sum();
    }

    /** Refuses reloads from now on: the server is stopping. */
    public synchronized void stopping() {
        stopping = true;
    }

    /** Replaced generations not yet closed (their downloads still run). */
    public synchronized int retiring() {
        return (int) replaced.stream().filter(g -> !g.isStopped()).count();
    }

    /** Closes every generation, ending the downloads still in progress. */
    @Override
    public synchronized void close() {
        stopping = true;
        for (Generation generation : live()) {
            generation.close();
        }
    }

    private List<Generation> live() {
        List<Generation> live = new ArrayList<>(replaced);
        live.add(current);
        return live;
    }

    /**
     * Keeps the counters of closed generations and forgets the generations, so that reloading often holds nothing.
     * A download's listener runs just before the algorithm counts its end: a generation is final once it is closed
     * and counts nothing waiting or in progress.
     */
    private void foldStopped() {
        replaced.removeIf(generation -> {
            AlgorithmStats.Snapshot stats = generation.algorithm.stats();
            boolean fin = generation.isStopped() && stats.waiting() == 0 && stats.inProgress() == 0;
            if (fin) {
                ended.merge(generation.algorithm.kind(), stats, Generations::sum);
            }
            return fin;
        });
    }

    private static AlgorithmStats.Snapshot sum(AlgorithmStats.Snapshot a, AlgorithmStats.Snapshot b) {
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            outcomes.put(outcome, a.ended(outcome) + b.ended(outcome));
        }
        return new AlgorithmStats.Snapshot(a.admitted() + b.admitted(), a.rejected() + b.rejected(),
                a.waiting() + b.waiting(), a.inProgress() + b.inProgress(), outcomes, a.bytesSent() + b.bytesSent(),
                a.inlineWrites() + b.inlineWrites(), a.handOffs() + b.handOffs());
    }
}
