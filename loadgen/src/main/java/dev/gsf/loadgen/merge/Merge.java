package dev.gsf.loadgen.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.load.driver.Connecting;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.driver.TlsClient;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.IntervalHistograms;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.RunResult;
import dev.gsf.loadgen.load.metrics.Stopped;
import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.report.AgentRow;
import dev.gsf.loadgen.load.report.ReportFiles;
import dev.gsf.loadgen.load.report.Summary;
import dev.gsf.loadgen.load.report.TextReport;
import dev.gsf.loadgen.load.workload.RangeSpec;
import dev.gsf.loadgen.load.workload.ThinkTime;
import dev.gsf.loadgen.segment.Segment;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Combines the result directories of a run's segments ({@code gsf load --segment I/N} on N agents) into one result,
 * as if one process had run it: counters summed, the steady-state histograms of every agent added (from the
 * steady.* tags of their interval logs, never percentiles averaged), the time series and interval logs added
 * interval by interval on absolute time. What {@code gsf merge} does, and what a launcher calls in-process:
 *
 * <pre>{@code
 * MergedResult merged = Merge.of(dirs).withCriteria(criteria).writeTo(out);
 * int exit = merged.exitCode();
 * }</pre>
 *
 * Immutable; {@link #writeTo} and {@link #result} run on the caller's thread and block it for the file I/O.
 */
public final class Merge {
    private final List<AgentResult> agents;
    private final List<Criterion> criteria;
    private final List<String> missing;

    private Merge(List<AgentResult> agents, List<Criterion> criteria, List<String> missing) {
        this.agents = agents;
        this.criteria = criteria;
        this.missing = missing;
    }

    /**
     * Reads and checks the directories: each a single run of gsf load with its interval log, all segments of one
     * run (same URL, workload, seed, phases, model and segment count; no segment twice). Segments absent from the
     * list make the result incomplete, not an error here. The criterion is gsf load's default: no steady-state errors.
     *
     * @throws IllegalArgumentException naming the directory and what is wrong
     */
    public static Merge of(List<Path> dirs) {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no result directories given");
        }
        List<AgentResult> agents = new ArrayList<>();
        for (Path dir : dirs) {
            agents.add(AgentResult.read(dir));
        }
        SameRun.check(agents);
        int count = Segment.parse(agents.get(0).segment()).count();
        TreeSet<Integer> seen = new TreeSet<>();
        for (AgentResult a : agents) {
            if (!seen.add(Segment.parse(a.segment()).index())) {
                throw new IllegalArgumentException("segment " + a.segment() + " is given twice (" + a.name() + ")");
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!seen.contains(i)) {
                missing.add(i + "/" + count);
            }
        }
        agents.sort(Comparator.comparingInt(a -> Segment.parse(a.segment()).index()));
        return new Merge(List.copyOf(agents), List.of(Criterion.maxErrorRate(0)), List.copyOf(missing));
    }

    /** The same merge judged by these criteria instead (gsf load's options, e.g. --max-p99-init). */
    public Merge withCriteria(List<Criterion> criteria) {
        return new Merge(agents, List.copyOf(criteria), missing);
    }

    /** Segments of the run that no directory holds ("1/3"); the result is incomplete when there are any. */
    public List<String> missingSegments() {
        return missing;
    }

    /**
     * Writes summary.txt, summary.json, report.html and the merged histograms.hlog into {@code out}, as gsf load
     * does for one run, with the per-agent table; prints the text summary on {@code text}, problems on {@code log}.
     */
    public MergedResult writeTo(Path out, PrintStream text, PrintStream log) {
        MergedResult merged = merge(out);
        text.println(TextReport.render(merged.summary(), merged.verdicts()));
        ReportFiles.write(out, List.of(merged.summary()), List.of(merged.verdicts()),
                text, log);
        MergedLog.write(out, agents, merged.summary(), log);
        return merged;
    }

    /** {@link #writeTo(Path, PrintStream, PrintStream)} with the summary on stdout, problems on stderr. */
    public MergedResult writeTo(Path out) {
        return writeTo(out, System.out, System.err);
    }

    /** The merged result without writing it. */
    public MergedResult result() {
        return merge(null);
    }

    private MergedResult merge(Path out) {
        JsonNode config = agents.get(0).config();
        LoadPlan plan = plan(config, out);
        List<String> names = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        agents.get(0).run().path("files").forEach(f -> {
            names.add(f.path("name").asText());
            lengths.add(f.path("length").asLong());
        });
        RunMetrics metrics = new RunMetrics(names.size());
        List<String> warnings = new ArrayList<>();
        Map<ErrorKind, String> samples = new EnumMap<>(ErrorKind.class);
        List<AgentRow> rows = new ArrayList<>();
        String abort = missing.isEmpty() ? null : "incomplete: no result of segment " + String.join(", ", missing);
        long peakHeap = 0;
        double cpu = 0;
        for (AgentResult a : agents) {
            add(metrics, a, names, lengths, warnings);
            a.run().path("warnings").forEach(w -> warnings.add(a.name() + ": " + w.asText()));
            for (ErrorKind k : ErrorKind.values()) {
                JsonNode sample = a.run().path("errorsByKind").path(k.label()).path("sample");
                if (sample.isTextual()) {
                    samples.putIfAbsent(k, a.name() + ": " + sample.asText());
                }
            }
            if (!a.run().path("aborted").isNull() && abort == null) {
                abort = a.name() + " (segment " + a.segment() + "): " + a.run().path("aborted").asText();
            }
            peakHeap = Math.max(peakHeap, a.run().path("loadGenerator").path("peakHeapBytes").asLong());
            double agentCpu = AgentResult.number(a.run().path("loadGenerator"), "steadyCpuPercentOfOneCore");
            cpu += Double.isNaN(agentCpu) ? 0 : agentCpu;
            rows.add(new AgentRow(a.name(), a.segment(), a.config().path("segmentClients").asInt(),
                    a.summary().path("steadyDownloads").asLong(), a.summary().path("steadyErrors").asLong(),
                    AgentResult.number(a.summary(), "totalThroughputMBs"), AgentResult.number(a.clock(), "startSkewMs"),
                    a.stoppedAt()));
        }
        if (!missing.isEmpty()) {
            warnings.add("incomplete: no result of segment " + String.join(", ", missing)
                    + "; the figures are those of the segments given");
        }
        String server = agents.get(0).run().path("server").asText();
        String algorithm = agents.get(0).summary().path("algorithm").asText(null);
        Phases phases = new Phases(0, plan.rampUp().toNanos(), plan.steady().toNanos(), plan.rampDown().toNanos());
        RunClock clock = clock();
        Stopped stopped = stopped(clock, warnings);
        var series = MergedSeries.of(agents, clock.start().toEpochMilli(), plan.interval().toMillis(), phases);
        long[] fileLengths = lengths.stream().mapToLong(Long::longValue).toArray();
        RunResult result = new RunResult(server, algorithm, names, fileLengths, warnings, abort, phases, metrics,
                samples, series.samples(), peakHeap, series.peakConnections(), cpu, null, clock, stopped);
        Summary summary = new Summary(plan, result, rows);
        List<Criterion.Verdict> verdicts = plan.criteria().stream().map(c -> c.judge(summary.figure(c.figure())))
                .toList();
        return new MergedResult(summary, verdicts, missing.isEmpty() && stopped == null);
    }

    /**
     * The agents stopped before their planned end, as one stop of the merged run: at the latest of them (the merged
     * steady state is measured until then), naming them; each gets a warning. Null when none was stopped.
     */
    private Stopped stopped(RunClock clock, List<String> warnings) {
        List<String> names = new ArrayList<>();
        Instant last = null;
        for (AgentResult a : agents) {
            Instant at = a.stoppedAt();
            if (at != null) {
                names.add(a.name());
                last = last == null || at.isAfter(last) ? at : last;
                warnings.add("incomplete: " + a.name() + " (segment " + a.segment() + ") was stopped early ("
                        + a.stopReason() + ") at " + at + "; its figures end there");
            }
        }
        return last == null ? null : new Stopped("agents stopped early: " + String.join(", ", names), last,
                Duration.between(clock.start(), last).toNanos());
    }

    /** Adds one agent's counters and its steady-state histograms; warns when its log and summary disagree. */
    private static void add(RunMetrics m, AgentResult a, List<String> names, List<Long> lengths,
                            List<String> warnings) {
        Histogram init = a.steady().get(IntervalHistograms.INIT);
        if (init != null) {
            m.initMicros.add(init);
        }
        long logged = init == null ? 0 : init.getTotalCount();
        if (logged != a.run().path("initMs").path("count").asLong()) {
            warnings.add(a.name() + ": its interval log holds " + logged + " steady-state init times, its summary "
                    + a.run().path("initMs").path("count").asLong());
        }
        JsonNode files = a.run().path("files");
        for (int i = 0; i < names.size(); i++) {
            Histogram time = a.steady().get(IntervalHistograms.timeTag(names.get(i)));
            Histogram speed = a.steady().get(IntervalHistograms.speedTag(names.get(i)));
            if (time != null) {
                m.files[i].downloadMicros.add(time);
                m.files[i].bodyBytes += time.getTotalCount() * lengths.get(i);
            }
            if (speed != null) {
                m.files[i].speedBytesPerSecond.add(speed);
            }
            m.steadyFileErrors[i] += files.path(i).path("errors").asLong();
        }
        for (ErrorKind k : ErrorKind.values()) {
            JsonNode kind = a.run().path("errorsByKind").path(k.label());
            m.errors[k.ordinal()] += kind.path("all").asLong();
            m.steadyErrors[k.ordinal()] += kind.path("steady").asLong();
        }
        addHandshakes(m, a, warnings);
        JsonNode s = a.summary();
        m.steadyBytes += s.path("steadyBytes").asLong();
        m.completed += s.path("completed").asLong();
        m.cutAtEnd += s.path("cutAtEnd").asLong();
        m.retries += s.path("retries").asLong();
        m.notStarted += s.path("notStarted").asLong();
        JsonNode f = s.path("fairness");
        m.fairness.add(f.path("clients").asLong(), f.path("sumBytes").asLong(), f.path("sumSquaredBytes").asDouble(),
                f.path("minBytes").asLong(-1), f.path("maxBytes").asLong(-1));
    }

    /**
     * https: handshakes and resumptions summed from the summaries, their times added from the logs' handshake tag
     * (every phase, as one run counts them); warns when an agent's log and summary disagree.
     */
    private static void addHandshakes(RunMetrics m, AgentResult a, List<String> warnings) {
        JsonNode tls = a.tls();
        if (!tls.isObject()) {
            return;
        }
        long handshakes = tls.path("handshakes").asLong();
        m.handshakes += handshakes;
        m.resumedHandshakes += tls.path("resumed").asLong();
        m.handshakeMicros.add(a.handshakes());
        if (a.handshakes().getTotalCount() != handshakes) {
            warnings.add(a.name() + ": its interval log holds " + a.handshakes().getTotalCount()
                    + " handshake times, its summary " + handshakes + " handshakes");
        }
    }

    /** The merged run's clock: from the earliest agent's start; the --start-at instant when the agents shared one. */
    private RunClock clock() {
        double earliest = Double.MAX_VALUE;
        TreeSet<String> intended = new TreeSet<>();
        for (AgentResult a : agents) {
            earliest = Math.min(earliest, AgentResult.number(a.clock(), "startEpochMs"));
            intended.add(a.clock().path("intendedStart").asText("none"));
        }
        Instant start = Instant.ofEpochMilli((long) Math.floor(earliest));
        String common = intended.size() == 1 ? intended.first() : "none";
        return new RunClock(common.equals("none") || common.equals("null") ? null : Instant.parse(common), start);
    }

    /** The whole run's plan, as summary.json's config describes it. */
    private LoadPlan plan(JsonNode c, Path out) {
        int threads = 0;
        for (AgentResult a : agents) {
            threads += a.config().path("threads").asInt();
        }
        double arrivalRate = AgentResult.number(c, "arrivalRatePerSecond");
        Target target = Target.parse(c.path("url").asText());
        return new LoadPlan(target, null, c.path("mix").asText(),
                c.path("clients").asInt(), Double.isNaN(arrivalRate) ? 0 : arrivalRate,
                c.path("rateBytesPerSecond").asLong(), c.path("burstBytes").asLong(), 0,
                new ThinkTime(c.path("thinkMeanNanos").asLong(), c.path("thinkExponential").asBoolean()),
                seconds(c, "rampUpSeconds"), seconds(c, "steadySeconds"), seconds(c, "rampDownSeconds"),
                Duration.ZERO, seconds(c, "intervalSeconds"), threads, criteria, out, c.path("seed").asLong(), 1,
                null, Segment.WHOLE, null, connecting(target), c.path("ranges").isTextual()
                ? new LoadPlan.RangesOption(RangeSpec.parse(c.path("ranges").asText()), null) : null);
    }

    /** How the agents connected, as far as the merged report says it: https, certificates verified unless any did not. */
    private Connecting connecting(Target target) {
        boolean insecure = agents.stream().anyMatch(a -> a.tls().isObject()
                && !a.tls().path("certificatesVerified").asBoolean(true));
        return insecure ? new Connecting(TlsClient.of(target, null, true), List.of())
                : Connecting.of(target);
    }

    private static Duration seconds(JsonNode config, String key) {
        return Duration.ofMillis(Math.round(config.path(key).asDouble() * 1000));
    }
}
