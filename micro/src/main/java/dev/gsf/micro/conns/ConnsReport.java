package dev.gsf.micro.conns;

import dev.gsf.micro.common.Spread;
import dev.gsf.micro.report.HtmlPage;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.SvgChart;
import dev.gsf.micro.report.TextTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The seed's table: connections, blocking?, server threads, connections per thread, throughput; and a chart. */
public final class ConnsReport {
    private ConnsReport() {
    }

    public static Report of(List<ConnsResult> results, List<String> notes) {
        Map<ConnsModel, List<ConnsResult>> byModel = results.stream().collect(Collectors.groupingBy(
                ConnsResult::model, LinkedHashMap::new, Collectors.toList()));
        TextTable table = new TextTable("connections", "blocking", "server threads", "conns/thread", "runs",
                "frames/s mean", "±sd", "min–max", "MiB/s", "status");
        List<String> labels = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (var e : byModel.entrySet()) {
            List<ConnsResult> runs = e.getValue();
            ConnsResult first = runs.get(0);
            Spread fps = Spread.of(runs.stream().filter(ConnsResult::ok).mapToDouble(ConnsResult::framesPerSecond)
                    .toArray());
            Spread mib = Spread.of(runs.stream().filter(ConnsResult::ok).mapToDouble(ConnsResult::mibPerSecond)
                    .toArray());
            String status = runs.stream().filter(r -> !r.ok()).map(r -> r.status() + ": " + r.reason()).findFirst()
                    .orElse("OK");
            int threads = first.serverThreads();
            table.row(first.connections(), e.getKey().blocking() ? "Y (" + e.getKey().kind() + ")" : "N", threads,
                    threads == 0 ? "-" : String.format("%.0f", first.connections() / (double) threads), runs.size(),
                    String.format("%.0f", fps.mean()), String.format("%.1f%%", fps.relativePercent()),
                    String.format("%.0f–%.0f", fps.min(), fps.max()), String.format("%.0f", mib.mean()), status);
            labels.add(e.getKey().blocking() ? e.getKey().kind() + " x" + threads : "reactor " + threads);
            values.add(fps.mean());
        }
        String text = String.join("\n", notes) + "\n\n" + table.render();
        HtmlPage html = new HtmlPage("gsf conns: thread per connection vs selectors");
        notes.forEach(html::paragraph);
        html.pre(table.render());
        html.svg(SvgChart.bars("frames checked per second by server model", "frames/s", labels,
                values.stream().mapToDouble(Double::doubleValue).toArray()));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", "conns");
        root.put("notes", notes);
        root.put("runs", results.stream().map(ConnsReport::json).toList());
        return new Report("conns", text, root, html);
    }

    private static Map<String, Object> json(ConnsResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", r.model().kind());
        m.put("selectors", r.model().selectors());
        m.put("blocking", r.model().blocking());
        m.put("connections", r.connections());
        m.put("serverThreads", r.serverThreads());
        m.put("framesPerSecond", r.framesPerSecond());
        m.put("mibPerSecond", r.mibPerSecond());
        m.put("framesSent", r.framesSent());
        m.put("framesValid", r.framesValid());
        m.put("corrupt", r.corrupt());
        m.put("status", r.status());
        m.put("reason", r.reason());
        return m;
    }
}
