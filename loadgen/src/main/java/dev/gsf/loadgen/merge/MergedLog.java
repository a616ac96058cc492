package dev.gsf.loadgen.merge;

import dev.gsf.loadgen.load.report.HistogramLog;
import dev.gsf.loadgen.load.report.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The merged interval log: every agent's interval histograms added, tag by tag, into the merged interval nearest
 * their start on absolute time, written as histograms.hlog beside the merged summary.
 */
final class MergedLog {
    private MergedLog() {
    }

    /** A log that cannot be written is reported on {@code log}; the merged summary stands. */
    static void write(Path out, List<AgentResult> agents, Summary summary, PrintStream log) {
        long start = summary.result.clock().start().toEpochMilli();
        long interval = summary.plan.interval().toMillis();
        Map<Long, Map<String, Histogram>> slots = new TreeMap<>();
        for (AgentResult a : agents) {
            for (Histogram h : a.intervals()) {
                long slot = Math.max(0, Math.round((h.getStartTimeStamp() - start) / (double) interval));
                slots.computeIfAbsent(slot, s -> new LinkedHashMap<>())
                        .computeIfAbsent(h.getTag(), t -> new Histogram(3)).add(h);
            }
        }
        try (HistogramLog merged = HistogramLog.create(out.resolve(HistogramLog.FILE), start,
                "gsf merge of " + agents.size() + " agents")) {
            for (var e : slots.entrySet()) {
                for (var tagged : e.getValue().entrySet()) {
                    Histogram h = tagged.getValue();
                    h.setTag(tagged.getKey());
                    h.setStartTimeStamp(start + e.getKey() * interval);
                    h.setEndTimeStamp(start + (e.getKey() + 1) * interval);
                }
                merged.write(List.copyOf(e.getValue().values()));
            }
        } catch (IOException e) {
            log.println("gsf merge: cannot write the merged interval log: " + e.getMessage());
        }
    }
}
