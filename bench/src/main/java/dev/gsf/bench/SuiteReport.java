package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.bench.SuiteCommand.Report;
import dev.gsf.bench.SuiteCommand.Round;
import dev.gsf.bench.SuiteCommand.Row;
import dev.gsf.report.Json;
import dev.gsf.report.LineChart;
import dev.gsf.report.Page;
import dev.gsf.report.Stats;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The end of {@code gsf suite}: the rounds put together ({@link SuiteRounds}), the table printed, suite.json and
 * suite.html written, then the missed criteria and the exit code's line. The table's line format is also the progress
 * line each cell prints as it ends. Runs on the command's thread.
 *
 * @param tls        whether the cells ran over HTTPS
 * @param phases     the warm-up and phases, as the header and suite.json state them
 * @param pinning    where the servers and the load generator ran
 * @param rounds     how many rounds ran
 * @param workers    the matrix servers' worker pool
 * @param clients    the matrix's client counts, the charts' categories
 * @param algorithms the algorithms, in the tables' order
 * @param mixedCell  the mixed cell, as described above its table
 */
record SuiteReport(boolean tls, String phases, Pinning pinning, int rounds, int workers, List<Integer> clients,
                   List<Algorithm> algorithms, MixedCell mixedCell) {

    /** Prints and writes everything of {@code eachRound} into {@code out}; returns the suite's exit code. */
    int write(List<Round> eachRound, Path out) throws IOException {
        List<Row> rows = SuiteRounds.cells(eachRound, algorithms);
        List<MixedCell.Row> mixed = SuiteRounds.mixed(eachRound, algorithms);
        String table = pinning.describe() + "\n" + table(rows, SuiteRounds.bestShares(eachRound))
                + (mixed.isEmpty() ? ""
                : "\nmixed cell: " + mixedCell.describe() + "\n" + MixedCell.table(mixed));
        System.out.println();
        System.out.print(table);
        Json.write(out.resolve("suite.json"), new Report(Instant.now().toString(), tls ? "https" : "http", phases,
                pinning.describe(), pinning.cores(), rounds, rows,
                mixed.isEmpty() ? null : mixedCell.describe(), mixed, eachRound));
        html(rows, table).write(out.resolve("suite.html"));
        System.out.println("wrote " + out.resolve("suite.json") + " and " + out.resolve("suite.html"));
        return verdict(rows, mixed);
    }

    /** Prints every missed criterion and what the exit code says; returns the exit code. */
    private static int verdict(List<Row> rows, List<MixedCell.Row> mixed) {
        int exit = SuiteCommand.exitCode(Stream.concat(rows.stream(), mixed.stream()).toList());
        rows.stream().filter(r -> !r.missed().isEmpty()).forEach(r -> System.out.println("missed: " + r.algorithm()
                + " " + r.clients() + " clients, limit " + r.limit() + ": " + String.join("; ", r.missed())));
        mixed.stream().filter(r -> !r.missed().isEmpty()).forEach(r -> System.out.println("missed: " + r.algorithm()
                + " mixed cell: " + String.join("; ", r.missed())));
        System.out.println(switch (exit) {
            case SuiteCommand.MEASURED -> "gsf suite: exit 0: every cell measured and met its criteria";
            case SuiteCommand.CRITERION_MISSED -> "gsf suite: exit 1: every cell measured; some missed a criterion"
                    + " (above)";
            default -> "gsf suite: exit 2: some cell could not be measured (see its load.log)";
        });
        return exit;
    }

    /** A table line; {@code bestMBs}: the highest total throughput among the cell's algorithms, NaN for none. */
    static String line(Row r, double bestMBs) {
        return line(r, bestMBs, null);
    }

    /** A table line with the rounds' own "% best" spread beside the median's (null: a line of one round). */
    private static String line(Row r, double bestMBs, Stats bestShares) {
        String spread = SuiteRounds.spread(r.rounds(), r.throughputMinMBs(), r.throughputMaxMBs());
        String shareSpread = r.rounds() == 1 ? "" : bestShares == null ? String.format(Locale.ROOT, " %13s", "")
                : String.format(Locale.ROOT, " [%5.1f-%5.1f]", bestShares.min(), bestShares.max());
        return String.format(Locale.ROOT, "%6d %-7s %-5s %10.3f %10.2f %-10s %12.1f%s %6s%s %10.1f %9d %7d %9.2f",
                r.clients(), r.limit(), r.algorithm(), r.avgInitSeconds(), r.avgSpeedMBs(), r.speedFile(),
                r.throughputMBs(), spread, Double.isNaN(bestMBs) ? "-"
                        : String.format(Locale.ROOT, "%.1f", 100 * r.throughputMBs() / bestMBs), shareSpread,
                r.p99InitMs(), r.downloads(), r.errors(), r.serverCpuMsPerMB());
    }

    /**
     * The table: a line per cell; "% best" is its total throughput as a share of the highest among the algorithms at
     * the same clients and limit, "srv ms/MB" the server's CPU per MB delivered. Over several rounds the figures are
     * medians, with the throughput's min-max beside, and beside "% best" the min-max of each round's own "% best"
     * ({@code bestShares}, by {@link SuiteRounds#cellKey}).
     */
    static String table(List<Row> rows, Map<List<Object>, Stats> bestShares) {
        boolean severalRounds = rows.stream().anyMatch(r -> r.rounds() > 1);
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT,
                "%6s %-7s %-5s %10s %10s %-10s %12s%s %6s%s %10s %9s %7s %9s%n", "conc.", "limit", "alg", "init avg s",
                "speed MB/s", "(file)", "total MB/s", SuiteRounds.spreadHeading(severalRounds), "% best",
                severalRounds ? String.format(Locale.ROOT, " %13s", "[min-max]") : "", "p99 init ms", "downloads",
                "errors", "srv ms/MB"));
        for (Row r : rows) {
            double best = rows.stream().filter(o -> o.clients() == r.clients() && o.limit().equals(r.limit()))
                    .mapToDouble(Row::throughputMBs).filter(mbs -> !Double.isNaN(mbs)).max().orElse(Double.NaN);
            t.append(line(r, best, bestShares.get(SuiteRounds.cellKey(r)))).append('\n');
        }
        return t.toString();
    }

    private Page html(List<Row> rows, String table) {
        Page html = new Page("grizzly-sendfile suite").paragraph(phases + ". Server pool " + workers
                + " workers; " + pinning.cores() + " cores; " + pinning.describe()
                + "; every download verified"
                + (rounds > 1 ? "; each figure the median of " + rounds + " rounds" : "") + ".");
        for (DownloadLimit limit : rows.stream().map(Row::limit).distinct().toList()) {
            html.chart(chart("Total throughput vs clients, limit " + limit, "MB/s", rows, limit, Row::throughputMBs));
            html.chart(chart("Average init time vs clients, limit " + limit, "s", rows, limit, Row::avgInitSeconds));
            html.chart(chart("Server CPU per MB vs clients, limit " + limit, "ms/MB", rows, limit,
                    Row::serverCpuMsPerMB));
        }
        return html.pre(table);
    }

    private LineChart chart(String title, String unit, List<Row> rows, DownloadLimit limit,
                            ToDoubleFunction<Row> figure) {
        LineChart chart = LineChart.categories(title, "concurrent clients", unit, clients);
        for (Algorithm a : algorithms) {
            chart.series(a.name(), clients.stream().mapToDouble(n -> rows.stream()
                    .filter(r -> r.algorithm() == a && r.clients() == n && r.limit().equals(limit))
                    .mapToDouble(figure).findFirst().orElse(Double.NaN)).toArray());
        }
        return chart;
    }
}
