package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The benchmark itself works end to end at tiny scale: child servers start, every cell is measured, JSON is written. */
class BenchAlgorithmsCommandTest {

    @Test
    void measuresEveryAlgorithmAgainstRealServerProcesses(@TempDir Path out) throws Exception {
        int code = new CommandLine(new BenchAlgorithmsCommand()).execute("--client", "builtin", "--duration", "1",
                "--rounds", "1", "--connections", "4", "--files", "1KB.bin", "--root",
                TestFiles.fileSet().toString(), "--out", out.toString());
        assertThat(code).isZero();
        String json = Files.readString(out.resolve("bench-algorithms.json"));
        for (String algorithm : new String[] {"SBA", "EBA", "ENBA", "VTA"}) {
            assertThat(json).contains("\"server\": \"" + algorithm);
        }
        assertThat(json).doesNotContain("\"reqPerSec\": [0.0]").contains("\"errors\": 0");
    }

    @Test
    void wrkOutputIsParsedIncludingErrors() throws Exception {
        String output = """
                Running 5s test @ http://127.0.0.1:8080/1KB.bin
                  2 threads and 50 connections
                  41312 requests in 5.00s, 52.81MB read
                  Socket errors: connect 0, read 2, write 0, timeout 1
                  Non-2xx or 3xx responses: 4
                Requests/sec:   8262.40
                Transfer/sec:     10.56MB
                """;
        LoadClient.Result r = Wrk.parse(output);
        assertThat(r.requests()).isEqualTo(41312);
        assertThat(r.seconds()).isEqualTo(5.0);
        assertThat(r.bytes()).isEqualTo((long) (52.81 * 1024 * 1024));
        assertThat(r.errors()).isEqualTo(7);
    }
}
