package dev.gsf.micro.probe;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.HtmlPage;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.SvgChart;
import dev.gsf.micro.report.TextTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The seed's table (write size, average time in select()) with write() times and the bytes-per-write spread. */
public final class ProbeReport {
    private ProbeReport() {
    }

    public static Report of(List<ProbeResult> results, List<String> notes) {
        TextTable table = new TextTable("write size", "nodelay", "sndbuf req", "sndbuf kernel", "writes",
                "select avg µs", "p50", "p99", "max", "write avg µs", "bytes/write p10", "p50", "p90", "mean",
                "partial %", "MiB/s", "status");
        for (ProbeResult r : results) {
            int kernel = new SocketBuffers.Actual(r.sndbufInForce(), 0).kernelSend();
            ByteCounts b = r.bytesPerWrite();
            table.row(ByteSize.format(r.cell().writeSize()), r.cell().noDelay() ? "on" : "off",
                    r.cell().sndbuf().label(), kernel, r.writes(), us(r.selectNanos().getMean()),
                    us(r.selectNanos().getValueAtPercentile(50)), us(r.selectNanos().getValueAtPercentile(99)),
                    us(r.selectNanos().getMaxValue()), us(r.writeNanos().getMean()), b.percentile(10),
                    b.percentile(50), b.percentile(90), String.format("%.0f", b.mean()),
                    String.format("%.1f", r.writes() == 0 ? 0 : 100.0 * r.partialWrites() / r.writes()),
                    String.format("%.0f", r.mibPerSecond()), r.status().equals("OK") ? "OK" : r.status() + " " + r.reason());
        }
        String text = String.join("\n", notes) + "\n\n" + table.render();
        HtmlPage html = new HtmlPage("gsf probe: time in select() and bytes per write()");
        notes.forEach(html::paragraph);
        html.pre(table.render());
        List<String> labels = results.stream().map(r -> r.cell().label()).toList();
        html.svg(SvgChart.bars("average time in select() (µs)", "µs", labels,
                results.stream().mapToDouble(r -> r.selectNanos().getMean() / 1000).toArray()));
        html.svg(SvgChart.bars("mean bytes taken per write()", "bytes", labels,
                results.stream().mapToDouble(r -> r.bytesPerWrite().mean()).toArray()));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", "probe");
        root.put("notes", notes);
        root.put("cells", results.stream().map(ProbeReport::json).toList());
        return new Report("probe", text, root, html);
    }

    private static Map<String, Object> json(ProbeResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("writeSize", r.cell().writeSize());
        m.put("noDelay", r.cell().noDelay());
        m.put("sndbufRequested", r.cell().sndbuf().label());
        m.put("sndbufGetOption", r.sndbufInForce());
        m.put("writes", r.writes());
        m.put("totalBytes", r.totalBytes());
        m.put("partialWrites", r.partialWrites());
        m.put("selectMicros", summary(r.selectNanos(), 1000));
        m.put("writeMicros", summary(r.writeNanos(), 1000));
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("mean", r.bytesPerWrite().mean());
        for (int p : new int[] {0, 10, 50, 90, 100}) {
            b.put("p" + p, r.bytesPerWrite().percentile(p));
        }
        m.put("bytesPerWrite", b);
        m.put("mibPerSecond", r.mibPerSecond());
        m.put("status", r.status());
        m.put("reason", r.reason());
        return m;
    }

    private static Map<String, Object> summary(Histogram h, double unit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mean", h.getMean() / unit);
        for (double p : new double[] {0, 10, 50, 90, 99}) {
            m.put("p" + (int) p, h.getValueAtPercentile(p) / unit);
        }
        m.put("max", h.getMaxValue() / unit);
        return m;
    }

    private static String us(double nanos) {
        return String.format(nanos < 10_000 ? "%.1f" : "%.0f", nanos / 1000);
    }
}
