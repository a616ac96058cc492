package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.Criterion;
import dev.gsf.loadgen.load.Units;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.report.BarChart;
import dev.gsf.report.LineChart;
import dev.gsf.report.Numbers;
import dev.gsf.report.Page;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.HistogramIterationValue;

/**
 * report.html: one offline page per invocation with the text summary and three charts per run: throughput over
 * time, the init-time percentile spectrum, speed per file.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    public static Page render(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        Page page = new Page("gsf load report");
        for (int i = 0; i < runs.size(); i++) {
            Summary s = runs.get(i);
            boolean passed = !s.result.aborted() && verdicts.get(i).stream().allMatch(Criterion.Verdict::passed);
            page.heading("Run " + (i + 1) + ": " + s.plan.target(), passed ? "PASSED" : "FAILED", passed)
                    .pre(TextReport.render(s, verdicts.get(i)))
                    .chart(throughput(s)).chart(initSpectrum(s)).chart(speeds(s));
        }
        return page;
    }

    private static LineChart throughput(Summary s) {
        List<LineChart.Point> points = new ArrayList<>();
        for (IntervalSample sample : s.result.intervals()) {
            points.add(new LineChart.Point(sample.seconds(), Units.mbPerSecond(sample.bytesPerSecond()),
                    Numbers.fixed(sample.seconds(), 1) + " s"));
        }
        double rampUp = s.plan.rampUp().toMillis() / 1000.0;
        LineChart chart = LineChart.numeric("Throughput over time (MB/s received per interval)",
                "seconds since start", "MB/s").series("throughput", points)
                .band(rampUp, rampUp + s.plan.steady().toMillis() / 1000.0, "steady state");
        return Double.isNaN(s.targetThroughputMBs) ? chart : chart.reference(s.targetThroughputMBs, "target");
    }

    /** Init time against percentile, x on the usual HdrHistogram scale where 90, 99, 99.9 are equally spaced. */
    private static LineChart initSpectrum(Summary s) {
        var h = s.result.metrics().initMicros;
        List<LineChart.Point> points = new ArrayList<>();
        if (h.getTotalCount() > 0) {
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = Math.min(v.getPercentileLevelIteratedTo(), 99.9999);
                points.add(new LineChart.Point(percentileScale(p), v.getValueIteratedTo() / 1000.0,
                        Numbers.percentile(Math.round(p * 1000) / 1000.0)));
            }
        }
        LineChart chart = LineChart.numeric("Init time distribution (" + h.getTotalCount()
                + " steady-state downloads)", "percentile", "init time (ms)").series("init time", points);
        for (double p : new double[] {0, 90, 99, 99.9, 99.99}) {
            chart.xTick(percentileScale(p), Numbers.percentile(p));
        }
        return chart;
    }

    private static double percentileScale(double p) {
        return Math.log10(100 / (100 - p));
    }

    private static BarChart speeds(Summary s) {
        BarChart chart = new BarChart("Average speed per file, steady-state downloads", "MB/s");
        for (Summary.FileRow f : s.files) {
            chart.bar(f.name() + " (" + f.downloads() + ")", f.speedMBs().mean());
        }
        return chart;
    }
}
