package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.LoadSession;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.report.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The suite's mixed cell, the case the seed's table never had: on one server, many slow clients download a large file
 * at a throttled rate while a few unthrottled clients download a smaller one, both groups at once from ramp-up to
 * ramp-down. A good algorithm keeps the slow clients at their rate and still gives the fast ones throughput; one
 * whose pool the slow clients pin (SBA) starves both. Both groups run in this process, on threads of their own.
 *
 * @param slowClients clients throttled to {@code slowRate} on {@code slowFile}
 * @param fastClients unthrottled clients on {@code fastFile}
 * @param workers     the server's worker pool
 */
record MixedCell(int slowClients, DownloadLimit slowRate, String slowFile, int fastClients, String fastFile,
                 int workers) {

    /** The cell: 1,000 clients at 50 KB/s on 20 MB beside 20 unthrottled clients on 1 MB, 8 workers. */
    static final MixedCell DEFAULT = new MixedCell(1000, new DownloadLimit(50 << 10), "20MB.bin", 20, "1MB.bin", 8);

    /**
     * One algorithm's result. The slow group's downloads outlast a short steady state (20 MB at 50 KB/s is 400 s), so
     * its error rate has no data; what counts is its throughput against its target and that no download failed.
     *
     * @param slowPercent the slow group's steady-state throughput as a share of its target (clients x rate)
     * @param fastMBs     the fast group's steady-state throughput (over several rounds, the median)
     * @param fastMinMBs  the lowest round's (the one round's when {@code rounds} is 1)
     * @param fastMaxMBs  the highest round's
     * @param rounds      how many rounds the figures are from; errors are of all of them
     * @param missed      what went wrong: failed downloads in either group, a fast group that completed none
     * @param exitCode    {@link LoadCommand#BAD_INPUT} when either run could not take place, else 0 or 1 by missed
     */
    record Row(Algorithm algorithm, double slowPercent, double slowP99InitMs, long slowErrors, double fastMBs,
               double fastMinMBs, double fastMaxMBs, int rounds, double fastP99InitMs, long fastErrors,
               List<String> missed, int exitCode)
            implements SuiteCommand.Judged {
    }

    String describe() {
        return String.format(Locale.ROOT, "%d clients at %s on %s beside %d unthrottled on %s, %d workers",
                slowClients, slowRate, slowFile, fastClients, fastFile, workers);
    }

    /**
     * Starts a server of {@code algorithm}, warms it up with both groups at once (if the plan warms), runs both groups
     * against it at once, stops it.
     */
    Row run(Algorithm algorithm, CellPlan plan, Path out) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(out.resolve(algorithm + "-mixed"));
        LoadSession.Outcome[] both;
        try (ServerProcess server = SuiteCells.cellServer(algorithm, plan, workers, dir)) {
            Target target = Target.parse(server.url());
            long slowRate = this.slowRate.bytesPerSecond();
            if (plan.warms()) {
                LoadSession.Outcome[] warm = atOnce(plan.warmingUp(target, slowFile, slowClients, slowRate,
                        dir.resolve("slow")), plan.warmingUp(target, fastFile, fastClients, 0, dir.resolve("fast")));
                CellPlan.warmedUp(warm[0], dir.resolve("slow"));
                CellPlan.warmedUp(warm[1], dir.resolve("fast"));
            }
            both = atOnce(plan.measured(target, slowFile, slowClients, slowRate, dir.resolve("slow")),
                    plan.measured(target, fastFile, fastClients, 0, dir.resolve("fast")));
        }
        LoadSession.Outcome slow = both[0];
        LoadSession.Outcome fast = both[1];
        Summary s = slow.first();
        Summary f = fast.first();
        List<String> missed = new ArrayList<>();
        if (s.result.metrics().errorCount() > 0) {
            missed.add("slow: " + s.result.metrics().errorCount() + " failed downloads");
        }
        if (f.result.metrics().errorCount() > 0) {
            missed.add("fast: " + f.result.metrics().errorCount() + " failed downloads");
        }
        if (f.result.metrics().steadyDownloads() == 0) {
            missed.add("fast: no download completed in the steady state (starved)");
        }
        boolean ran = LoadCommand.exitCode(slow) != LoadCommand.BAD_INPUT
                && LoadCommand.exitCode(fast) != LoadCommand.BAD_INPUT;
        return new Row(algorithm, 100 * s.throughputMBs / s.targetThroughputMBs, s.initPercentileMs(99),
                s.result.metrics().errorCount(), f.throughputMBs, f.throughputMBs, f.throughputMBs, 1,
                f.initPercentileMs(99),
                f.result.metrics().errorCount(), missed,
                !ran ? LoadCommand.BAD_INPUT : missed.isEmpty() ? LoadCommand.PASSED : LoadCommand.FAILED);
    }

    /** The slow group's run (on a thread of its own) and the fast group's at once: their outcomes, slow first. */
    private static LoadSession.Outcome[] atOnce(LoadPlan slowPlan, LoadPlan fastPlan)
            throws IOException, InterruptedException {
        CompletableFuture<LoadSession.Outcome> slowRun = new CompletableFuture<>();
        Thread.ofPlatform().name("mixed-slow").start(() -> {
            try {
                slowRun.complete(InProcessLoad.run(slowPlan));
            } catch (Throwable t) {
                slowRun.completeExceptionally(t);
            }
        });
        LoadSession.Outcome fast = InProcessLoad.run(fastPlan);
        return new LoadSession.Outcome[] {awaitRun(slowRun), fast};
    }

    private static LoadSession.Outcome awaitRun(CompletableFuture<LoadSession.Outcome> run)
            throws IOException, InterruptedException {
        try {
            return run.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /** A whole number of milliseconds, "-" when none was measured (no download of the group completed). */
    private static String millis(double ms) {
        return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.0f", ms);
    }

    /** The mixed cells' table; over several rounds the figures are medians, with the fast group's min-max beside. */
    static String table(List<Row> rows) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%-5s %14s %14s %11s %14s%s %14s %11s%n",
                "alg", "slow % target", "slow p99 ms", "slow errors", "fast MB/s",
                SuiteRounds.spreadHeading(rows.stream().anyMatch(r -> r.rounds() > 1)), "fast p99 ms", "fast errors"));
        for (Row r : rows) {
            t.append(String.format(Locale.ROOT, "%-5s %14.1f %14s %11d %14.1f%s %14s %11d%n", r.algorithm(),
                    r.slowPercent(), millis(r.slowP99InitMs()), r.slowErrors(), r.fastMBs(),
                    SuiteRounds.spread(r.rounds(), r.fastMinMBs(), r.fastMaxMBs()), millis(r.fastP99InitMs()),
                    r.fastErrors()));
        }
        return t.toString();
    }
}
