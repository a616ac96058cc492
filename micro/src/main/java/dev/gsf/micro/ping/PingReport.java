package dev.gsf.micro.ping;

import dev.gsf.micro.common.Spread;
import dev.gsf.micro.report.HtmlPage;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.SvgChart;
import dev.gsf.micro.report.TextTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The seed's figures: latency percentiles 1/50/99/99.9 in µs and K round trips/s, best run and the spread. */
public final class PingReport {
    private static final double[] PERCENTILES = {1, 50, 99, 99.9};

    /** A sockperf run for a message size. */
    public record Reference(int size, Sockperf.Result result) {
    }

    private PingReport() {
    }

    public static Report of(List<PingOutcome> outcomes, List<Reference> references, List<String> notes) {
        Map<String, List<PingOutcome>> groups = outcomes.stream().collect(Collectors.groupingBy(
                o -> o.mode().label() + " " + o.style().label(), LinkedHashMap::new, Collectors.toList()));
        TextTable table = new TextTable("mode", "style", "bytes", "runs", "p1 µs", "p50 µs", "p99 µs", "p99.9 µs",
                "K/s best", "K/s mean ±sd", "p50 range µs");
        List<String> labels = new ArrayList<>();
        List<Double> p50s = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        List<Object> json = new ArrayList<>();
        for (List<PingOutcome> runs : groups.values()) {
            PingOutcome first = runs.get(0);
            List<PingOutcome> ok = runs.stream().filter(o -> o.status().equals("OK")).toList();
            if (ok.size() < runs.size()) {
                PingOutcome bad = runs.stream().filter(o -> !o.status().equals("OK")).findFirst().orElseThrow();
                table.row(first.mode().label(), first.style().label(), first.size(), runs.size(), bad.status(),
                        "-", "-", "-", "-", "-", bad.reason());
            }
            if (!ok.isEmpty()) {
                PingOutcome best = ok.stream().min(Comparator.comparingDouble(o -> o.percentileMicros(50))).orElseThrow();
                Spread rate = Spread.of(ok.stream().mapToDouble(PingOutcome::kPerSecond).toArray());
                Spread p50 = Spread.of(ok.stream().mapToDouble(o -> o.percentileMicros(50)).toArray());
                List<Object> row = new ArrayList<>(List.of(first.mode().label(), first.style().label(), first.size(),
                        ok.size()));
                for (double p : PERCENTILES) {
                    row.add(f1(best.percentileMicros(p)));
                }
                row.add(String.format("%.0f", rate.max()));
                row.add(String.format("%.0f ±%.0f%%", rate.mean(), rate.relativePercent()));
                row.add(f1(p50.min()) + "–" + f1(p50.max()));
                table.row(row.toArray());
                labels.add(first.mode().label() + " " + first.style().label());
                p50s.add(best.percentileMicros(50));
                rates.add(rate.max());
            }
            runs.forEach(o -> json.add(json(o)));
        }
        for (Reference r : references) {
            Map<String, Double> p = r.result().percentiles();
            table.row("sockperf", "C, --full-rtt", r.size(), 1, "-", f1(p.getOrDefault("50.000", Double.NaN)),
                    f1(p.getOrDefault("99.000", Double.NaN)), f1(p.getOrDefault("99.900", Double.NaN)),
                    String.format("%.0f", r.result().kPerSecond()), "-", "min " + f1(p.getOrDefault("min", Double.NaN)));
            labels.add("sockperf " + r.size() + " B");
            p50s.add(p.getOrDefault("50.000", Double.NaN));
            rates.add(r.result().kPerSecond());
        }
        String text = String.join("\n", notes) + "\n\nround-trip latency (best run by p50) and throughput\n"
                + table.render();
        HtmlPage html = new HtmlPage("gsf ping: NIO vs NIO.2 vs virtual threads");
        notes.forEach(html::paragraph);
        html.pre(table.render());
        html.svg(SvgChart.bars("round-trip p50 (µs), best run", "µs", labels,
                p50s.stream().mapToDouble(Double::doubleValue).toArray()));
        html.svg(SvgChart.bars("round trips per second (K/s), best run", "K/s", labels,
                rates.stream().mapToDouble(Double::doubleValue).toArray()));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", "ping");
        root.put("notes", notes);
        root.put("runs", json);
        root.put("sockperf", references.stream().map(r -> Map.of("size", r.size(), "percentilesMicros",
                r.result().percentiles(), "kPerSecond", r.result().kPerSecond())).toList());
        return new Report("ping", text, root, html);
    }

    private static Map<String, Object> json(PingOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("style", o.style().label());
        m.put("mode", o.mode().label());
        m.put("size", o.size());
        m.put("status", o.status());
        m.put("reason", o.reason());
        m.put("roundTrips", o.roundTrips());
        m.put("mismatches", o.mismatches());
        Map<String, Object> p = new LinkedHashMap<>();
        for (double q : PERCENTILES) {
            p.put(Double.toString(q), o.percentileMicros(q));
        }
        p.put("max", o.roundTrips() == 0 ? Double.NaN : o.histogram().getMaxValue() / 1000.0);
        m.put("percentilesMicros", p);
        m.put("kPerSecond", o.kPerSecond());
        return m;
    }

    private static String f1(double v) {
        return Double.isNaN(v) ? "-" : String.format("%.1f", v);
    }
}
