package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.Durations;
import dev.gsf.common.options.FileSetOptions;
import dev.gsf.common.options.MixinDefaults;
import dev.gsf.common.options.OutOption;
import dev.gsf.common.options.Phases;
import dev.gsf.common.options.WarmUpOption;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.load.LoadSession;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.report.Summary;
import dev.gsf.report.Json;
import dev.gsf.report.LineChart;
import dev.gsf.report.Page;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gsf suite}: the original grizzly-sendfile benchmark table, for every algorithm, and a mixed cell per
 * algorithm ({@link MixedCell}: slow and fast clients on one server). Every cell starts a fresh server process, warms
 * it up with the cell's own load (not measured: a fresh JVM is still compiling), drives it with the load generator
 * (this process: the two never share a JVM), verifies every download and stops the server. With {@code --rounds} it
 * does all of that N times ({@link SuiteRounds}).
 */
@Command(name = "suite", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = MixinDefaults.class,
        description = {"Reproduces the seed's benchmark table: algorithm x concurrent clients x download limit, a fresh"
                + " server per cell (pool 50), warmed up by the cell's own load before it is measured (--warm-up),"
                + " the seed's file mix, every download verified; then a mixed cell per"
                + " algorithm: many throttled clients on a large file beside a few unthrottled ones on a smaller file,"
                + " on one server. Writes the tables (with each cell's server CPU per MB), suite.json and suite.html"
                + " (throughput, init time and server CPU per MB against clients, per algorithm and limit).",
                "Exit code: 0 every cell measured and met gsf load's criteria; 1 every cell measured, but some"
                + " missed a criterion (listed at the end; e.g. SBA starved: no download completed in steady state,"
                + " so its error rate has no data); 2 bad input, or the tool failed (a server did not start, a run"
                + " could not take place).",
                "--tls: every cell over HTTPS on a certificate made for the run (a throwaway CA, deleted at the end).",
                "--rounds N: the whole matrix and the mixed cells N times over, each cell's algorithms in a rotated"
                + " order each round; the tables then give medians, the total throughput's min-max and the errors of"
                + " all rounds, and suite.json every round's figures as well."})
public final class SuiteCommand implements Callable<Integer> {
    /** Every cell measured and met its criteria. */
    static final int MEASURED = 0;
    /** Every cell measured; at least one missed a criterion. */
    static final int CRITERION_MISSED = 1;
    /** Bad input, or a cell could not be measured. */
    static final int TOOL_FAILED = 2;

    /** Phase lengths, and the warm-up each cell's fresh server gets before them. */
    enum Profile {
        /**
         * Shortened so that one round of the default matrix (40 cells) and the mixed cells (5) ends in about 19
         * minutes on 2 cores. A 3 s ramp-up does not warm a server up as the seed's minute did, so a 10 s warm-up
         * does: without it each cell measured a server still compiling its send path (docs/benchmarks.md).
         */
        quick(3, 8, 1, 10),
        /** The seed's: 1-minute ramp-up ("so that the server can warm up"), 10-minute steady state. */
        seed(60, 600, 10, 0);

        final Phases.Lengths lengths;
        final Duration warmUp;

        Profile(int rampUpSeconds, int steadySeconds, int rampDownSeconds, int warmUpSeconds) {
            lengths = new Phases.Lengths(Duration.ofSeconds(rampUpSeconds), Duration.ofSeconds(steadySeconds),
                    Duration.ofSeconds(rampDownSeconds));
            warmUp = Duration.ofSeconds(warmUpSeconds);
        }
    }

    @Option(names = "--profile", paramLabel = "quick|seed",
            description = "the lengths of the phases and warm-up not given: quick (3s, 8s, 1s; warm-up 10s) or seed"
                    + " (60s, 600s, 10s; no warm-up) (default: quick)")
    Profile profile = Profile.quick;

    /** Unrecorded load on each cell's fresh server, the cell's own; given, it overrides the profile's. */
    @Mixin
    WarmUpOption warmUp = new WarmUpOption(Profile.quick.warmUp);

