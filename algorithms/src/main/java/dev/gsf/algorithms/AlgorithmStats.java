package dev.gsf.algorithms;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** Counters of one algorithm instance: admissions, outcomes, bytes. Updated from any thread. */
public final class AlgorithmStats {
    private final LongAdder admitted = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder inlineWrites = new LongAdder();
    private final LongAdder handOffs = new LongAdder();
    private final Map<Outcome, LongAdder> outcomes = new EnumMap<>(Outcome.class);
    final AtomicInteger waiting = new AtomicInteger();
    final AtomicInteger inProgress = new AtomicInteger();

    AlgorithmStats() {
        for (Outcome o : Outcome.values()) {
            outcomes.put(o, new LongAdder());
        }
    }

    void admitted() {
        admitted.increment();
    }

    void rejected() {
        rejected.increment();
    }

    /** A chunk written by the thread that had the download, without handing it to another thread. */
    void wroteInline() {
        inlineWrites.increment();
    }

    /** A download's next write went to another thread: the selector's, a worker's, a virtual thread's. */
    void handedOff() {
        handOffs.increment();
    }

    void ended(Outcome outcome, long bytes) {
        outcomes.get(outcome).increment();
        bytesSent.add(bytes);
    }

    Snapshot snapshot() {
        // The gauges first: a download's end is counted before its gauge drops, so a snapshot that shows a gauge at
        // 0 also holds every end before it. Read the other way round, an end between the two reads was missing from
        // a snapshot with nothing in progress, and a closed generation folded that one for good (seen as 141 of 142).
        int waitingNow = waiting.get();
        int inProgressNow = inProgress.get();
        Map<Outcome, Long> ended = new EnumMap<>(Outcome.class);
        outcomes.forEach((k, v) -> ended.put(k, v.sum()));
        return new Snapshot(admitted.sum(), rejected.sum(), waitingNow, inProgressNow, ended, bytesSent.sum(),
                inlineWrites.sum(), handOffs.sum());
    }

    /**
     * @param waiting      admitted downloads whose first turn has not begun
     * @param inProgress   downloads started and not yet ended
     * @param inlineWrites chunks written by the thread that had the download, with no hand-off
     * @param handOffs     times a download's next write went to another thread: the selector's (the socket did not
     *                     take it at once), a worker's, a virtual thread's
     */
    public record Snapshot(long admitted, long rejected, int waiting, int inProgress, Map<Outcome, Long> ended,
                           long bytesSent, long inlineWrites, long handOffs) {
        public long ended(Outcome outcome) {
            return ended.getOrDefault(outcome, 0L);
        }

        /** Downloads ended, whatever their outcome. */
        public long endedTotal() {
            return ended.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
