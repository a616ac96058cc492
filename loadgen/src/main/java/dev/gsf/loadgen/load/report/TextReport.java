package dev.gsf.loadgen.load.report;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.ServerMetrics;
import dev.gsf.loadgen.load.metrics.ServerSample;
import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.report.Numbers;
import dev.gsf.report.Stats;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The summary printed at the end of a run: the seed's table, then percentiles, per-file figures and verdicts. */
public final class TextReport {
    private TextReport() {
    }

    /** The run's text: what ran, the seed's table, counts, distributions, errors and resources, verdicts. */
    public static String render(Summary s, List<Criterion.Verdict> verdicts) {
        StringBuilder out = new StringBuilder();
        header(out, s);
        seedTable(out, s);
        agents(out, s);
        counts(out, s);
        distributions(out, s);
        errorsAndResources(out, s);
        verdicts(out, s, verdicts);
        return out.toString();
    }

    /** Target and server, model, limit and phases, the mix, warnings, and whether the run was aborted or stopped. */
    private static void header(StringBuilder out, Summary s) {
        var plan = s.plan;
        var r = s.result;
        out.append("gsf load ").append(plan.target()).append("  server: ").append(r.server()).append('\n');
        out.append("model: ").append(s.model()).append("  download limit: ").append(s.downloadLimit())
                .append("  phases: ramp-up ").append(Durations.format(plan.rampUp())).append(", steady ")
                .append(Durations.format(plan.steady())).append(", ramp-down ").append(Durations.format(plan.rampDown()))
                .append('\n');
        if (!s.segmentNote().isEmpty()) {
            out.append(s.segmentNote()).append('\n');
        }
        out.append("mix: ").append(String.join(", ", r.fileNames())).append('\n');
        if (plan.ranges() != null) {
            out.append("ranges: ").append(plan.ranges().spec().text())
                    .append(" (206, each part's Content-Range and MD5 verified)\n");
        }
        for (String w : r.warnings()) {
            out.append("warning: ").append(w).append('\n');
        }
        if (r.aborted()) {
            out.append("RUN ABORTED: ").append(r.abortReason()).append('\n');
        }
        if (r.stopped() != null) {
            out.append("STOPPED EARLY at ").append(r.stopped().at()).append(", ")
                    .append(Numbers.fixed(r.stopped().secondsInto(r.phases()), 1)).append(" s into the run (")
                    .append(r.stopped().reason()).append("): the figures cover the run until then\n");
        }
        out.append('\n');
    }

    /** A merged result's per-agent table; nothing for a single process's run. */
    private static void agents(StringBuilder out, Summary s) {
        if (s.agents.isEmpty()) {
            return;
        }
        out.append(String.format("%-24s %-8s %8s %10s %7s %12s %14s%n", "Agent", "Segment", "Clients", "Downloads",
                "Errors", "MB/s", "Start skew ms"));
        for (AgentRow a : s.agents) {
            out.append(String.format("%-24s %-8s %8d %10d %7d %12s %14s%n", a.agent(), a.segment(), a.clients(),
                    a.downloads(), a.errors(), Numbers.fixed(a.throughputMBs(), 2), Numbers.fixed(a.startSkewMs(), 1)));
        }
        out.append('\n');
    }

    /** The seed's one-line table: clients, limit, algorithm, average init time and speed, total throughput. */
    private static void seedTable(StringBuilder out, Summary s) {
        out.append(String.format("%-14s %-15s %-24s %-20s %-22s %s%n", "Conc. clients", "Download limit",
                "Algorithm", "Avg init time (s)", "Avg speed (MB/s)", "Total throughput (MB/s)"));
        String speed = Numbers.fixed(s.avgSpeedMBs(), 3) + (s.headline == null ? "" : " (" + s.headline.name() + ")");
        out.append(String.format("%-14d %-15s %-24s %-20s %-22s %s%n", s.plan.segmentClients(), s.downloadLimit(),
                s.result.identity(), Numbers.fixed(s.avgInitSeconds(), 4), speed, Numbers.fixed(s.throughputMBs, 2)));
        out.append('\n');
    }

    /** Jain's index over the steady-state throughputs of the clients (streams, under --http2) that ran all of it. */
    private static void fairness(StringBuilder out, Summary s) {
        long clients = s.result.metrics().fairness.clients();
        String client = s.http2() == null ? "client" : "stream";
        out.append("fairness: Jain ").append(Numbers.fixed(s.fairness, 3)).append(" over ").append(clients)
                .append(' ').append(client).append("s' steady-state throughputs (those that ran all of it), per ")
                .append(client).append(' ').append(Numbers.fixed(s.minClientMBs, 3))
                .append(" to ").append(Numbers.fixed(s.maxClientMBs, 3)).append(" MB/s\n");
    }