    @Option(names = "--algorithms", split = ",", paramLabel = "A,B", description = "any of ${COMPLETION-CANDIDATES} (default: all)")
    List<Algorithm> algorithms = List.of(Algorithm.values());

    @Option(names = "--clients", split = ",", paramLabel = "N,M", description = "concurrent clients (default: 50,100,200,300)")
    List<Integer> clients = List.of(50, 100, 200, 300);

    @Option(names = "--rate", split = ",", paramLabel = "LIMIT", description = "download limits per client (default: none,1MB/s)")
    List<String> rates = List.of("none", "1MB/s");

    @Option(names = "--workers", paramLabel = "N", description = "server worker pool (default: 50, the seed's)")
    int workers = 50;

    @Option(names = "--matrix", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run the seed's matrix; --no-matrix: the mixed cell alone (default: true)")
    boolean matrix;

    @Option(names = "--mixed-slow", paramLabel = "N",
            description = "mixed cell: clients at 50KB/s on 20MB.bin; 0: no mixed cell (default: 1000)")
    int mixedSlow = MixedCell.DEFAULT.slowClients();

    @Option(names = "--mixed-fast", paramLabel = "N",
            description = "mixed cell: unthrottled clients on 1MB.bin beside them (default: 20)")
    int mixedFast = MixedCell.DEFAULT.fastClients();

    @Option(names = "--mixed-workers", paramLabel = "N", description = "mixed cell: server worker pool (default: 8)")
    int mixedWorkers = MixedCell.DEFAULT.workers();

    @Option(names = "--tls", description = "every cell over HTTPS (TLS 1.3) on a throwaway certificate")
    boolean tls;

    @Option(names = "--rounds", paramLabel = "N", description = "runs of every cell, the algorithms' order rotated"
            + " each round; more than 1: the tables give medians and the throughput's min-max (default: 1)")
    int rounds = 1;

    /** Each given phase overrides the profile's; the defaults shown are the quick profile's. */
    @Mixin
    Phases phases = new Phases(Profile.quick.lengths);

    @Mixin
    FileSetOptions files;

    /** suite.json, suite.html and each cell's reports. */
    @Mixin
    OutOption outDir = new OutOption(() -> Path.of("results", "suite"));

    /**
     * One cell's figures, from the load generator's {@link Summary}; or, over several rounds, their medians
     * ({@link SuiteRounds}).
     *
     * @param server the Server header the cell's server answered with
     * @param throughputMinMBs the lowest round's total throughput (the one round's when {@code rounds} is 1)
     * @param throughputMaxMBs the highest round's
     * @param rounds how many rounds the figures are from
     * @param serverCpuMsPerMB the server process's CPU time (user and system, all its threads, JIT and GC included)
     *                         per MB delivered during steady state; NaN where /proc did not tell
     * @param downloads steady-state downloads, of all rounds
     * @param errors failed downloads, of all rounds
     * @param missed the criteria the cell missed, each with what was measured; empty when it met them all
     * @param exitCode what {@code gsf load} would have exited with (the worst round's)
     */
    record Row(int clients, DownloadLimit limit, Algorithm algorithm, String server, double avgInitSeconds,
               double avgSpeedMBs, String speedFile, double throughputMBs, double throughputMinMBs,
               double throughputMaxMBs, int rounds, double serverCpuMsPerMB, double p99InitMs, long downloads,
               long errors, List<String> missed, int exitCode) implements Judged {
    }

    /**
     * suite.json; transport "http", or "https" for a --tls run. {@code cells} and {@code mixed} are the tables' rows
     * (medians over the rounds when there were more than one); {@code eachRound} has every round's own.
     */
    record Report(String date, String transport, String phases, int cores, int rounds, List<Row> cells,
                  String mixedCell, List<MixedCell.Row> mixed, List<Round> eachRound) {
    }

    /** One round's cells and mixed cells, in the order they ran. */
    record Round(int round, List<Row> cells, List<MixedCell.Row> mixed) {
    }

    @Override
    public Integer call() throws Exception {
        try (Transport transport = Transport.of(tls)) {
            return run(transport);
        }
    }

    private int run(Transport transport) throws IOException, InterruptedException {
        Phases.Lengths lengths = phases.givenOr(profile.lengths);
        List<DownloadLimit> limits = new ArrayList<>();
        try {
            for (String rate : rates) {
                limits.add(DownloadLimit.parse(rate));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("gsf suite: " + e.getMessage());
            return TOOL_FAILED;
        }
        if (rounds < 1) {
            System.err.println("gsf suite: --rounds must be at least 1, not " + rounds);
            return TOOL_FAILED;
        }
        Duration warmUp = this.warmUp.givenOr(profile.warmUp);
        Path dir = files.directory();
        Path manifestFile = files.manifestIn(dir);
        Path out = Files.createDirectories(outDir.directory());
        // The warm-up's load is not measured; each cell's fresh server gets it before the phases.
        String phases = (warmUp.isZero() ? "" : "warm-up " + Durations.format(warmUp) + ", ") + lengths
                + (profile == Profile.quick && !this.phases.given(Phases.STEADY)
                ? " (quick profile: the seed ran 60s ramp-up and 600s steady; at 1MB/s a 100MB download cannot"
                + " finish inside an 8s steady state, so avg speed comes from the largest file that did)" : "");
        System.out.println("suite" + (tls ? " over " + transport.label() : "") + ": "
                + (matrix ? algorithms.size() * clients.size() * rates.size() : 0) + " cells"
                + (mixedSlow > 0 ? " and " + algorithms.size() + " mixed" : "")
                + (rounds > 1 ? ", " + rounds + " rounds of each" : "") + "; " + phases
                + "; workers " + workers + "; files " + dir);

        CellPlan cellPlan = new CellPlan(dir, manifestFile, lengths, warmUp, transport);
        MixedCell mixedCell = new MixedCell(mixedSlow, MixedCell.DEFAULT.slowRate(), MixedCell.DEFAULT.slowFile(),
                mixedFast, MixedCell.DEFAULT.fastFile(), mixedWorkers);
        List<Round> eachRound = new ArrayList<>();
        try {
            for (int round = 1; round <= rounds; round++) {
                eachRound.add(round(round, limits, mixedCell, cellPlan, out));
            }
        } catch (IOException e) {
            System.err.println("gsf suite: the tool failed in round " + (eachRound.size() + 1) + " " + e.getMessage());
            return TOOL_FAILED;
        }
        List<Row> rows = SuiteRounds.cells(eachRound, algorithms);
        List<MixedCell.Row> mixed = SuiteRounds.mixed(eachRound, algorithms);
        String table = table(rows) + (mixed.isEmpty() ? ""
                : "\nmixed cell: " + mixedCell.describe() + "\n" + MixedCell.table(mixed));
        System.out.println();
        System.out.print(table);
        Json.write(out.resolve("suite.json"), new Report(Instant.now().toString(), tls ? "https" : "http", phases,
                Runtime.getRuntime().availableProcessors(), rounds, rows,
                mixed.isEmpty() ? null : mixedCell.describe(), mixed, eachRound));
        html(rows, phases, table).write(out.resolve("suite.html"));
        System.out.println("wrote " + out.resolve("suite.json") + " and " + out.resolve("suite.html"));
        int exit = exitCode(Stream.concat(rows.stream(), mixed.stream()).toList());
        rows.stream().filter(r -> !r.missed().isEmpty()).forEach(r -> System.out.println("missed: " + r.algorithm()
                + " " + r.clients() + " clients, limit " + r.limit() + ": " + String.join("; ", r.missed())));
        mixed.stream().filter(r -> !r.missed().isEmpty()).forEach(r -> System.out.println("missed: " + r.algorithm()
                + " mixed cell: " + String.join("; ", r.missed())));
        System.out.println(switch (exit) {
            case MEASURED -> "gsf suite: exit 0: every cell measured and met its criteria";
            case CRITERION_MISSED -> "gsf suite: exit 1: every cell measured; some missed a criterion (above)";
            default -> "gsf suite: exit 2: some cell could not be measured (see its load.log)";
        });
        return exit;
    }

    /** A measured cell: the criteria it missed, and what gsf load would have exited with. */
    interface Judged {
        List<String> missed();

        int exitCode();
    }

    /** {@link #TOOL_FAILED} when a cell's run could not take place, else whether every cell met its criteria. */
    static int exitCode(List<? extends Judged> rows) {
        if (rows.stream().anyMatch(r -> r.exitCode() == LoadCommand.BAD_INPUT)) {
            return TOOL_FAILED;
        }
        return rows.stream().allMatch(r -> r.missed().isEmpty()) ? MEASURED : CRITERION_MISSED;
    }

    /** Every cell and mixed cell once, the algorithms' order rotated by the round; its reports in round-N/. */
    private Round round(int round, List<DownloadLimit> limits, MixedCell mixedCell, CellPlan cellPlan, Path out)
            throws IOException, InterruptedException {
        Path roundDir = rounds == 1 ? out : Files.createDirectories(out.resolve("round-" + round));
        // Rotated: no algorithm always runs first (right after the generator's own warm-up) or last.
        List<Algorithm> order = SuiteRounds.rotated(algorithms, round - 1);
        if (rounds > 1) {
            System.out.println("round " + round + " of " + rounds + ": " + order);
        }
        List<Row> cells = new ArrayList<>();
        try {
            for (DownloadLimit limit : matrix ? limits : List.<DownloadLimit>of()) {
                for (int n : clients) {
                    for (Algorithm algorithm : order) {
                        Row r = cell(algorithm, n, limit, cellPlan, roundDir);
                        cells.add(r);
                        System.out.println(String.format(Locale.ROOT, "  %s", format(r, Double.NaN)));
                    }
                }
            }
        } catch (IOException e) {
            throw new IOException("after " + cells.size() + " cell(s): " + e.getMessage(), e);
        }
        List<MixedCell.Row> mixed = new ArrayList<>();
        try {
            for (Algorithm algorithm : mixedSlow > 0 ? order : List.<Algorithm>of()) {
                System.out.println("  mixed " + algorithm + ": " + mixedCell.describe() + " ...");
                mixed.add(mixedCell.run(algorithm, cellPlan, roundDir));
            }
        } catch (IOException e) {
            throw new IOException("in the mixed cell: " + e.getMessage(), e);
        }
        return new Round(round, cells, mixed);
    }

    /** One cell measured once (after its warm-up), its reports in {@code roundDir}. */
    private Row cell(Algorithm algorithm, int n, DownloadLimit limit, CellPlan cellPlan, Path roundDir)
            throws IOException, InterruptedException {
        Path cellDir = Files.createDirectories(roundDir.resolve(algorithm + "-" + n + "-"
                + limit.toString().replace('/', '_')));
        LoadSession.Outcome load;
        double serverCores;
        try (ServerProcess server = cellServer(algorithm, cellPlan.files(), workers, cellDir, cellPlan.transport())) {
            Target target = Target.parse(server.url());
            if (cellPlan.warms()) {
                CellPlan.warmedUp(InProcessLoad.run(cellPlan.warmingUp(target, "", n, limit.bytesPerSecond(),
                        cellDir)), cellDir);
            }
            try (Footprint footprint = new Footprint(server.process())) {
                load = InProcessLoad.run(cellPlan.measured(target, "", n, limit.bytesPerSecond(), cellDir));
                serverCores = steadyCores(footprint, load.first());
            }
        }
        Summary s = load.first();
        RunMetrics m = s.result.metrics();
        List<String> missed = load.verdicts().get(0).stream().filter(v -> !v.passed())
                .map(v -> v.name() + " " + v.limit() + ": " + v.note()).toList();
        return new Row(n, limit, algorithm, s.result.server(), s.avgInitSeconds(), s.avgSpeedMBs(),
                s.headline == null ? "-" : s.headline.name(), s.throughputMBs, s.throughputMBs, s.throughputMBs, 1,
                1000 * serverCores / s.throughputMBs, s.initPercentileMs(99), m.steadyDownloads(), m.errorCount(),
                missed, LoadCommand.exitCode(load));
    }

    /**
     * The server's CPU during the run's steady state, in cores busy: on 2 cores the load generator, which verifies
     * every byte, takes most of the machine and caps the throughput, so what each algorithm costs the server shows
     * here rather than in MB/s.
     */
    private static double steadyCores(Footprint footprint, Summary run) {
        RunClock clock = run.result.clock();
        var phases = run.result.phases();
        return footprint.cpuCoresBetween((long) clock.epochMillis(phases, phases.steadyStart()),
                (long) clock.epochMillis(phases, phases.steadyEnd()));
    }

    /**
     * A cell's server: a fresh process of {@code algorithm} on {@code files} (with its TLS port over https), its log
     * in the cell's directory.
     */
    static ServerProcess cellServer(Algorithm algorithm, Path files, int workers, Path cellDir, Transport transport)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--root", files.toString(), "--algorithm", algorithm.name(),
                "--workers", Integer.toString(workers),
                // Every body through its algorithm: the small-file fast path would measure the HTTP thread instead.
                "--" + ServerConfig.Key.INLINE_MAX.name, "0"));
        args.addAll(transport.serveFlags());
        return ServerProcess.start("gsf " + algorithm, args, cellDir.resolve("server.log"));
    }

    /** A table line; {@code bestMBs}: the highest total throughput among the cell's algorithms, NaN for none. */
    private static String format(Row r, double bestMBs) {
        String spread = SuiteRounds.spread(r.rounds(), r.throughputMinMBs(), r.throughputMaxMBs());
        return String.format(Locale.ROOT, "%6d %-7s %-5s %10.3f %10.2f %-10s %12.1f%s %6s %10.1f %9d %7d %9.2f",
                r.clients(), r.limit(), r.algorithm(), r.avgInitSeconds(), r.avgSpeedMBs(), r.speedFile(),
                r.throughputMBs(), spread, Double.isNaN(bestMBs) ? "-"
                        : String.format(Locale.ROOT, "%.1f", 100 * r.throughputMBs() / bestMBs),
                r.p99InitMs(), r.downloads(), r.errors(), r.serverCpuMsPerMB());
    }

    /**
     * The table: a line per cell; "% best" is its total throughput as a share of the highest among the algorithms at
     * the same clients and limit, "srv ms/MB" the server's CPU per MB delivered. Over several rounds the figures are
     * medians, with the throughput's min-max beside.
     */
    static String table(List<Row> rows) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT,
                "%6s %-7s %-5s %10s %10s %-10s %12s%s %6s %10s %9s %7s %9s%n", "conc.", "limit", "alg", "init avg s",
                "speed MB/s", "(file)", "total MB/s",
                SuiteRounds.spreadHeading(rows.stream().anyMatch(r -> r.rounds() > 1)), "% best", "p99 init ms",
                "downloads", "errors", "srv ms/MB"));
        for (Row r : rows) {
            double best = rows.stream().filter(o -> o.clients() == r.clients() && o.limit().equals(r.limit()))
                    .mapToDouble(Row::throughputMBs).filter(mbs -> !Double.isNaN(mbs)).max().orElse(Double.NaN);
            t.append(format(r, best)).append('\n');
        }
        return t.toString();
    }

    private Page html(List<Row> rows, String phases, String table) {
        Page html = new Page("grizzly-sendfile suite").paragraph(phases + ". Server pool " + workers
                + " workers; " + Runtime.getRuntime().availableProcessors() + " cores; every download verified"
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
