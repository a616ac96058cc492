package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.bench.SuiteCommand.Round;
import dev.gsf.bench.SuiteCommand.Row;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.load.LoadSession;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.report.Summary;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The suite's schedule, run: every round, in each every cell of the matrix (limit, then clients, then algorithm) and
 * then every mixed cell, the algorithms' order rotated by the round; each cell on a fresh server, warmed up and
 * measured. Runs on the command's thread and blocks for all of it.
 *
 * @param rounds     how many times the whole schedule runs
 * @param algorithms the algorithms in the first round's order
 * @param clients    the matrix's client counts
 * @param limits     the matrix's download limits
 * @param matrix     whether the matrix runs at all
 * @param workers    the matrix servers' worker pool
 * @param mixedCell  the mixed cell, run when it has slow clients
 * @param plan       what every cell shares
 */
record SuiteCells(int rounds, List<Algorithm> algorithms, List<Integer> clients, List<DownloadLimit> limits,
                  boolean matrix, int workers, MixedCell mixedCell, CellPlan plan) {

    /** Every round; an IOException names the round it stopped in and what had run of it. */
    List<Round> run(Path out) throws IOException, InterruptedException {
        List<Round> eachRound = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            try {
                eachRound.add(round(round, out));
            } catch (IOException e) {
                throw new IOException("round " + round + " " + e.getMessage(), e);
            }
        }
        return eachRound;
    }

    /** Every cell and mixed cell once, the algorithms' order rotated by the round; its reports in round-N/. */
    private Round round(int round, Path out) throws IOException, InterruptedException {
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
                        Row r = cell(algorithm, n, limit, roundDir);
                        cells.add(r);
                        System.out.println(String.format(Locale.ROOT, "  %s", SuiteReport.line(r, Double.NaN)));
                    }
                }
            }
        } catch (IOException e) {
            throw new IOException("after " + cells.size() + " cell(s): " + e.getMessage(), e);
        }
        List<MixedCell.Row> mixed = new ArrayList<>();
        try {
            for (Algorithm algorithm : mixedCell.slowClients() > 0 ? order : List.<Algorithm>of()) {
                System.out.println("  mixed " + algorithm + ": " + mixedCell.describe() + " ...");
                mixed.add(mixedCell.run(algorithm, plan, roundDir));
            }
        } catch (IOException e) {
            throw new IOException("in the mixed cell: " + e.getMessage(), e);
        }
        return new Round(round, cells, mixed);
    }

    /** One cell measured once (after its warm-up), its reports in {@code roundDir}. */
    private Row cell(Algorithm algorithm, int n, DownloadLimit limit, Path roundDir)
            throws IOException, InterruptedException {
        Path cellDir = Files.createDirectories(roundDir.resolve(algorithm + "-" + n + "-"
                + limit.toString().replace('/', '_')));
        LoadSession.Outcome load;
        double serverCores;
        try (ServerProcess server = cellServer(algorithm, plan, workers, cellDir)) {
            Target target = Target.parse(server.url());
            if (plan.warms()) {
                CellPlan.warmedUp(InProcessLoad.run(plan.warmingUp(target, "", n, limit.bytesPerSecond(),
                        cellDir)), cellDir);
            }
            try (Footprint footprint = new Footprint(server.process())) {
                load = InProcessLoad.run(plan.measured(target, "", n, limit.bytesPerSecond(), cellDir));
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
     * A cell's server: a fresh process of {@code algorithm} on the plan's files (with its TLS port over https) and
     * CPUs, its log in the cell's directory.
     */
    static ServerProcess cellServer(Algorithm algorithm, CellPlan plan, int workers, Path cellDir)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--root", plan.files().toString(), "--algorithm", algorithm.name(),
                "--workers", Integer.toString(workers),
                // Every body through its algorithm: the small-file fast path would measure the HTTP thread instead.
                "--" + ServerConfig.Key.INLINE_MAX.name, "0"));
        args.addAll(plan.transport().serveFlags());
        return ServerProcess.start("gsf " + algorithm, args, cellDir.resolve("server.log"), plan.pin());
    }
}
