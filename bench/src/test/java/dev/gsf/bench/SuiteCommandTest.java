package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.common.Manifest;
import dev.gsf.common.TestFiles;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.bench.SuiteCommand.Row;
import dev.gsf.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A two-cell suite end to end: fresh server processes, verified downloads, the table's figures in suite.json. */
class SuiteCommandTest {

    @Test
    void aTinyMatrixRunsEveryCellAgainstAFreshServerAndReportsIt(@TempDir Path out) throws Exception {
        Path files = TestFiles.fileSet();
        // Short ramps and warm-up: each cell's unthrottled load takes the cores for its whole length, and only the
        // steady state is measured (3 s: the server's CPU is sampled once a second). One client per cell: a cell's
        // figures come out of one client's downloads as of four, and four unthrottled ones took both cores for each
        // cell where one takes about one (the clients' count is passed through to the load like its other options).
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "EBA,VTA", "--clients", "1",
                "--rate", "none", "--ramp-up", "300ms", "--steady", "3s", "--ramp-down", "300ms", "--root",
                files.toString(), "--manifest", TestFiles.committedManifestFile().toString(), "--out", out.toString(),
                "--mixed-slow", "6", "--mixed-fast", "2", "--mixed-workers", "8", "--warm-up", "500ms");
        // typed: a key missing from suite.json fails the read instead of reading as 0
        SuiteCommand.Report report = Json.read(out.resolve("suite.json"), SuiteCommand.Report.class);
        assertThat(report.cells()).extracting(Row::algorithm).containsExactly(Algorithm.EBA, Algorithm.VTA);
        assertThat(report.rounds()).isEqualTo(1);
        assertThat(report.eachRound()).singleElement().satisfies(round -> assertThat(round.cells())
                .isEqualTo(report.cells()));
        for (Row cell : report.cells()) {
            assertThat(cell.errors()).as(cell.toString()).isZero();
            assertThat(cell.downloads()).as(cell.toString()).isPositive();
            assertThat(cell.throughputMBs()).as(cell.toString()).isPositive();
            assertThat(cell.avgInitSeconds()).as(cell.toString()).isPositive();
            assertThat(cell.p99InitMs()).as(cell.toString()).isPositive();
            assertThat(cell.server()).isEqualTo("grizzly-sendfile/0.1 (" + cell.algorithm() + ")");
            assertThat(cell.missed()).isEmpty();
            assertThat(cell.exitCode()).isEqualTo(LoadCommand.PASSED);
            assertThat(cell.rounds()).isEqualTo(1);
            assertThat(cell.throughputMinMBs()).isEqualTo(cell.throughputMBs()).isEqualTo(cell.throughputMaxMBs());
            // the server process's own CPU in steady state, from /proc once a second (3 s: 3 or 4 samples)
            assertThat(cell.serverCpuMsPerMB()).as(cell.toString()).isPositive().isFinite();
        }
        // the mixed cell: both groups at once on one server; the slow ones near their rate, the fast ones served
        assertThat(report.mixed()).extracting(MixedCell.Row::algorithm).containsExactly(Algorithm.EBA, Algorithm.VTA);
        for (MixedCell.Row mixed : report.mixed()) {
            // Near their rate, and throttled: a 3 s window of throttled clients came out at 120.7% in one CI run (the
            // window's edges and the throttle's burst weigh much in 3 s); unthrottled it is many times the rate.
            assertThat(mixed.slowPercent()).as(mixed.toString()).isBetween(50.0, 140.0);
            assertThat(mixed.fastMBs()).as(mixed.toString()).isPositive();
            assertThat(mixed.slowErrors() + mixed.fastErrors()).as(mixed.toString()).isZero();
            assertThat(mixed.missed()).isEmpty();
        }
        assertThat(report.mixedCell())
                .isEqualTo("6 clients at 50KB/s on 20MB.bin beside 2 unthrottled on 1MB.bin, 8 workers");
        // each fresh server was loaded before its measured run: every cell's and both mixed groups' warm-up
        assertThat(report.phases()).startsWith("warm-up 500ms, ramp-up 300ms, steady 3s");
        for (String cell : List.of("EBA-1-none", "VTA-1-none", "EBA-mixed/slow", "EBA-mixed/fast", "VTA-mixed/slow",
                "VTA-mixed/fast")) {
            JsonNode warmUp = new ObjectMapper().readTree(out.resolve(cell).resolve("warm-up").resolve("summary.json")
                    .toFile()).path("runs").path(0).path("summary");
            assertThat(warmUp.path("completed").asLong() + warmUp.path("cutAtEnd").asLong()).as(cell).isPositive();
            assertThat(warmUp.path("errors").asLong()).as(cell).isZero();
        }
        assertThat(code).isEqualTo(SuiteCommand.MEASURED);
        // every body went through its algorithm: the small-file fast path is off in every cell's server
        try (var logs = Files.find(out, 2, (path, attributes) -> path.endsWith("server.log"))) {
            assertThat(logs.toList()).hasSize(4)
                    .allSatisfy(log -> assertThat(Files.readString(log)).contains("\"inline-max\":\"0\""));
        }
        String html = Files.readString(out.resolve("suite.html"));
        assertThat(html).contains("<svg").contains("Total throughput vs clients", "Server CPU per MB vs clients")
                .doesNotContain("http://", "https://");
    }

    @Test
    void exitCodesTellAMissedCriterionFromAToolFailure() {
        Row measured = row(List.of(), LoadCommand.PASSED);
        Row starved = row(List.of("max-error-rate <= 0%: no data: nothing was measured for it"), LoadCommand.FAILED);
        Row aborted = row(List.of(), LoadCommand.BAD_INPUT);
        assertThat(SuiteCommand.exitCode(List.of(measured, measured))).isEqualTo(SuiteCommand.MEASURED);
        assertThat(SuiteCommand.exitCode(List.of(measured, starved))).isEqualTo(SuiteCommand.CRITERION_MISSED);
        assertThat(SuiteCommand.exitCode(List.of(starved, aborted))).isEqualTo(SuiteCommand.TOOL_FAILED);
    }

    @Test
    void noRoundsIsBadInput(@TempDir Path out) {
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "SBA", "--rounds", "0", "--root",
                TestFiles.fileSet().toString(), "--manifest", TestFiles.committedManifestFile().toString(), "--out",
                out.toString());
        assertThat(code).isEqualTo(SuiteCommand.TOOL_FAILED);
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void theWarmUpIsTheProfilesUnlessGiven_underEitherName() {
        assertThat(warmUpParsed()).hasSeconds(10);
        assertThat(warmUpParsed("--profile", "seed")).isZero();
        assertThat(warmUpParsed("--profile", "seed", "--warmup", "3s")).hasSeconds(3);
        assertThat(warmUpParsed("--warm-up", "0")).isZero();
    }

    /** The warm-up each cell gets for these arguments, as the command resolves it (parsed, nothing run). */
    private static java.time.Duration warmUpParsed(String... args) {
        SuiteCommand suite = new SuiteCommand();
        new CommandLine(suite).parseArgs(args);
        return suite.warmUp.givenOr(suite.profile.warmUp);
    }

    @Test
    void aServerThatCannotStartIsAToolFailure(@TempDir Path out) {
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "SBA", "--clients", "1", "--rate",
                "none", "--steady", "1s", "--warm-up", "0", "--root", out.resolve("missing").toString(), "--manifest",
                TestFiles.committedManifestFile().toString(), "--out", out.toString());
        assertThat(code).isEqualTo(SuiteCommand.TOOL_FAILED);
    }

    /**
     * Four cells of 1.6 s: rounds, rotation and medians need downloads counted in each, not the cores. So the clients
     * are held to 1MB/s on the set's three smallest files: unthrottled on the whole set, they took both cores for
     * every cell (and once counted no download in 1 s at load 24-42, the clients busy with 100MB.bin).
     */
    @Test
    void roundsRotateTheAlgorithmsAndTheTableGivesMediansWithTheirSpread(@TempDir Path out, @TempDir Path dir)
            throws Exception {
        Path files = TestFiles.fileSet();
        Path small = dir.resolve("MD5SUMS");
        new Manifest(TestFiles.committedManifest().entries().stream()
                .filter(e -> List.of("1KB.bin", "200KB.bin", "500KB.bin").contains(e.name())).toList()).write(small);
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "EBA,ADA", "--clients", "2",
                "--rate", "1MB/s", "--rounds", "2", "--ramp-up", "300ms", "--steady", "1s", "--ramp-down", "300ms",
                "--root", files.toString(), "--manifest", small.toString(), "--out", out.toString(), "--mixed-slow",
                "0", "--warm-up", "0");
        SuiteCommand.Report report = Json.read(out.resolve("suite.json"), SuiteCommand.Report.class);
        assertThat(code).isEqualTo(SuiteCommand.MEASURED);
        assertThat(report.rounds()).isEqualTo(2);
        assertThat(report.eachRound()).extracting(SuiteCommand.Round::round).containsExactly(1, 2);
        assertThat(report.eachRound().get(0).cells()).extracting(Row::algorithm)
                .containsExactly(Algorithm.EBA, Algorithm.ADA);
        assertThat(report.eachRound().get(1).cells()).extracting(Row::algorithm)
                .containsExactly(Algorithm.ADA, Algorithm.EBA);
        // the table's rows: one per cell in the given order, each the two rounds together
        assertThat(report.cells()).extracting(Row::algorithm).containsExactly(Algorithm.EBA, Algorithm.ADA);
        for (Row cell : report.cells()) {
            List<Row> measured = report.eachRound().stream().flatMap(r -> r.cells().stream())
                    .filter(r -> r.algorithm() == cell.algorithm()).toList();
            assertThat(measured).hasSize(2).allSatisfy(r -> assertThat(r.rounds()).isEqualTo(1));
            assertThat(cell.rounds()).isEqualTo(2);
            assertThat(cell.downloads()).isEqualTo(measured.get(0).downloads() + measured.get(1).downloads());
            assertThat(cell.throughputMinMBs()).isPositive()
                    .isEqualTo(Math.min(measured.get(0).throughputMBs(), measured.get(1).throughputMBs()));
            assertThat(cell.throughputMaxMBs())
                    .isEqualTo(Math.max(measured.get(0).throughputMBs(), measured.get(1).throughputMBs()));
            assertThat(cell.throughputMBs()).isBetween(cell.throughputMinMBs(), cell.throughputMaxMBs());
            assertThat(cell.errors()).isZero();
        }
        // each round's reports in a directory of its own
        assertThat(out.resolve("round-1").resolve("EBA-2-1MB_s").resolve("server.log")).exists();
        assertThat(out.resolve("round-2").resolve("ADA-2-1MB_s").resolve("server.log")).exists();
        assertThat(Files.readString(out.resolve("suite.html"))).contains("[min-max]");
        assertThat(report.phases()).startsWith("ramp-up 300ms");
        assertThat(out.resolve("round-1").resolve("EBA-2-1MB_s").resolve("warm-up")).doesNotExist();
    }

    @Test
    void aCellsRoundsTogetherKeepEveryRoundsErrorsAndMissedCriteria() {
        Row first = new Row(300, DownloadLimit.NONE, Algorithm.ADA, "s", 0.2, 3.5, "20MB.bin", 700, 700, 700, 1, 0.25, 250,
                400, 0, List.of(), LoadCommand.PASSED);
        Row second = new Row(300, DownloadLimit.NONE, Algorithm.ADA, "s", 0.4, 9.0, "100MB.bin", 600, 600, 600, 1, 0.35, 410,
                380, 2, List.of("max-error-rate <= 0%: 0.53%"), LoadCommand.FAILED);
        Row third = new Row(300, DownloadLimit.NONE, Algorithm.ADA, "s", 0.3, 3.7, "20MB.bin", 650, 650, 650, 1, 0.30, 300,
                390, 0, List.of(), LoadCommand.PASSED);
        Row together = SuiteRounds.median(List.of(first, second, third));
        assertThat(together.throughputMBs()).isEqualTo(650);
        assertThat(together.throughputMinMBs()).isEqualTo(600);
        assertThat(together.throughputMaxMBs()).isEqualTo(700);
        assertThat(together.avgInitSeconds()).isEqualTo(0.3);
        assertThat(together.p99InitMs()).isEqualTo(300);
        assertThat(together.serverCpuMsPerMB()).isEqualTo(0.30);
        // the speed of the file most rounds measured, not a median across files
        assertThat(together.speedFile()).isEqualTo("20MB.bin");
        assertThat(together.avgSpeedMBs()).isEqualTo(3.6);
        assertThat(together.downloads()).isEqualTo(1170);
        assertThat(together.errors()).isEqualTo(2);
        assertThat(together.missed()).containsExactly("round 2: max-error-rate <= 0%: 0.53%");
        assertThat(together.exitCode()).isEqualTo(LoadCommand.FAILED);
        assertThat(together.rounds()).isEqualTo(3);
        assertThat(SuiteRounds.rotated(List.of("a", "b", "c"), 1)).containsExactly("b", "c", "a");

        MixedCell.Row mixed = SuiteRounds.mixedMedian(List.of(
                new MixedCell.Row(Algorithm.ADA, 100.4, 900, 0, 520, 520, 520, 1, 40, 0, List.of(), LoadCommand.PASSED),
                new MixedCell.Row(Algorithm.ADA, 99.8, 950, 1, 480, 480, 480, 1, 45, 0,
                        List.of("slow: 1 failed downloads"), LoadCommand.FAILED)));
        assertThat(mixed.fastMBs()).isEqualTo(500);
        assertThat(mixed.fastMinMBs()).isEqualTo(480);
        assertThat(mixed.fastMaxMBs()).isEqualTo(520);
        assertThat(mixed.slowPercent()).isCloseTo(100.1, offset(1e-9));
        assertThat(mixed.slowErrors()).isEqualTo(1);
        assertThat(mixed.missed()).containsExactly("round 2: slow: 1 failed downloads");
        assertThat(MixedCell.table(List.of(mixed))).contains("[ 480.0- 520.0]");
    }

    @Test
    void theTableGivesEachCellsShareOfTheBestAtItsClientsAndLimit() {
        Row sba = new Row(100, DownloadLimit.NONE, Algorithm.SBA, "s", 1, 9, "100MB.bin", 800, 800, 800, 1, 0.42, 1900, 300,
                0, List.of(), LoadCommand.PASSED);
        Row ada = new Row(100, DownloadLimit.NONE, Algorithm.ADA, "s", 0.02, 9, "100MB.bin", 600, 600, 600, 1, 0.3, 50, 300,
                0, List.of(), LoadCommand.PASSED);
        Row alone = new Row(200, DownloadLimit.NONE, Algorithm.ADA, "s", 0.02, 9, "100MB.bin", 500, 500, 500, 1, 0.3, 50,
                300, 0, List.of(), LoadCommand.PASSED);
        List<String> lines = SuiteReport.table(List.of(sba, ada, alone), java.util.Map.of()).lines().toList();
        assertThat(lines.get(0)).contains("% best").endsWith("srv ms/MB").doesNotContain("[min-max]");
        assertThat(lines.get(1)).contains(" 800.0  100.0 ").endsWith(" 0.42");
        assertThat(lines.get(2)).contains(" 600.0   75.0 ");
        assertThat(lines.get(3)).contains(" 500.0  100.0 ");
    }

    @Test
    void besideEachCellsShareOfTheBestIsTheSpreadOfItsRoundsOwnShares() {
        // round 1: ADA at 75% of SBA; round 2: ADA the best, SBA at 7/8 of it
        SuiteCommand.Round first = new SuiteCommand.Round(1, List.of(cell(Algorithm.SBA, 800), cell(Algorithm.ADA, 600)),
                List.of());
        SuiteCommand.Round second = new SuiteCommand.Round(2, List.of(cell(Algorithm.ADA, 800),
                cell(Algorithm.SBA, 700)), List.of());
        var shares = SuiteRounds.bestShares(List.of(first, second));
        assertThat(shares.get(SuiteRounds.cellKey(cell(Algorithm.ADA, 0))).min()).isEqualTo(75.0);
        assertThat(shares.get(SuiteRounds.cellKey(cell(Algorithm.ADA, 0))).max()).isEqualTo(100.0);
        assertThat(shares.get(SuiteRounds.cellKey(cell(Algorithm.SBA, 0))).min()).isEqualTo(87.5);
        List<String> lines = SuiteReport.table(SuiteRounds.cells(List.of(first, second),
                List.of(Algorithm.SBA, Algorithm.ADA)), shares).lines().toList();
        assertThat(lines.get(0)).contains("% best     [min-max]");
        // the medians' share (SBA's 750 the best, ADA's 700 at 93.3%), then the rounds' own shares
        assertThat(lines.get(1)).contains(" 750.0 [ 700.0- 800.0]  100.0 [ 87.5-100.0] ");
        assertThat(lines.get(2)).contains(" 700.0 [ 600.0- 800.0]   93.3 [ 75.0-100.0] ");
    }

    private static Row cell(Algorithm algorithm, double mbs) {
        return new Row(100, DownloadLimit.NONE, algorithm, "s", 0.1, 9, "100MB.bin", mbs, mbs, mbs, 1, 0.3, 50, 300, 0,
                List.of(), LoadCommand.PASSED);
    }

    private static Row row(List<String> missed, int exitCode) {
        return new Row(4, DownloadLimit.NONE, Algorithm.SBA, "grizzly-sendfile/0.1 (SBA)", 0.1, 1, "1KB.bin", 10, 10,
                10, 1, 0.3, 5, 100, 0, missed, exitCode);
    }
}
