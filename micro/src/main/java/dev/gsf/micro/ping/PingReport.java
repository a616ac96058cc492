package dev.gsf.micro.ping;

import dev.gsf.micro.report.MicroResults;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.TextTable;
import dev.gsf.report.BarChart;
import dev.gsf.report.Numbers;
import dev.gsf.report.Page;
import dev.gsf.report.Stats;
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

    /** ping.json: every run, and the sockperf references. */
    public record Results(String command, List<String> notes, List<Run> runs, List<SockperfRun> sockperf)
            implements MicroResults {
    }

    /** One run; percentiles keyed "1.0", "50.0", "99.0", "99.9" and "max", null when nothing was timed. */
    public record Run(String style, String mode, int size, String status, String reason, long roundTrips,
                      long mismatches, Map<String, Double> percentilesMicros, double kPerSecond) {
    }

    /** sockperf's percentiles as it names them ("50.000", "min", ...). */
    public record SockperfRun(int size, Map<String, Double> percentilesMicros, double kPerSecond) {
    }

    private PingReport() {
    }

    public static Report of(List<PingOutcome> outcomes, List<Reference> references, List<String> notes) {
        Map<String, List<PingOutcome>> groups = outcomes.stream().collect(Collectors.groupingBy(
                o -> o.mode().label() + " " + o.style().label(), LinkedHashMap::new, Collectors.toList()));
        TextTable table = new TextTable("mode", "style", "bytes", "runs", "p1 µs", "p50 µs", "p99 µs", "p99.9 µs",
                "K/s best", "K/s mean ±sd", "p50 range µs");
        BarChart p50s = new BarChart("round-trip p50, best run", "µs");
        BarChart rates = new BarChart("round trips per second, best run", "K/s");
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
                Stats rate = Stats.of(ok.stream().mapToDouble(PingOutcome::kPerSecond).toArray());
                Stats p50 = Stats.of(ok.stream().mapToDouble(o -> o.percentileMicros(50)).toArray());
                List<Object> row = new ArrayList<>(List.of(first.mode().label(), first.style().label(), first.size(),
                        ok.size()));
                for (double p : PERCENTILES) {
                    row.add(f1(best.percentileMicros(p)));
                }
                row.add(String.format("%.0f", rate.max()));
                row.add(String.format("%.0f ±%.0f%%", rate.mean(), rate.relativeStdevPercent()));
                row.add(f1(p50.min()) + "–" + f1(p50.max()));
                table.row(row.toArray());
                String label = first.mode().label() + " " + first.style().label();
                p50s.bar(label, best.percentileMicros(50));
                rates.bar(label, rate.max());
            }
        }
        for (Reference r : references) {
            Map<String, Double> p = r.result().percentiles();
            table.row("sockperf", "C, --full-rtt", r.size(), 1, "-", f1(p.getOrDefault("50.000", Double.NaN)),
                    f1(p.getOrDefault("99.000", Double.NaN)), f1(p.getOrDefault("99.900", Double.NaN)),
                    String.format("%.0f", r.result().kPerSecond()), "-", "min " + f1(p.getOrDefault("min", Double.NaN)));
            p50s.bar("sockperf " + r.size() + " B", p.getOrDefault("50.000", Double.NaN));
            rates.bar("sockperf " + r.size() + " B", r.result().kPerSecond());
        }
        Results json = new Results("ping", notes, groups.values().stream().flatMap(List::stream)
                .map(PingReport::json).toList(),
                references.stream().map(r -> new SockperfRun(r.size(), r.result().percentiles(),
                        r.result().kPerSecond())).toList());
        Report report = Report.of(json, new Page("gsf ping: NIO vs NIO.2 vs virtual threads"), notes,
                "round-trip latency (best run by p50) and throughput\n" + table.render());
        report.html().chart(p50s).chart(rates);
        return report;
    }

    private static Run json(PingOutcome o) {
        Map<String, Double> p = new LinkedHashMap<>();
        for (double q : PERCENTILES) {
            p.put(Double.toString(q), o.percentileMicros(q));
        }
        p.put("max", o.roundTrips() == 0 ? Double.NaN : o.histogram().getMaxValue() / 1000.0);
        return new Run(o.style().label(), o.mode().label(), o.size(), o.status(), o.reason(), o.roundTrips(),
                o.mismatches(), p, o.kPerSecond());
    }

    private static String f1(double v) {
        return Numbers.fixed(v, 1);
    }
}
