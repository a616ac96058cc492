package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.common.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
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
                files.toString(), "--manifest", TestFiles.committedManifestFile().toString(), "--out", out.toString());
        JsonNode cells = new ObjectMapper().readTree(out.resolve("suite.json").toFile()).path("cells");
        assertThat(cells).hasSize(2);
        for (JsonNode cell : cells) {
            assertThat(cell.path("errors").asLong()).as(cell.toString()).isZero();
            assertThat(cell.path("downloads").asLong()).as(cell.toString()).isPositive();
            assertThat(cell.path("throughputMBs").asDouble()).as(cell.toString()).isPositive();
            assertThat(cell.path("server").asText()).contains(cell.path("algorithm").asText());
        }
        assertThat(code).isZero();
        String html = Files.readString(out.resolve("suite.html"));
        assertThat(html).contains("<svg").contains("Total throughput vs clients").doesNotContain("http://", "https://");
    }
}
