package dev.gsf.micro.conns;

import dev.gsf.micro.report.MicroResults;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.TextTable;
import dev.gsf.report.BarChart;
import dev.gsf.report.Page;
import dev.gsf.report.Stats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The seed's table: connections, blocking?, server threads, connections per thread, throughput; and a chart. */
public final class ConnsReport {
    /** conns.json: every run. */
    public record Results(String command, List<String> notes, List<Run> runs) implements MicroResults {
    }

    public record Run(String model, int selectors, boolean blocking, int connections, int serverThreads,
                      double framesPerSecond, double mibPerSecond, long framesSent, long framesValid, long corrupt,
                      String status, String reason) {
    }

    private ConnsReport() {
    }

    public static Report of(List<ConnsResult> results, List<String> notes) {
        Map<ConnsModel, List<ConnsResult>> byModel = results.stream().collect(Collectors.groupingBy(
                ConnsResult::model, LinkedHashMap::new, Collectors.toList()));
        TextTable table = new TextTable("connections", "blocking", "server threads", "conns/thread", "runs",
                "frames/s mean", "±sd", "min–max", "MiB/s", "status");
        BarChart chart = new BarChart("frames checked per second by server model", "frames/s");
        for (var e : byModel.entrySet()) {
            List<ConnsResult> runs = e.getValue();
            ConnsResult first = runs.get(0);
            Stats fps = Stats.of(runs.stream().filter(ConnsResult::ok).mapToDouble(ConnsResult::framesPerSecond)
                    .toArray());
            Stats mib = Stats.of(runs.stream().filter(ConnsResult::ok).mapToDouble(ConnsResult::mibPerSecond)
                    .toArray());
            String status = runs.stream().filter(r -> !r.ok()).map(r -> r.status() + ": " + r.reason()).findFirst()
                    .orElse("OK");
            int threads = first.serverThreads();
            table.row(first.connections(), e.getKey().blocking() ? "Y (" + e.getKey().kind() + ")" : "N", threads,
                    threads == 0 ? "-" : String.format("%.0f", first.connections() / (double) threads), runs.size(),
                    String.format("%.0f", fps.mean()), String.format("%.1f%%", fps.relativeStdevPercent()),
                    String.format("%.0f–%.0f", fps.min(), fps.max()), String.format("%.0f", mib.mean()), status);
            chart.bar(e.getKey().blocking() ? e.getKey().kind() + " x" + threads : "reactor " + threads,
                    fps.mean());
        }
        Report report = Report.of(new Results("conns", notes, results.stream().map(ConnsReport::json).toList()),
                new Page("gsf conns: thread per connection vs selectors"), notes, table.render());
        report.html().chart(chart);
        return report;
    }

    private static Run json(ConnsResult r) {
        return new Run(r.model().kind(), r.model().selectors(), r.model().blocking(), r.connections(),
                r.serverThreads(), r.framesPerSecond(), r.mibPerSecond(), r.framesSent(), r.framesValid(),
                r.corrupt(), r.status(), r.reason());
    }
}
