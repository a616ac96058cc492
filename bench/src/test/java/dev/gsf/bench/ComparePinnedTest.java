package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.gsf.common.TestFiles;
import dev.gsf.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import picocli.CommandLine;

/**
 * {@code gsf compare --pin} at its smallest: one algorithm beside nginx, two rounds of 1 s of wrk on 1 KB, the servers
 * on the first CPU and wrk on the others, no warm-up (CompareTlsTest runs one; here it was 2 s of wrk on both cores
 * that nothing read); skipped where wrk or nginx is missing, or on one CPU.
 */
@Isolated("moves this whole JVM to the client CPUs for the run")
class ComparePinnedTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theServersRunOnTheFirstCpuNginxWithOneWorker_andEveryRoundsCpuPerRequestIsKept(@TempDir Path out)
            throws Exception {
        assumeThat(Wrk.isInstalled()).as("wrk on the PATH").isTrue();
        assumeThat(Files.isExecutable(NGINX)).as("nginx-light installed").isTrue();
        List<Integer> allowed = Pinning.allowedCpus();
        assumeThat(allowed.size()).as("two CPUs or more").isGreaterThan(1);
        int code = new CommandLine(new CompareCommand()).execute("--pin=" + allowed.getFirst(), "--passes", "wrk",
                "--algorithms", "ENBA", "--files", "1KB.bin", "--rounds", "2", "--duration", "1s", "--warm-up", "0",
                "--no-install", "--root", TestFiles.fileSet().toString(), "--out", out.toString());
        assertThat(code).isZero();
        CompareCommand.Report report = Json.read(out.resolve("compare.json"), CompareCommand.Report.class);
        assertThat(report.pinning()).startsWith("pinned: servers on CPU " + allowed.getFirst() + " (taskset -c ");
        assertThat(Files.readString(out.resolve("nginx/nginx.conf"))).contains("worker_processes 1;");
        for (Measurements.CellReport cell : report.passes().getFirst().cells()) {
            assertThat(cell.errors()).as(cell.toString()).isZero();
            assertThat(cell.cpuUsPerReq()).as(cell.toString()).hasSize(2).allSatisfy(us -> assertThat(us).isPositive());
            assertThat(cell.medianCpuUsPerReq()).as(cell.toString()).isPositive();
        }
        assertThat(Pinning.allowedCpus()).as("this JVM is back on its CPUs").isEqualTo(allowed);
    }
}
