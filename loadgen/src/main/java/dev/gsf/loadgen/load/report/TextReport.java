package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.Criterion;
import dev.gsf.loadgen.load.Units;
import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import java.util.List;
import java.util.Map;

/** The summary printed at the end of a run: the seed's table, then percentiles, per-file figures and verdicts. */
public final class TextReport {
    private TextReport() {
    }

    public static String render(Summary s, List<Criterion.Verdict> verdicts) {
        StringBuilder out = new StringBuilder();
        var plan = s.plan;
        var r = s.result;
        out.append("gsf load ").append(plan.target()).append("  server: ").append(r.server()).append('\n');
        out.append("model: ").append(s.model()).append("  download limit: ").append(s.downloadLimit())
                .append("  phases: ramp-up ").append(Units.format(plan.rampUp())).append(", steady ")
                .append(Units.format(plan.steady())).append(", ramp-down ").append(Units.format(plan.rampDown()))
                .append('\n');
        out.append("mix: ").append(String.join(", ", r.fileNames())).append('\n');
        for (String w : r.warnings()) {
            out.append("warning: ").append(w).append('\n');
        }
        if (r.aborted()) {
            out.append("RUN ABORTED: ").append(r.abortReason()).append('\n');
        }
        out.append('\n');
        out.append(String.format("%-14s %-15s %-24s %-20s %-22s %s%n", "Conc. clients", "Download limit",
                "Algorithm", "Avg init time (s)", "Avg speed (MB/s)", "Total throughput (MB/s)"));
        String speed = Fmt.num(s.avgSpeedMBs(), 3) + (s.headline == null ? "" : " (" + s.headline.name() + ")");
        out.append(String.format("%-14d %-15s %-24s %-20s %-22s %s%n", plan.clients(), s.downloadLimit(),
                r.server(), Fmt.num(s.avgInitSeconds(), 4), speed, Fmt.num(s.throughputMBs, 2)));
        out.append('\n');

        RunMetrics m = r.metrics();
        out.append("steady state ").append(Fmt.num(r.phases().steadySeconds(), 1)).append(" s: ")
                .append(m.steadyDownloads()).append(" downloads (").append(Fmt.num(s.downloadsPerSecond, 1))
                .append("/s), ").append(m.steadyErrorCount()).append(" errors (")
                .append(Fmt.num(s.errorRatePercent, 3)).append("%), ").append(Fmt.mb(m.steadyBytes))
                .append(" received\n");
        out.append("whole run: ").append(m.completed).append(" verified, ").append(m.errorCount())
                .append(" errors, ").append(m.cutAtEnd).append(" cut at the end, ").append(m.retries)
                .append(" retried on a new connection");
        if (plan.openModel()) {
            out.append(", ").append(m.notStarted).append(" arrivals never started");
        }
        out.append('\n');
        if (plan.rate() > 0) {
            out.append("throttle: target ").append(Units.formatRate(plan.rate())).append(" per client, actual ")
                    .append(s.throttled == null ? "- (no steady download of 8+ buckets)"
                            : Fmt.num(s.throttled.speedMBs().mean(), 3) + " MB/s (" + s.throttled.name() + ")")
                    .append(", deviation ").append(Fmt.num(s.rateDeviationPercent, 1)).append("%");
            if (!Double.isNaN(s.targetThroughputMBs)) {
                out.append("; aggregate ").append(Fmt.num(s.throughputMBs, 2)).append(" of ")
                        .append(Fmt.num(s.targetThroughputMBs, 2)).append(" MB/s target (")
                        .append(Fmt.num(100 * s.throughputMBs / s.targetThroughputMBs, 1)).append("%)");
            }
            out.append('\n');
        }
        out.append('\n');

        out.append(String.format("%-22s %9s %9s", "", "count", "avg"));
        for (double p : Summary.PERCENTILES) {
            out.append(String.format(" %9s", Fmt.percentileName(p)));
        }
        out.append(String.format(" %9s%n", "max"));
        distribution(out, "init time (ms)", s.initMs, false);
        for (Summary.FileRow f : s.files) {
            distribution(out, f.name() + " time (ms)", f.timeMs(), false);
        }
        for (Summary.FileRow f : s.files) {
            distribution(out, f.name() + " speed (MB/s)", f.speedMBs(), true);
        }
        out.append('\n');

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
        out.append("load generator: peak heap ").append(Fmt.mb(r.peakHeapBytes())).append(", CPU ")
                .append(Fmt.num(r.steadyCpuPercent(), 0)).append("% of one core (steady average), peak ")
                .append(r.peakConnections()).append(" connections\n");
        out.append('\n');
        boolean passed = true;
        for (Criterion.Verdict v : verdicts) {
            out.append(v.passed() ? "PASS " : "FAIL ").append(v.name()).append(' ').append(v.limit()).append(": ")
                    .append(v.note()).append('\n');
            passed &= v.passed();
        }
        out.append(passed && !r.aborted() ? "RESULT: PASSED\n" : "RESULT: FAILED\n");
        return out.toString();
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
        return speed ? Fmt.num(v, 3) : Fmt.ms(v);
    }
}
