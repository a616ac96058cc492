package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The benchmark itself works end to end at tiny scale: child servers start, every cell is measured, JSON is written. */
class BenchAlgorithmsCommandTest {

    @Test
    void measuresEveryAlgorithmAgainstRealServerProcesses(@TempDir Path out) throws Exception {
        // No warm-up (10 s a server unless given), as before there was one: nothing here reads what it changes, and
        // its second per server was 5 of the class's 10 s of unthrottled load on both cores. A cold server answers
        // thousands of 1 KB GETs in its measured second. ComparePinnedTest and CompareTlsTest run a warm-up (wrk's).
        int code = new CommandLine(new BenchAlgorithmsCommand()).execute("--client", "builtin", "--duration", "1",
                "--rounds", "1", "--warm-up", "0", "--connections", "4", "--files", "1KB.bin", "--root",
                TestFiles.fileSet().toString(), "--out", out.toString());
        assertThat(code).isZero();
        var report = Json.read(out.resolve("bench-algorithms.json"), BenchAlgorithmsCommand.Report.class);
        // the server's default (zero-copy) is labelled by the algorithm's name alone
        assertThat(report.cells()).extracting(Measurements.CellReport::server)
                .containsExactly("SBA", "EBA", "ENBA", "VTA", "ADA");
        assertThat(report.reference()).isEqualTo("SBA");
        assertThat(report.cells()).allSatisfy(cell -> {
            assertThat(cell.file()).isEqualTo("1KB.bin");
            assertThat(cell.reqPerSec()).hasSize(1).allSatisfy(r -> assertThat(r).isPositive());
            assertThat(cell.medianReqPerSec()).isEqualTo(cell.reqPerSec().get(0));
            assertThat(cell.errors()).isZero();
        });
        // each child server announced itself through the handshake, whose settings went to its log
        // ... and every body went through its algorithm: the small-file fast path is off
        assertThat(Files.readString(out.resolve("bench-server-SBA.log"))).contains("\"algorithm\":\"SBA\"")
                .contains("\"inline-max\":\"0\"");
    }

    @Test
    void aVariantIsNamedByItsAlgorithmAndZeroCopyOnlyWhenItIsNotTheDefault() {
        assertThat(new BenchAlgorithmsCommand.Variant(Algorithm.ENBA, true).label()).isEqualTo("ENBA");
        assertThat(new BenchAlgorithmsCommand.Variant(Algorithm.ENBA, false).label()).isEqualTo("ENBA (copy)");
    }

    @Test
    void iperf3sJsonIsReadForTheSendersRate() {
        String json = """
                {"start": {}, "end": {"sum_sent": {"bytes": 1, "bits_per_second": 8.0e10},
                 "sum_received": {"bits_per_second": 7.9e10}}}""";
        assertThat(LoopbackLimit.gigabytesPerSecond(json)).isEqualTo(10.0);
        assertThat(LoopbackLimit.gigabytesPerSecond("{\"error\": \"unable to connect\"}")).isNaN();
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
