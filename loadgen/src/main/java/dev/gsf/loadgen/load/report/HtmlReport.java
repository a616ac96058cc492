package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.loadgen.load.metrics.ServerMetrics;
import dev.gsf.loadgen.load.metrics.ServerSample;
import dev.gsf.report.BarChart;
import dev.gsf.report.LineChart;
import dev.gsf.report.Numbers;
import dev.gsf.report.Page;
import dev.gsf.report.Ticks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.HistogramIterationValue;

/**
 * report.html: one offline page per invocation with the text summary and three charts per run: throughput over
 * time, the init-time percentile spectrum, speed per file; with --server-metrics, two more under the throughput on its
 * time axis: the server's busy workers, queue and downloads in progress, and its RSS.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    public static Page render(List<Summary> runs, List<List<Criterion.Verdict>> verdicts) {
        Page page = new Page("gsf load report");
        for (int i = 0; i < runs.size(); i++) {
            Summary s = runs.get(i);
            boolean passed = s.result.complete() && verdicts.get(i).stream().allMatch(Criterion.Verdict::passed);
            String verdict = passed ? "PASSED" : s.result.stopped() != null ? "STOPPED EARLY" : "FAILED";
            page.heading("Run " + (i + 1) + ": " + s.plan.target(), verdict, passed)
                    .pre(TextReport.render(s, verdicts.get(i)))
                    .chart(throughput(s));
            if (s.tls()) {
                page.chart(handshakes(s));
            }
            ServerMetrics server = s.result.serverMetrics();
            if (server != null) {
                page.paragraph("The " + TextReport.serverLine(server).strip().replace("\n ", ";")
                                + ". A failed scrape leaves a gap; the time axis is the throughput's above.")
                        .chart(serverGauges(s, server)).chart(serverMemory(s, server));
            }
            page.chart(initSpectrum(s)).chart(speeds(s));
        }
        return page;
    }

    private static LineChart throughput(Summary s) {
        List<LineChart.Point> points = new ArrayList<>();
        for (IntervalSample sample : s.result.intervals()) {
            points.add(new LineChart.Point(sample.seconds(), Units.mbPerSecond(sample.bytesPerSecond()),
                    Numbers.fixed(sample.seconds(), 1) + " s"));
        }
        LineChart chart = overTime(s, "Throughput over time (MB/s received per interval)", "MB/s")
                .series("throughput", points);
        return Double.isNaN(s.targetThroughputMBs) ? chart : chart.reference(s.targetThroughputMBs, "target");
    }

    private static LineChart handshakes(Summary s) {
        List<IntervalSample> intervals = s.result.intervals();
        double[] rates = HandshakeRate.perInterval(intervals);
        List<LineChart.Point> points = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            if (!Double.isNaN(rates[i])) {
                points.add(new LineChart.Point(intervals.get(i).seconds(), rates[i],
                        Numbers.fixed(intervals.get(i).seconds(), 1) + " s"));
            }
        }
        return overTime(s, "TLS handshakes completed a second", "handshakes/s").series("handshakes", points);
    }

    private static LineChart serverGauges(Summary s, ServerMetrics server) {
        return overTime(s, "Server: busy workers, downloads waiting (queue) and in progress", "count")
                .series("busy workers", serverSeries(server, ServerSample::workersBusy, 1))
                .series("waiting", serverSeries(server, ServerSample::waiting, 1))
                .series("in progress", serverSeries(server, ServerSample::inProgress, 1));
    }

    private static LineChart serverMemory(Summary s, ServerMetrics server) {
        return overTime(s, "Server: resident memory (RSS)", "MB")
                .series("RSS", serverSeries(server, ServerSample::residentBytes, 1 << 20));
    }

    private static List<LineChart.Point> serverSeries(ServerMetrics server, ToDoubleFunction<ServerSample> gauge,
                                                      double scale) {
        return server.samples().stream().map(sample -> new LineChart.Point(sample.seconds(),
                gauge.applyAsDouble(sample) / scale, Numbers.fixed(sample.seconds(), 1) + " s")).toList();
    }

    /**
     * A chart over the run's time: x from 0 past the last sample on the same round ticks for every such chart, so
     * that the client's and the server's charts line up; steady state shaded.
     */
    private static LineChart overTime(Summary s, String title, String yUnit) {
        double rampUp = s.plan.rampUp().toMillis() / 1000.0;
        LineChart chart = LineChart.numeric(title, "seconds since start", yUnit)
                .band(rampUp, rampUp + s.plan.steady().toMillis() / 1000.0, "steady state");
        double end = s.plan.total().toMillis() / 1000.0;
        for (IntervalSample sample : s.result.intervals()) {
            end = Math.max(end, sample.seconds());
        }
        if (s.result.serverMetrics() != null) {
            for (ServerSample sample : s.result.serverMetrics().samples()) {
                end = Math.max(end, sample.seconds());
            }
        }
        // The last tick is at or past every sample of either side, so it is every chart's right end.
        Ticks ticks = Ticks.covering(0, end, 8);
        ticks.values().forEach(x -> chart.xTick(x, ticks.label(x)));
        return s.result.serverMetrics() == null ? chart : chart.legend(); // equal plot widths: the x axes line up
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