    /** Downloads and errors in steady state and in the whole run, and the throttle's target against its actual. */
    private static void counts(StringBuilder out, Summary s) {
        var plan = s.plan;
        RunMetrics m = s.result.metrics();
        out.append("steady state ").append(Numbers.fixed(s.result.steadySeconds(), 1)).append(" s: ")
                .append(m.steadyDownloads()).append(" downloads (").append(Numbers.fixed(s.downloadsPerSecond, 1))
                .append("/s), ").append(m.steadyErrorCount()).append(" errors (")
                .append(Numbers.fixed(s.errorRatePercent, 3)).append("%), ").append(Numbers.megabytes(m.steadyBytes))
                .append(" received\n");
        out.append("whole run: ").append(m.completed).append(" verified, ").append(m.errorCount())
                .append(" errors, ").append(m.cutAtEnd).append(" cut at the end, ").append(m.retries)
                .append(" retried on a new connection");
        if (plan.openModel()) {
            out.append(", ").append(m.notStarted).append(" arrivals never started");
        }
        out.append('\n');
        fairness(out, s);
        if (s.tls()) {
            out.append("tls: ").append(m.handshakes).append(" handshakes (").append(m.resumedHandshakes)
                    .append(" resumed a session), all phases; ").append(Numbers.fixed(s.handshakeRate.rampUp(), 0))
                    .append(" a second on average over the ramp-up, ").append(Numbers.fixed(s.handshakeRate.peak(), 0))
                    .append(" at most in one interval; handshake time in the table below, init time includes it"
                            + " when a download opened its connection")
                    .append(plan.connecting().tls().insecure() ? "; --insecure: certificates NOT verified" : "")
                    .append('\n');
        }
        if (plan.rate() > 0) {
            out.append("throttle: target ").append(Units.formatRate(plan.rate())).append(" per client, actual ")
                    .append(s.throttled == null ? "- (no steady download of 8+ buckets)"
                            : Numbers.fixed(s.throttled.speedMBs().mean(), 3) + " MB/s (" + s.throttled.name() + ")")
                    .append(", deviation ").append(Numbers.fixed(s.rateDeviationPercent, 1)).append("%");
            if (!Double.isNaN(s.targetThroughputMBs)) {
                out.append("; aggregate ").append(Numbers.fixed(s.throughputMBs, 2)).append(" of ")
                        .append(Numbers.fixed(s.targetThroughputMBs, 2)).append(" MB/s target (")
                        .append(Numbers.fixed(100 * s.throughputMBs / s.targetThroughputMBs, 1)).append("%)");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    /** Init time, then each file's download time and speed: count, average, the percentiles and the maximum. */
    private static void distributions(StringBuilder out, Summary s) {
        out.append(String.format("%-22s %9s %9s", "", "count", "avg"));
        for (double p : Summary.PERCENTILES) {
            out.append(String.format(" %9s", Numbers.percentile(p)));
        }
        out.append(String.format(" %9s%n", "max"));
        distribution(out, "init time (ms)", s.initMs, false);
        if (s.tls()) {
            distribution(out, "tls handshake (ms)", s.handshakeMs, false);
        }
        for (Summary.FileRow f : s.files) {
            distribution(out, f.name() + " time (ms)", f.timeMs(), false);
        }
        for (Summary.FileRow f : s.files) {
            distribution(out, f.name() + " speed (MB/s)", f.speedMBs(), true);
        }
        out.append('\n');
    }

    /** Errors by kind (all phases / steady state), the first of each; the load generator's and server's resources. */
    private static void errorsAndResources(StringBuilder out, Summary s) {
        var r = s.result;
        RunMetrics m = r.metrics();
        out.append("errors (all phases / steady state):");
        boolean any = false;
        for (ErrorKind k : ErrorKind.values()) {
            if (m.errors[k.ordinal()] > 0) {
                out.append(' ').append(k.label()).append(' ').append(m.errors[k.ordinal()]).append('/')
                        .append(m.steadyErrors[k.ordinal()]);
                any = true;
            }
        }
        out.append(any ? "\n" : " none\n");
        for (Map.Entry<ErrorKind, String> e : r.errorSamples().entrySet()) {
            out.append("  first ").append(e.getKey().label()).append(": ").append(e.getValue()).append('\n');
        }
        out.append("load generator: peak heap ").append(Numbers.megabytes(r.peakHeapBytes())).append(", CPU ")
                .append(Numbers.fixed(r.steadyCpuPercent(), 0)).append("% of one core (steady average), peak ")
                .append(r.peakConnections()).append(" connections\n");
        if (r.serverMetrics() != null) {
            out.append(serverLine(r.serverMetrics()));
        }
        out.append('\n');
    }

    /**
     * A PASS or FAIL line per criterion, then RESULT: PASSED when all passed and the run went to its end, STOPPED
     * EARLY when it was stopped (its criteria judged its partial figures), else FAILED.
     */
    private static void verdicts(StringBuilder out, Summary s, List<Criterion.Verdict> verdicts) {
        boolean passed = true;
        for (Criterion.Verdict v : verdicts) {
            out.append(v.passed() ? "PASS " : "FAIL ").append(v.name()).append(' ').append(v.limit()).append(": ")
                    .append(v.note()).append('\n');
            passed &= v.passed();
        }
        if (s.result.stopped() != null && !s.result.aborted()) {
            out.append("RESULT: STOPPED EARLY (partial figures)\n");
            return;
        }
        out.append(passed && s.result.complete() ? "RESULT: PASSED\n" : "RESULT: FAILED\n");
    }

    /** The server's side: how many scrapes, their peaks, and on a line of its own the first failure. */
    static String serverLine(ServerMetrics m) {
        StringBuilder out = new StringBuilder("server (").append(m.url()).append("): ")
                .append(m.samples().size()).append(" scrapes, ").append(m.failures()).append(" failed");
        out.append("; peak busy workers ").append(peak(m, ServerSample::workersBusy, 0))
                .append(", waiting ").append(peak(m, ServerSample::waiting, 0))
                .append(", in progress ").append(peak(m, ServerSample::inProgress, 0))
                .append(", RSS ").append(peak(m, s -> s.residentBytes() / (1 << 20), 1)).append(" MB")
                .append(", open fds ").append(peak(m, ServerSample::openFds, 0));
        if (m.firstError() != null) {
            out.append("\n  first failed scrape: ").append(m.firstError());
        }
        return out.append('\n').toString();
    }

    private static String peak(ServerMetrics m, ToDoubleFunction<ServerSample> gauge, int decimals) {
        double peak = m.samples().stream().mapToDouble(gauge).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        return Numbers.fixed(peak, decimals);
    }

    private static void distribution(StringBuilder out, String label, Summary.Distribution d, boolean speed) {
        if (d.count() == 0) {
            out.append(String.format("%-22s %9d%n", label, 0));
            return;
        }
        out.append(String.format("%-22s %9d %9s", label, d.count(), cell(d.mean(), speed)));
        for (double p : d.percentiles()) {
            out.append(String.format(" %9s", cell(p, speed)));
        }
        out.append(String.format(" %9s%n", cell(d.max(), speed)));
    }

    private static String cell(double v, boolean speed) {
        return speed ? Numbers.fixed(v, 3) : Numbers.millis(v);
    }

    /** With --runs N: each headline figure's median, min and max over the runs, so one lucky run does not mislead. */
    public static String spread(List<Summary> runs) {
        StringBuilder out = new StringBuilder("spread over " + runs.size() + " runs (median [min .. max]):\n");
        spreadRow(out, "total throughput (MB/s)", runs, s -> s.throughputMBs, 2);
        spreadRow(out, "downloads/s", runs, s -> s.downloadsPerSecond, 1);
        spreadRow(out, "avg init time (s)", runs, Summary::avgInitSeconds, 4);
        spreadRow(out, "p99 init time (ms)", runs, s -> s.initPercentileMs(99), 3);
        spreadRow(out, "avg speed (MB/s)", runs, Summary::avgSpeedMBs, 3);
        spreadRow(out, "error rate (%)", runs, s -> s.errorRatePercent, 3);
        return out.toString();
    }

    private static void spreadRow(StringBuilder out, String label, List<Summary> runs, ToDoubleFunction<Summary> figure,
                                  int decimals) {
        double[] v = runs.stream().mapToDouble(figure).filter(d -> !Double.isNaN(d)).sorted().toArray();
        Stats stats = Stats.of(v);
        if (stats.count() == 0) {
            out.append(String.format("  %-24s -%n", label));
            return;
        }
        out.append(String.format("  %-24s %s [%s .. %s]  %s%n", label, Numbers.fixed(stats.median(), decimals),
                Numbers.fixed(stats.min(), decimals), Numbers.fixed(stats.max(), decimals), Arrays.toString(
                        Arrays.stream(v).mapToObj(d -> Numbers.fixed(d, decimals)).toArray())));
    }
}
