package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.Criterion;
import dev.gsf.loadgen.load.Units;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.HistogramIterationValue;

/**
 * report.html: one self-contained page per invocation (inline CSS and SVG, no script, no network) with the text
 * summary and three charts per run: throughput over time, the init-time percentile spectrum, speed per file.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    public static String render(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html><head><meta charset='utf-8'><title>gsf load report</title><style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:900px}pre{background:#f6f6f6;padding:1em;")
                .append("overflow-x:auto;font-size:12px}.pass{color:#270}.fail{color:#b00}svg{display:block;")
                .append("margin:1em 0}</style></head><body><h1>gsf load report</h1>");
        for (int i = 0; i < runs.size(); i++) {
            Summary s = runs.get(i);
            boolean passed = !s.result.aborted() && verdicts.get(i).stream().allMatch(Criterion.Verdict::passed);
            h.append("<h2>Run ").append(i + 1).append(": ").append(Svg.esc(s.plan.target().toString()))
                    .append(" <span class='").append(passed ? "pass'>PASSED" : "fail'>FAILED").append("</span></h2>");
            h.append("<pre>").append(Svg.esc(TextReport.render(s, verdicts.get(i)))).append("</pre>");
            h.append(throughput(s)).append(initSpectrum(s)).append(speeds(s));
        }
        return h.append("</body></html>\n").toString();
    }

    private static String throughput(Summary s) {
        List<IntervalSample> samples = s.result.intervals();
        double[] xs = new double[samples.size()];
        double[] ys = new double[samples.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = samples.get(i).seconds();
            ys[i] = Units.mbPerSecond(samples.get(i).bytesPerSecond());
        }
        List<Svg.Tick> ticks = new ArrayList<>();
        double end = xs.length == 0 ? 0 : xs[xs.length - 1];
        double step = Svg.niceMax(Math.max(1, end / 8));
        for (double t = 0; t <= end; t += step) {
            ticks.add(new Svg.Tick(t, Fmt.num(t, 0) + "s"));
        }
        double rampUp = s.plan.rampUp().toMillis() / 1000.0;
        return Svg.line("Throughput over time (MB/s received per interval)", "seconds since start", "MB/s", xs, ys,
                ticks, rampUp, rampUp + s.plan.steady().toMillis() / 1000.0, s.targetThroughputMBs);
    }

    /** Init time against percentile, x on the usual HdrHistogram scale where 90, 99, 99.9 are equally spaced. */
    private static String initSpectrum(Summary s) {
        var h = s.result.metrics().initMicros;
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        if (h.getTotalCount() > 0) {
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = Math.min(v.getPercentileLevelIteratedTo(), 99.9999);
                xs.add(Math.log10(100 / (100 - p)));
                ys.add(v.getValueIteratedTo() / 1000.0);
            }
        }
        List<Svg.Tick> ticks = new ArrayList<>();
        for (double p : new double[] {0, 90, 99, 99.9, 99.99}) {
            ticks.add(new Svg.Tick(Math.log10(100 / (100 - p)), Fmt.percentileName(p)));
        }
        return Svg.line("Init time distribution (" + h.getTotalCount() + " steady-state downloads)", "percentile",
                "init time (ms)", xs.stream().mapToDouble(Double::doubleValue).toArray(),
                ys.stream().mapToDouble(Double::doubleValue).toArray(), ticks, Double.NaN, Double.NaN, Double.NaN);
    }

    private static String speeds(Summary s) {
        List<String> labels = new ArrayList<>();
        double[] values = new double[s.files.size()];
        for (int i = 0; i < values.length; i++) {
            Summary.FileRow f = s.files.get(i);
            labels.add(f.name() + " (" + f.downloads() + ")");
            values[i] = f.speedMBs().mean();
        }
        return Svg.bars("Average speed per file (MB/s, steady-state downloads)", "MB/s", labels, values);
    }
}
