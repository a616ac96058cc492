package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.gsf.common.TestFiles;
import dev.gsf.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code gsf compare --tls} at its smallest: one algorithm beside nginx, one round of 1 s of wrk on 1 KB over HTTPS,
 * both on the certificate the run makes; skipped where wrk or nginx is missing (nothing is installed).
 */
class CompareTlsTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyServerAnswersOverTlsWithoutErrorsAndTheCertificateIsGoneAfterwards(@TempDir Path out) throws Exception {
        assumeThat(Wrk.isInstalled()).as("wrk on the PATH").isTrue();
        assumeThat(Files.isExecutable(NGINX)).as("nginx-light installed").isTrue();
        long certificatesBefore = throwawayCertificates();
        int code = new CommandLine(new CompareCommand()).execute("--tls", "--passes", "wrk", "--algorithms", "ENBA",
                "--files", "1KB.bin", "--rounds", "1", "--duration", "1s", "--warm-up", "1s", "--no-install",
                "--root", TestFiles.fileSet().toString(), "--out", out.toString());
        assertThat(code).isZero();
        CompareCommand.Report report = Json.read(out.resolve("compare.json"), CompareCommand.Report.class);
        assertThat(report.transport()).isEqualTo("https");
        assertThat(report.passes()).singleElement().satisfies(pass -> assertThat(pass.cells())
                .extracting(Measurements.CellReport::server).containsExactly("gsf ENBA", "nginx"));
        for (Measurements.CellReport cell : report.passes().getFirst().cells()) {
            assertThat(cell.errors()).as(cell.toString()).isZero();
            assertThat(cell.medianReqPerSec()).as(cell.toString()).isPositive();
            assertThat(cell.medianCpuSecPerGb()).as(cell.toString()).isPositive();
        }
        // both servers were given the run's certificate, and served only https
        assertThat(Files.readString(out.resolve("compare-gsf-ENBA.log"))).contains("\"tlsPort\":");
        assertThat(Files.readString(out.resolve("nginx/nginx.conf"))).contains(" ssl;", "ssl_protocols TLSv1.3;");
        assertThat(throwawayCertificates()).as("the run's certificate directory is deleted").isEqualTo(certificatesBefore);
    }

    private static long throwawayCertificates() throws Exception {
        try (var dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("gsf-bench-tls-")).count();
        }
    }
}
