package dev.gsf.loadgen.load.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.Fairness;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.Stopped;
import dev.gsf.report.Json;
import dev.gsf.report.Numbers;
import java.util.List;

/**
 * summary.json: one object per run with the same figures as the text summary and a verdict per criterion, in the
 * spirit of Faban's summary.xml. Times in ms (init in s too, the seed's unit), speeds and throughput in MB/s
 * (2^20 bytes). A figure that was not measured is null (see {@link Json}).
 */
public final class JsonReport {
    private JsonReport() {
    }

    /** The document: {"tool": ..., "runs": [run, ...]}. */
    public static ObjectNode render(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        ObjectNode root = Json.object().put("tool", "gsf load").put("version", 1);
        ArrayNode all = root.putArray("runs");
        for (int i = 0; i < runs.size(); i++) {
            ObjectNode run = all.addObject();
            run(run, runs.get(i), verdicts.get(i));
            if (runs.get(i).plan.outDir() != null && !runs.get(i).result.intervals().isEmpty()) { // it was run
                run.put("histogramLog", HistogramLog.fileName(i, runs.size()));
            }
        }
        return root;
    }

    /** One run's object, its keys in the order they are written. */
    private static void run(ObjectNode w, Summary s, List<Criterion.Verdict> verdicts) {
        boolean passed = s.result.complete() && verdicts.stream().allMatch(Criterion.Verdict::passed);
        w.put("passed", passed).put("complete", s.result.complete()).put("aborted", s.result.abortReason());
        stopped(w, s);
        config(w.putObject("config"), s);
        clock(w.putObject("clock"), s);
        w.put("server", s.result.server());
        ArrayNode warnings = w.putArray("warnings");
        s.result.warnings().forEach(warnings::add);
        summary(w.putObject("summary"), s);
        distribution(w.putObject("initMs"), s.initMs);
        tls(w, s);
        files(w.putArray("files"), s.files);
        errorsByKind(w.putObject("errorsByKind"), s);
        criteria(w.putArray("criteria"), verdicts);
        w.putObject("loadGenerator")
                .put("peakHeapBytes", s.result.peakHeapBytes())
                .put("steadyCpuPercentOfOneCore", s.result.steadyCpuPercent())
                .put("peakConnections", s.result.peakConnections());
        w.putPOJO("serverMetrics", s.result.serverMetrics());
        intervals(w.putArray("intervals"), s.result.intervals());
        if (!s.agents.isEmpty()) {
            agents(w.putArray("agents"), s.agents);
        }
    }

    /**
     * "stopped": null for a run that went to its end (or never started), else when it was stopped, why, and how far
     * into the run; a merged result's names the agents that were stopped.
     */
    private static void stopped(ObjectNode w, Summary s) {
        Stopped stopped = s.result.stopped();
        if (stopped == null) {
            w.putNull("stopped");
            return;
        }
        w.putObject("stopped").put("at", stopped.at().toString()).put("reason", stopped.reason())
                .put("afterSeconds", stopped.secondsInto(s.result.phases()));
    }

    /** A merged result's agents. */
    private static void agents(ArrayNode w, List<AgentRow> agents) {
        for (AgentRow a : agents) {
            w.addObject().put("agent", a.agent()).put("segment", a.segment()).put("clients", a.clients())
                    .put("steadyDownloads", a.downloads()).put("steadyErrors", a.errors())
                    .put("totalThroughputMBs", a.throughputMBs()).put("startSkewMs", a.startSkewMs())
                    .put("stopped", a.stoppedAt() == null ? null : a.stoppedAt().toString());
        }
    }

    /** What the run was set to do. */
    private static void config(ObjectNode w, Summary s) {
        LoadPlan p = s.plan;
        w.put("url", p.target().toString())
                .put("model", p.openModel() ? "open" : "closed")
                .put("clients", p.clients())
                .put("arrivalRatePerSecond", p.openModel() ? p.arrivalRate() : Double.NaN)
                .put("rateBytesPerSecond", p.rate())
                .put("downloadLimit", s.downloadLimit())
                .put("think", p.think().toString())
                .put("rampUpSeconds", p.rampUp().toMillis() / 1000.0)
                .put("steadySeconds", p.steady().toMillis() / 1000.0)
                .put("rampDownSeconds", p.rampDown().toMillis() / 1000.0)
                .put("threads", p.threads())
                .put("seed", p.seed())
                .put("mix", p.mix())
                .put("ranges", p.ranges() == null ? null : p.ranges().spec().text())
                .put("protocol", s.http2() == null ? "http/1.1" : "h2")
                .put("h2Streams", s.http2() == null ? null : s.http2().streams())
                .put("h2WindowBytes", s.http2() == null ? null : s.http2().window())
                .put("burstBytes", p.burst())
                .put("thinkMeanNanos", p.think().meanNanos())
                .put("thinkExponential", p.think().exponential())
                .put("intervalSeconds", p.interval().toMillis() / 1000.0)
                .put("segment", p.segment().toString())
                .put("segmentClients", p.segmentClients())
                .put("segmentArrivalRatePerSecond", p.openModel() ? p.segmentArrivalRate() : Double.NaN);
    }

