package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.Durations;
import dev.gsf.common.options.FileSetOptions;
import dev.gsf.common.options.MixinDefaults;
import dev.gsf.common.options.OutOption;
import dev.gsf.common.options.Phases;
import dev.gsf.common.options.WarmUpOption;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.load.report.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gsf suite}: the original grizzly-sendfile benchmark table, for every algorithm, and a mixed cell per
 * algorithm ({@link MixedCell}: slow and fast clients on one server). Every cell starts a fresh server process, warms
 * it up with the cell's own load (not measured: a fresh JVM is still compiling), drives it with the load generator
 * (this process: the two never share a JVM), verifies every download and stops the server. With {@code --rounds} it
 * does all of that N times. The command parses and checks its options; {@link SuiteCells} runs the cells,
 * {@link SuiteRounds} puts the rounds together and {@link SuiteReport} prints and writes them.
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
         * does: without it each cell measured a server still compiling its send path
         * (docs/results/2026-11-26-jit-fresh-server.md).
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

    /** --pin: each cell's server on some CPUs, the load generator (this process) on the others. */
    @Mixin
    PinOption pin;

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
    record Report(String date, String transport, String phases, String pinning, int cores, int rounds,
                  List<Row> cells, String mixedCell, List<MixedCell.Row> mixed, List<Round> eachRound) {
    }

    /** One round's cells and mixed cells, in the order they ran. */
    record Round(int round, List<Row> cells, List<MixedCell.Row> mixed) {
    }

    @Override
    public Integer call() throws Exception {
        try (Transport transport = Transport.of(tls)) {
            return pin.runPinned("suite", this::limits, (limits, pinning) -> suite(transport, limits, pinning));
        }
    }

    /** The run itself, this process on the client CPUs when pinned. */
    private int suite(Transport transport, List<DownloadLimit> limits, Pinning pinning)
            throws IOException, InterruptedException {
        Phases.Lengths lengths = phases.givenOr(profile.lengths);
        Duration warmUp = this.warmUp.givenOr(profile.warmUp);
        Path dir = files.directory();
        Path manifestFile = files.manifestIn(dir);
        Path out = Files.createDirectories(outDir.directory());
        String phases = phasesLine(lengths, warmUp);
        System.out.println("suite" + (tls ? " over " + transport.label() : "") + ": "
                + (matrix ? algorithms.size() * clients.size() * rates.size() : 0) + " cells"
                + (mixedSlow > 0 ? " and " + algorithms.size() + " mixed" : "")
                + (rounds > 1 ? ", " + rounds + " rounds of each" : "") + "; " + phases
                + "; workers " + workers + "; files " + dir + "\n  " + pinning.describe());

        MixedCell mixedCell = new MixedCell(mixedSlow, MixedCell.DEFAULT.slowRate(), MixedCell.DEFAULT.slowFile(),
                mixedFast, MixedCell.DEFAULT.fastFile(), mixedWorkers);
        SuiteCells cells = new SuiteCells(rounds, algorithms, clients, limits, matrix, workers, mixedCell,
                new CellPlan(dir, manifestFile, lengths, warmUp, transport, pinning));
        List<Round> eachRound;
        try {
            eachRound = cells.run(out);
        } catch (IOException e) {
            System.err.println("gsf suite: the tool failed in " + e.getMessage());
            return TOOL_FAILED;
        }
        return new SuiteReport(tls, phases, pinning, rounds, workers, clients, algorithms, mixedCell)
                .write(eachRound, out);
    }

    /** The --rate limits parsed; IllegalArgumentException names a bad one, or --rounds below 1. */
    private List<DownloadLimit> limits() {
        List<DownloadLimit> limits = new ArrayList<>();
        for (String rate : rates) {
            limits.add(DownloadLimit.parse(rate));
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, not " + rounds);
        }
        return limits;
    }

    /** The warm-up and phases as the header and suite.json state them; the quick profile says what it cuts short. */
    private String phasesLine(Phases.Lengths lengths, Duration warmUp) {
        // The warm-up's load is not measured; each cell's fresh server gets it before the phases.
        return (warmUp.isZero() ? "" : "warm-up " + Durations.format(warmUp) + ", ") + lengths
                + (profile == Profile.quick && !this.phases.given(Phases.STEADY)
                ? " (quick profile: the seed ran 60s ramp-up and 600s steady; at 1MB/s a 100MB download cannot"
                + " finish inside an 8s steady state, so avg speed comes from the largest file that did)" : "");
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
}
