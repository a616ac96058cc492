package dev.gsf.micro.echo;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.MicroResults;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.TextTable;
import dev.gsf.report.LineChart;
import dev.gsf.report.Page;
import dev.gsf.report.Stats;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The paper's tables (rows buffer, columns threads, "per-thread (whole)" ms) per socket buffer mode and pairing,
 * speedup-per-thread charts like its Figures 4 and 5, MiB/s charts, and the JSON of every run.
 */
public final class EchoReport {
    /** echo.json: the settings and every cell with its runs. */
    public record Results(String command, List<String> settings, List<Cell> cells) implements MicroResults {
    }

    /** One cell: the statistics over its OK runs, and each run. */
    public record Cell(String pair, String sockbuf, int buffer, int threads, String status, String reason,
                       Stats perThreadMs, Stats wholeMs, Stats mibPerSecond, List<Run> runs) {
    }

    public record Run(String status, double wholeMs, double meanThreadMs, long bytesSent, long bytesEchoed,
                      boolean intact, Buffers clientBuffers, Buffers serverBuffers) {
    }

    /** The socket buffers in force: what getOption said, and what the kernel holds for it. */
    public record Buffers(int getOptionSend, int getOptionReceive, int kernelSend, int kernelReceive) {
        static Buffers of(SocketBuffers.Actual a) {
            return a == null ? null : new Buffers(a.send(), a.receive(), a.kernelSend(), a.kernelReceive());
        }
    }

    private EchoReport() {
    }

    public static Report of(List<EchoCellResult> results, List<String> settings) {
        StringBuilder text = new StringBuilder();
        Page html = new Page("gsf echo: blocking vs non-blocking echo (Viktorov & Dichter)");
        settings.forEach(s -> {
            text.append(s).append('\n');
            html.paragraph(s);
        });
        for (String sockbuf : distinct(results, EchoCellResult::sockbuf)) {
            List<EchoCellResult> mode = results.stream().filter(r -> r.sockbuf().equals(sockbuf)).toList();
            String head = "socket buffers requested: " + sockbuf + "; in force: " + inForce(mode);
            text.append("\n== ").append(head).append(" ==\n");
            html.heading(head);
            for (EchoPair pair : distinct(mode, EchoCellResult::pair)) {
                List<EchoCellResult> cells = mode.stream().filter(r -> r.pair().equals(pair)).toList();
                String title = pair.label() + " (" + pair.description() + "), sockbuf " + sockbuf
                        + ": ms per thread (whole test), ± = stdev of whole / mean";
                String table = table(cells) + failures(cells);
                text.append('\n').append(title).append('\n').append(table);
                html.pre(title + "\n" + table);
                html.chart(speedupChart(pair, sockbuf, cells));
            }
            for (int buffer : distinct(mode, EchoCellResult::buffer)) {
                html.chart(throughputChart(sockbuf, buffer, mode.stream().filter(r -> r.buffer() == buffer).toList()));
            }
        }
        return new Report(text.toString(), json(results, settings), html);
    }

    static String table(List<EchoCellResult> cells) {
        List<Integer> threads = distinct(cells, EchoCellResult::threads);
        List<String> head = new ArrayList<>(List.of("buffer"));
        threads.forEach(t -> head.add(t.toString()));
        TextTable table = new TextTable(head.toArray(String[]::new));
        for (int buffer : distinct(cells, EchoCellResult::buffer)) {
            List<Object> row = new ArrayList<>(List.of(ByteSize.format(buffer)));
            for (int t : threads) {
                row.add(cells.stream().filter(c -> c.buffer() == buffer && c.threads() == t).findFirst()
                        .map(EchoCellResult::cell).orElse("-"));
            }
            table.row(row.toArray());
        }
        return table.render();
    }

    /** One line per buffer size that failed: the threads it failed at and the first failure's reason. */
    private static String failures(List<EchoCellResult> cells) {
        StringBuilder sb = new StringBuilder();
        for (int buffer : distinct(cells, EchoCellResult::buffer)) {
            List<EchoCellResult> failed = cells.stream().filter(c -> c.buffer() == buffer && c.failure() != null)
                    .toList();
            if (!failed.isEmpty()) {
                sb.append("  ").append(ByteSize.format(buffer)).append(" at threads ")
                        .append(failed.stream().map(c -> c.threads() + " " + c.status()).toList())
                        .append(", first: ").append(failed.get(0).failure().reason()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String inForce(List<EchoCellResult> cells) {
        return cells.stream().flatMap(c -> c.runs().stream()).filter(r -> r.clientBuffers() != null).findFirst()
                .map(r -> "client " + r.clientBuffers().describe() + ", server "
                        + (r.serverBuffers() == null ? "?" : r.serverBuffers().describe()))
                .orElse("unknown");
    }

    /** Like the paper's Fig. 4/5: the single-thread per-thread time divided by the per-thread time at N threads. */
    private static LineChart speedupChart(EchoPair pair, String sockbuf, List<EchoCellResult> cells) {
        List<Integer> threads = distinct(cells, EchoCellResult::threads);
        LineChart chart = LineChart.categories(pair.label() + " speedup per thread, sockbuf " + sockbuf,
                "client threads", "T(1) / T(N)/N", threads);
        for (int buffer : distinct(cells, EchoCellResult::buffer)) {
            double[] per = threads.stream().mapToDouble(t -> cells.stream()
                    .filter(c -> c.buffer() == buffer && c.threads() == t && c.failure() == null)
                    .mapToDouble(c -> c.perThread().mean()).findFirst().orElse(Double.NaN)).toArray();
            double base = per[0];
            double[] speedup = new double[per.length];
            for (int i = 0; i < per.length; i++) {
                speedup[i] = base / per[i];
            }
            chart.series(ByteSize.format(buffer), speedup);
        }
        return chart;
    }

    private static LineChart throughputChart(String sockbuf, int buffer, List<EchoCellResult> cells) {
        List<Integer> threads = distinct(cells, EchoCellResult::threads);
        LineChart chart = LineChart.categories("MiB/s echoed, buffer " + ByteSize.format(buffer) + ", sockbuf "
                + sockbuf, "client threads", "MiB/s", threads);
        for (EchoPair pair : distinct(cells, EchoCellResult::pair)) {
            chart.series(pair.label(), threads.stream().mapToDouble(t -> cells.stream()
                    .filter(c -> c.pair().equals(pair) && c.threads() == t && c.failure() == null)
                    .mapToDouble(c -> c.mibPerSecond().mean()).findFirst().orElse(Double.NaN)).toArray());
        }
        return chart;
    }

    private static Results json(List<EchoCellResult> results, List<String> settings) {
        return new Results("echo", settings, results.stream().map(c -> new Cell(c.pair().label(), c.sockbuf(),
                c.buffer(), c.threads(), c.status(), c.failure() == null ? null : c.failure().reason(),
                c.perThread(), c.whole(), c.mibPerSecond(), c.runs().stream().map(r -> new Run(r.status(),
                        r.wholeMs(), r.meanThreadMs(), r.bytesSent(), r.bytesEchoed(), r.intact(),
                        Buffers.of(r.clientBuffers()), Buffers.of(r.serverBuffers()))).toList())).toList());
    }

    private static <T> List<T> distinct(List<EchoCellResult> cells, java.util.function.Function<EchoCellResult, T> f) {
        return new ArrayList<>(new LinkedHashSet<>(cells.stream().map(f).filter(Objects::nonNull).toList()));
    }
}