    /**
     * The run on the wall clock, so that agents' results line up: the --start-at instant (null without), when the
     * ramp-up really began and how late (ms, null without --start-at), and the phase boundaries in epoch ms.
     */
    private static void clock(ObjectNode w, Summary s) {
        RunClock c = s.result.clock();
        Phases p = s.result.phases();
        w.put("intendedStart", c.intendedStart() == null ? null : c.intendedStart().toString())
                .put("start", c.start().toString())
                .put("startSkewMs", c.startSkewMillis())
                .put("startEpochMs", c.epochMillis(p, p.startNanos()))
                .put("steadyStartEpochMs", c.epochMillis(p, p.steadyStart()))
                .put("steadyEndEpochMs", c.epochMillis(p, p.steadyEnd()))
                .put("endEpochMs", c.epochMillis(p, p.end()));
    }

    /** The text summary's figures. */
    private static void summary(ObjectNode w, Summary s) {
        RunMetrics m = s.result.metrics();
        w.put("concurrentClients", s.plan.segmentClients())
                .put("downloadLimit", s.downloadLimit())
                .put("algorithm", s.result.algorithm())
                .put("avgInitSeconds", s.avgInitSeconds())
                .put("avgSpeedMBs", s.avgSpeedMBs())
                .put("avgSpeedFile", s.headline == null ? null : s.headline.name())
                .put("totalThroughputMBs", s.throughputMBs)
                .put("targetThroughputMBs", s.targetThroughputMBs)
                .put("actualRateMBs", s.throttled == null ? Double.NaN : s.throttled.speedMBs().mean())
                .put("actualRateFile", s.throttled == null ? null : s.throttled.name())
                .put("rateDeviationPercent", s.rateDeviationPercent)
                .put("steadyDownloads", m.steadyDownloads())
                .put("downloadsPerSecond", s.downloadsPerSecond)
                .put("steadyErrors", m.steadyErrorCount())
                .put("errorRatePercent", s.errorRatePercent)
                .put("steadyBytes", m.steadyBytes)
                .put("completed", m.completed)
                .put("errors", m.errorCount())
                .put("cutAtEnd", m.cutAtEnd)
                .put("retries", m.retries)
                .put("notStarted", m.notStarted);
        fairness(w.putObject("fairness"), s);
    }

    /**
     * Jain's index over the clients (streams, under --http2) that ran the whole steady state, their least and most
     * MB/s, and the sums it is made of (bytes each client received in steady state), which merge by adding.
     */
    private static void fairness(ObjectNode w, Summary s) {
        Fairness f = s.result.metrics().fairness;
        w.put("jain", s.fairness).put("clients", f.clients()).put("minClientMBs", s.minClientMBs)
                .put("maxClientMBs", s.maxClientMBs).put("sumBytes", f.sumBytes()).put("sumSquaredBytes", f.sumSquares())
                .put("minBytes", f.minBytes()).put("maxBytes", f.maxBytes());
    }

    /** "tls": null for plain http, else handshakes (all phases), resumed ones, verification and handshake times. */
    private static void tls(ObjectNode w, Summary s) {
        if (!s.tls()) {
            w.putNull("tls");
            return;
        }
        RunMetrics m = s.result.metrics();
        ObjectNode tls = w.putObject("tls").put("handshakes", m.handshakes).put("resumed", m.resumedHandshakes)
                .put("certificatesVerified", !s.plan.connecting().tls().insecure());
        distribution(tls.putObject("handshakeMs"), s.handshakeMs);
        tls.putObject("handshakesPerSecond").put("peak", s.handshakeRate.peak())
                .put("rampUp", s.handshakeRate.rampUp());
    }

    private static void files(ArrayNode w, List<Summary.FileRow> files) {
        for (Summary.FileRow f : files) {
            ObjectNode file = w.addObject().put("name", f.name()).put("length", f.length())
                    .put("downloads", f.downloads()).put("errors", f.errors());
            distribution(file.putObject("timeMs"), f.timeMs());
            distribution(file.putObject("speedMBs"), f.speedMBs());
        }
    }

    /** Every kind, those that did not occur too: all of the run, the steady state's, and a sample message. */
    private static void errorsByKind(ObjectNode w, Summary s) {
        RunMetrics m = s.result.metrics();
        for (ErrorKind k : ErrorKind.values()) {
            w.putObject(k.label()).put("all", m.errors[k.ordinal()]).put("steady", m.steadyErrors[k.ordinal()])
                    .put("sample", s.result.errorSamples().get(k));
        }
    }

    private static void criteria(ArrayNode w, List<Criterion.Verdict> verdicts) {
        for (Criterion.Verdict v : verdicts) {
            w.addObject().put("name", v.name()).put("limit", v.limit()).put("actual", v.actual())
                    .put("passed", v.passed());
        }
    }

    private static void intervals(ArrayNode w, List<IntervalSample> intervals) {
        for (IntervalSample i : intervals) {
            w.addObject().put("seconds", i.seconds()).put("phase", i.phase())
                    .put("throughputMBs", Units.mbPerSecond(i.bytesPerSecond())).put("completed", i.completed())
                    .put("errors", i.errors()).put("handshakes", i.handshakes())
                    .put("connections", i.connections()).put("active", i.active())
                    .put("heapUsedBytes", i.heapUsedBytes()).put("cpuPercent", i.cpuPercent());
        }
    }

    private static void distribution(ObjectNode w, Summary.Distribution d) {
        w.put("count", d.count()).put("avg", d.mean());
        for (int i = 0; i < Summary.PERCENTILES.length; i++) {
            w.put(Numbers.percentile(Summary.PERCENTILES[i]), d.percentiles()[i]);
        }
        w.put("max", d.max());
    }
}
