package dev.gsf.micro.echo;

import dev.gsf.common.ByteSize;
import dev.gsf.micro.common.SocketBuffers;
import dev.gsf.micro.report.HtmlPage;
import dev.gsf.micro.report.Report;
import dev.gsf.micro.report.SvgChart;
import dev.gsf.micro.report.TextTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The paper's tables (rows buffer, columns threads, "per-thread (whole)" ms) per socket buffer mode and pairing,
 * speedup-per-thread charts like its Figures 4 and 5, MiB/s charts, and the JSON of every run.
 */
public final class EchoReport {
    private EchoReport() {
    }

    public static Report of(List<EchoCellResult> results, List<String> settings) {
        StringBuilder text = new StringBuilder();
        HtmlPage html = new HtmlPage("gsf echo: blocking vs non-blocking echo (Viktorov & Dichter)");
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
                html.svg(speedupChart(pair, sockbuf, cells));
            }
            for (int buffer : distinct(mode, EchoCellResult::buffer)) {
                html.svg(throughputChart(sockbuf, buffer, mode.stream().filter(r -> r.buffer() == buffer).toList()));
            }
        }
        return new Report("echo", text.toString(), json(results, settings), html);
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
    private static String speedupChart(EchoPair pair, String sockbuf, List<EchoCellResult> cells) {
        List<Integer> threads = distinct(cells, EchoCellResult::threads);
        Map<String, double[]> series = new LinkedHashMap<>();
        for (int buffer : distinct(cells, EchoCellResult::buffer)) {
            double[] per = threads.stream().mapToDouble(t -> cells.stream()
                    .filter(c -> c.buffer() == buffer && c.threads() == t && c.failure() == null)
                    .mapToDouble(c -> c.perThread().mean()).findFirst().orElse(Double.NaN)).toArray();
            double base = per[0];
            double[] speedup = new double[per.length];
            for (int i = 0; i < per.length; i++) {
                speedup[i] = base / per[i];
            }
            series.put(ByteSize.format(buffer), speedup);
        }
        return SvgChart.lines(pair.label() + " speedup per thread, sockbuf " + sockbuf, "client threads",
                "T(1) / T(N)/N", threads.stream().map(String::valueOf).toList(), series);
    }

    private static String throughputChart(String sockbuf, int buffer, List<EchoCellResult> cells) {
        List<Integer> threads = distinct(cells, EchoCellResult::threads);
        Map<String, double[]> series = new LinkedHashMap<>();
        for (EchoPair pair : distinct(cells, EchoCellResult::pair)) {
            series.put(pair.label(), threads.stream().mapToDouble(t -> cells.stream()
                    .filter(c -> c.pair().equals(pair) && c.threads() == t && c.failure() == null)
                    .mapToDouble(c -> c.mibPerSecond().mean()).findFirst().orElse(Double.NaN)).toArray());
        }
        return SvgChart.lines("MiB/s echoed, buffer " + ByteSize.format(buffer) + ", sockbuf " + sockbuf,
                "client threads", "MiB/s", threads.stream().map(String::valueOf).toList(), series);
    }

    private static Map<String, Object> json(List<EchoCellResult> results, List<String> settings) {
        List<Object> cells = new ArrayList<>();
        for (EchoCellResult c : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pair", c.pair().label());
            m.put("sockbuf", c.sockbuf());
            m.put("buffer", c.buffer());
            m.put("threads", c.threads());
            m.put("status", c.status());
            m.put("reason", c.failure() == null ? null : c.failure().reason());
            m.put("perThreadMs", c.perThread().toJson());
            m.put("wholeMs", c.whole().toJson());
            m.put("mibPerSecond", c.mibPerSecond().toJson());
            List<Object> runs = new ArrayList<>();
            for (EchoRun r : c.runs()) {
                Map<String, Object> rm = new LinkedHashMap<>();
                rm.put("status", r.status());
                rm.put("wholeMs", r.wholeMs());
                rm.put("meanThreadMs", r.meanThreadMs());
                rm.put("bytesSent", r.bytesSent());
                rm.put("bytesEchoed", r.bytesEchoed());
                rm.put("intact", r.intact());
                rm.put("clientBuffers", buffers(r.clientBuffers()));
                rm.put("serverBuffers", buffers(r.serverBuffers()));
                runs.add(rm);
            }
            m.put("runs", runs);
            cells.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", "echo");
        root.put("settings", settings);
        root.put("cells", cells);
        return root;
    }

    private static Object buffers(SocketBuffers.Actual a) {
        return a == null ? null : Map.of("getOptionSend", a.send(), "getOptionReceive", a.receive(),
                "kernelSend", a.kernelSend(), "kernelReceive", a.kernelReceive());
    }

    private static <T> List<T> distinct(List<EchoCellResult> cells, java.util.function.Function<EchoCellResult, T> f) {
        return new ArrayList<>(new LinkedHashSet<>(cells.stream().map(f).filter(Objects::nonNull).toList()));
    }
}
