package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "EBA,VTA", "--clients", "4",
                "--rate", "none", "--ramp-up", "1s", "--steady", "2s", "--ramp-down", "1s", "--root",
                files.toString(), "--manifest", TestFiles.committedManifestFile().toString(), "--out", out.toString(),
                "--mixed-slow", "6", "--mixed-fast", "2", "--mixed-workers", "8");
        // typed: a key missing from suite.json fails the read instead of reading as 0
        SuiteCommand.Report report = Json.read(out.resolve("suite.json"), SuiteCommand.Report.class);
        assertThat(report.cells()).extracting(Row::algorithm).containsExactly(Algorithm.EBA, Algorithm.VTA);
        for (Row cell : report.cells()) {
            assertThat(cell.errors()).as(cell.toString()).isZero();
            assertThat(cell.downloads()).as(cell.toString()).isPositive();
            assertThat(cell.throughputMBs()).as(cell.toString()).isPositive();
            assertThat(cell.avgInitSeconds()).as(cell.toString()).isPositive();
            assertThat(cell.p99InitMs()).as(cell.toString()).isPositive();
            assertThat(cell.server()).isEqualTo("grizzly-sendfile/0.1 (" + cell.algorithm() + ")");
            assertThat(cell.missed()).isEmpty();
            assertThat(cell.exitCode()).isEqualTo(LoadCommand.PASSED);
        }
        // the mixed cell: both groups at once on one server; the slow ones near their rate, the fast ones served
        assertThat(report.mixed()).extracting(MixedCell.Row::algorithm).containsExactly(Algorithm.EBA, Algorithm.VTA);
        for (MixedCell.Row mixed : report.mixed()) {
            assertThat(mixed.slowPercent()).as(mixed.toString()).isBetween(50.0, 115.0);
            assertThat(mixed.fastMBs()).as(mixed.toString()).isPositive();
            assertThat(mixed.slowErrors() + mixed.fastErrors()).as(mixed.toString()).isZero();
            assertThat(mixed.missed()).isEmpty();
        }
        assertThat(report.mixedCell())
                .isEqualTo("6 clients at 50KB/s on 20MB.bin beside 2 unthrottled on 1MB.bin, 8 workers");
        assertThat(code).isEqualTo(SuiteCommand.MEASURED);
        // every body went through its algorithm: the small-file fast path is off in every cell's server
        try (var logs = Files.find(out, 2, (path, attributes) -> path.endsWith("server.log"))) {
            assertThat(logs.toList()).hasSize(4)
                    .allSatisfy(log -> assertThat(Files.readString(log)).contains("\"inline-max\":\"0\""));
        }
        String html = Files.readString(out.resolve("suite.html"));
        assertThat(html).contains("<svg").contains("Total throughput vs clients").doesNotContain("http://", "https://");
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
    void aServerThatCannotStartIsAToolFailure(@TempDir Path out) {
        int code = new CommandLine(new SuiteCommand()).execute("--algorithms", "SBA", "--clients", "1", "--rate",
                "none", "--steady", "1s", "--root", out.resolve("missing").toString(), "--manifest",
                TestFiles.committedManifestFile().toString(), "--out", out.toString());
        assertThat(code).isEqualTo(SuiteCommand.TOOL_FAILED);
    }

    private static Row row(List<String> missed, int exitCode) {
        return new Row(4, DownloadLimit.NONE, Algorithm.SBA, "grizzly-sendfile/0.1 (SBA)", 0.1, 1, "1KB.bin", 10, 5, 100, 0,
                missed, exitCode);
    }
}
