package dev.gsf.loadgen.load.metrics;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The run's histograms cut into intervals, for HdrHistogram interval logs: init time (µs), and per file download time
 * (µs) and speed (bytes/s), each twice: every download of every phase under {@code init}, {@code time:FILE},
 * {@code speed:FILE}, and only those that count under Faban's steady-state rule (the summary's histograms, exactly)
 * under {@code steady.init}, {@code steady.time:FILE}, {@code steady.speed:FILE}. A value falls in the interval in
 * which its download reached the event (first byte, completion). https runs add {@code handshake}: TLS handshake
 * times (µs) of every phase, in the interval the handshake completed; without a steady twin, because the summary
 * counts handshakes in every phase (a closed model makes them in ramp-up), so their sum is the summary's.
 *
 * <p>Threads: each event loop records into a {@link Shard} of its own (HdrHistogram's wait-free
 * {@link org.HdrHistogram.Recorder}s, not shared: shared ones cost about 0.7 µs a download on two loops, their
 * counters bouncing between cores, against 0.07 µs unshared); one sampling thread calls {@link #cut}, which adds the
 * shards. Neither blocks. Shards are made before the loops start.
 */
public final class IntervalHistograms {
    /** Prefix of the tags of the values that count toward the summary. */
    public static final String STEADY = "steady.";
    public static final String INIT = "init";
    /** TLS handshake times, every phase (no steady twin). */
    public static final String HANDSHAKE = "handshake";

    private final List<String> tags = new ArrayList<>();
    /** Tag i (all phases) has its steady-state twin at i + half; the handshakes come last, at 2 * half. */
    private final int half;
    private final List<Shard> shards = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Per tag, the shards' interval histograms added: what a cut hands out. */
    private final Histogram[] sums;

    /** @param fileNames the workload's files, in order */
    public IntervalHistograms(List<String> fileNames) {
        List<String> base = new ArrayList<>();
        base.add(INIT);
        for (String name : fileNames) {
            base.add(timeTag(name));
            base.add(speedTag(name));
        }
        tags.addAll(base);
        base.forEach(t -> tags.add(STEADY + t));
        tags.add(HANDSHAKE);
        half = base.size();
        sums = new Histogram[tags.size()];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = new Histogram(3); // auto-resizing: as large as the values seen
        }
    }

    /** A recording end for one event loop; called before the loops start (any thread). */
    public Shard shard() {
        Shard shard = new Shard(tags.size(), half);
        shards.add(shard);
        return shard;
    }

    /** One event loop's recorders: written by that loop only, read by the sampling thread's {@link #cut}. */
    public static final class Shard {
        private final org.HdrHistogram.Recorder[] recorders;
        private final Histogram[] recycled;
        private final int half;

        private Shard(int tags, int half) {
            this.half = half;
            recorders = new org.HdrHistogram.Recorder[tags];
            for (int i = 0; i < tags; i++) {
                recorders[i] = new org.HdrHistogram.Recorder(3);
            }
            recycled = new Histogram[tags];
        }

        /** An init time; {@code counted}: it counts toward the summary. Event loop thread. */
        void init(long micros, boolean counted) {
            record(0, micros, counted);
        }

        /** A verified download of file {@code file}. Event loop thread. */
        void download(int file, long micros, long bytesPerSecond, boolean counted) {
            record(1 + 2 * file, micros, counted);
            record(2 + 2 * file, bytesPerSecond, counted);
        }

        /** A completed TLS handshake, in any phase. Event loop thread. */
        void handshake(long micros) {
            recorders[2 * half].recordValue(micros);
        }

        private void record(int tag, long value, boolean counted) {
            recorders[tag].recordValue(value);
            if (counted) {
                recorders[tag + half].recordValue(value);
            }
        }

        /** Tag i's values since the last call. Sampling thread. */
        private Histogram interval(int i) {
            Histogram h = recorders[i].getIntervalHistogram(recycled[i]);
            recycled[i] = h;
            return h;
        }
    }

    /** The tag of a file's download times: {@code time:NAME}, the name with anything but [A-Za-z0-9._-] as _. */
    public static String timeTag(String fileName) {
        return "time:" + tagSafe(fileName);
    }

    /** The tag of a file's speeds: {@code speed:NAME}. */
    public static String speedTag(String fileName) {
        return "speed:" + tagSafe(fileName);
    }

    /** A log's tag may hold neither commas nor white space. */
    private static String tagSafe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * The values recorded since the last cut, one histogram per tag that has any ({@code init} always, so that every
     * interval appears in the log), tagged and stamped with the interval's start and end in epoch ms. The histograms
     * are reused by the next cut: write them out before. Sampling thread.
     */
    public List<Histogram> cut(long startEpochMillis, long endEpochMillis) {
        List<Histogram> out = new ArrayList<>();
        for (int i = 0; i < sums.length; i++) {
            Histogram h = sums[i];
            h.reset();
            for (Shard shard : shards) {
                h.add(shard.interval(i));
            }
            if (i == 0 || h.getTotalCount() > 0) {
                h.setTag(tags.get(i));
                h.setStartTimeStamp(startEpochMillis);
                h.setEndTimeStamp(endEpochMillis);
                out.add(h);
            }
        }
        return out;
    }
}
