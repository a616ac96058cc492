package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.Criterion;
import dev.gsf.loadgen.load.LoadPlan;
import dev.gsf.loadgen.load.Units;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import java.util.List;

/**
 * summary.json: one object per run with the same figures as the text summary and a verdict per criterion, in the
 * spirit of Faban's summary.xml. Times in ms (init in s too, the seed's unit), speeds and throughput in MB/s
 * (2^20 bytes).
 */
public final class JsonReport {
    private JsonReport() {
    }

    /** The document: {"tool": ..., "runs": [run, ...]}. */
    public static String render(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        JsonWriter w = new JsonWriter().beginObject().field("tool", "gsf load").field("version", 1);
        w.name("runs").beginArray();
        for (int i = 0; i < runs.size(); i++) {
            run(w, runs.get(i), verdicts.get(i));
        }
        return w.endArray().endObject().toString() + "\n";
    }

    private static void run(JsonWriter w, Summary s, List<Criterion.Verdict> verdicts) {
        LoadPlan p = s.plan;
        RunMetrics m = s.result.metrics();
        boolean passed = !s.result.aborted() && verdicts.stream().allMatch(Criterion.Verdict::passed);
        w.beginObject().field("passed", passed).field("aborted", s.result.abortReason());
        w.name("config").beginObject()
                .field("url", p.target().toString())
                .field("model", p.openModel() ? "open" : "closed")
                .field("clients", p.clients())
                .field("arrivalRatePerSecond", p.openModel() ? p.arrivalRate() : Double.NaN)
                .field("rateBytesPerSecond", p.rate())
                .field("downloadLimit", s.downloadLimit())
                .field("think", p.think().toString())
                .field("rampUpSeconds", p.rampUp().toMillis() / 1000.0)
                .field("steadySeconds", p.steady().toMillis() / 1000.0)
                .field("rampDownSeconds", p.rampDown().toMillis() / 1000.0)
                .field("threads", p.threads())
                .endObject();
        w.field("server", s.result.server());
        w.name("warnings").beginArray();
        s.result.warnings().forEach(w::value);
        w.endArray();
        w.name("summary").beginObject()
                .field("concurrentClients", p.clients())
                .field("downloadLimit", s.downloadLimit())
                .field("algorithm", s.result.server())
                .field("avgInitSeconds", s.avgInitSeconds())
                .field("avgSpeedMBs", s.avgSpeedMBs())
                .field("avgSpeedFile", s.headline == null ? null : s.headline.name())
                .field("totalThroughputMBs", s.throughputMBs)
                .field("targetThroughputMBs", s.targetThroughputMBs)
                .field("actualRateMBs", s.throttled == null ? Double.NaN : s.throttled.speedMBs().mean())
                .field("actualRateFile", s.throttled == null ? null : s.throttled.name())
                .field("rateDeviationPercent", s.rateDeviationPercent)
                .field("steadyDownloads", m.steadyDownloads())
                .field("downloadsPerSecond", s.downloadsPerSecond)
                .field("steadyErrors", m.steadyErrorCount())
                .field("errorRatePercent", s.errorRatePercent)
                .field("steadyBytes", m.steadyBytes)
                .field("completed", m.completed)
                .field("errors", m.errorCount())
                .field("cutAtEnd", m.cutAtEnd)
                .field("retries", m.retries)
                .field("notStarted", m.notStarted)
                .endObject();
        distribution(w.name("initMs"), s.initMs);
        w.name("files").beginArray();
        for (Summary.FileRow f : s.files) {
            w.beginObject().field("name", f.name()).field("length", f.length()).field("downloads", f.downloads())
                    .field("errors", f.errors());
            distribution(w.name("timeMs"), f.timeMs());
            distribution(w.name("speedMBs"), f.speedMBs());
            w.endObject();
        }
        w.endArray();
        w.name("errorsByKind").beginObject();
        for (ErrorKind k : ErrorKind.values()) {
            w.name(k.label()).beginObject().field("all", m.errors[k.ordinal()])
                    .field("steady", m.steadyErrors[k.ordinal()])
                    .field("sample", s.result.errorSamples().get(k)).endObject();
        }
        w.endObject();
        w.name("criteria").beginArray();
        for (Criterion.Verdict v : verdicts) {
            w.beginObject().field("name", v.name()).field("limit", v.limit()).field("actual", v.actual())
                    .field("passed", v.passed()).endObject();
        }
        w.endArray();
        w.name("loadGenerator").beginObject()
                .field("peakHeapBytes", s.result.peakHeapBytes())
                .field("steadyCpuPercentOfOneCore", s.result.steadyCpuPercent())
                .field("peakConnections", s.result.peakConnections())
                .endObject();
        w.name("intervals").beginArray();
        for (IntervalSample i : s.result.intervals()) {
            w.beginObject().field("seconds", i.seconds()).field("phase", i.phase())
                    .field("throughputMBs", Units.mbPerSecond(i.bytesPerSecond())).field("completed", i.completed())
                    .field("errors", i.errors()).field("connections", i.connections()).field("active", i.active())
                    .field("heapUsedBytes", i.heapUsedBytes()).field("cpuPercent", i.cpuPercent()).endObject();
        }
        w.endArray();
        w.endObject();
    }

    private static void distribution(JsonWriter w, Summary.Distribution d) {
        w.beginObject().field("count", d.count()).field("avg", d.mean());
        for (int i = 0; i < Summary.PERCENTILES.length; i++) {
            w.field(Fmt.percentileName(Summary.PERCENTILES[i]), d.percentiles()[i]);
        }
        w.field("max", d.max()).endObject();
    }
}
