package dev.gsf.micro.probe;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.MicroResults;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.TextTable;
import dev.gsf.report.BarChart;
import dev.gsf.report.Page;
import java.util.List;
import org.HdrHistogram.Histogram;

/** The seed's table (write size, average time in select()) with write() times and the bytes-per-write spread. */
public final class ProbeReport {
    /** probe.json: every cell. */
    public record Results(String command, List<String> notes, List<Cell> cells) implements MicroResults {
    }

    public record Cell(int writeSize, boolean noDelay, String sndbufRequested, int sndbufGetOption, long writes,
                       long totalBytes, long partialWrites, Times selectMicros, Times writeMicros,
                       BytesPerWrite bytesPerWrite, double mibPerSecond, String status, String reason) {
    }

    /** A histogram of times in µs. */
    public record Times(double mean, double p0, double p10, double p50, double p90, double p99, double max) {
        static Times of(Histogram h) {
            return new Times(h.getMean() / 1000, at(h, 0), at(h, 10), at(h, 50), at(h, 90), at(h, 99),
                    h.getMaxValue() / 1000.0);
        }

        private static double at(Histogram h, double percentile) {
            return h.getValueAtPercentile(percentile) / 1000.0;
        }
    }

    /** Bytes one write() took: mean and nearest-rank percentiles (p0 the least, p100 the most). */
    public record BytesPerWrite(double mean, int p0, int p10, int p50, int p90, int p100) {
        static BytesPerWrite of(ByteCounts b) {
            return new BytesPerWrite(b.mean(), b.percentile(0), b.percentile(10), b.percentile(50), b.percentile(90),
                    b.percentile(100));
        }
    }

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
        Report report = Report.of(new Results("probe", notes, results.stream().map(ProbeReport::json).toList()),
                new Page("gsf probe: time in select() and bytes per write()"), notes, table.render());
        BarChart select = new BarChart("average time in select()", "µs");
        BarChart bytes = new BarChart("mean bytes taken per write()", "bytes");
        for (ProbeResult r : results) {
            select.bar(r.cell().label(), r.selectNanos().getMean() / 1000);
            bytes.bar(r.cell().label(), r.bytesPerWrite().mean());
        }
        report.html().chart(select).chart(bytes);
        return report;
    }

    private static Cell json(ProbeResult r) {
        return new Cell(r.cell().writeSize(), r.cell().noDelay(), r.cell().sndbuf().label(), r.sndbufInForce(),
                r.writes(), r.totalBytes(), r.partialWrites(), Times.of(r.selectNanos()), Times.of(r.writeNanos()),
                BytesPerWrite.of(r.bytesPerWrite()), r.mibPerSecond(), r.status(), r.reason());
    }

    private static String us(double nanos) {
        return String.format(nanos < 10_000 ? "%.1f" : "%.0f", nanos / 1000);
    }
}
