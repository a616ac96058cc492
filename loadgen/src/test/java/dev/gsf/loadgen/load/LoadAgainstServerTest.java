package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.server.FileServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** `gsf load` against our real file server on a loopback port. */
@Timeout(60)
class LoadAgainstServerTest {
    @RegisterExtension
    static final ServedFiles served = ServedFiles.byOurServer();

    @Test
    void aShortRunVerifiesEveryDownloadWithZeroErrors(@TempDir Path out) throws Exception {
        var run = served.load(out, "--clients", "4", "--think", LoadFixture.PACED_THINK, "--ramp-up", "200ms",
                "--steady", "1s", "--ramp-down", "200ms", "--interval", "250ms");

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode s = run.summary();
        // at least one per client: the count itself depends on how busy the machine is (12 seen at load 13)
        assertThat(s.required("steadyDownloads").doubleValue()).isGreaterThanOrEqualTo(4);
        assertThat(s.required("errors").doubleValue()).isZero();
        assertThat(s.required("algorithm").asText()).isEqualTo("SBA");
        assertThat(run.run().required("server").asText()).isEqualTo("grizzly-sendfile/0.1 (SBA)");
        // every file of the mix was downloaded and verified in steady state
        JsonNode files = run.run().required("files");
        assertThat(files).hasSize(3).allSatisfy(f -> assertThat(f.required("downloads").longValue()).isPositive());
        // bytes received in steady state cover at least the bodies of the downloads counted there
        double bodies = 0;
        for (JsonNode f : files) {
            bodies += f.required("downloads").doubleValue() * f.required("length").doubleValue();
        }
        assertThat(s.required("steadyBytes").doubleValue()).isGreaterThanOrEqualTo(bodies * 0.99);
        assertThat(run.out()).contains("RESULT: PASSED");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<svg").doesNotContain("<script src")
                .doesNotContain("http://cdn");
    }

    @Test
    void summaryJsonParsesAndAgreesWithTheTextSummary(@TempDir Path out) throws Exception {
        var run = served.load(out, "--clients", "3", "--think", LoadFixture.PACED_THINK, "--ramp-up", "300ms",
                "--steady", "800ms", "--ramp-down", "300ms", "--runs", "2");

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode runs = run.json().required("runs");
        assertThat(runs).hasSize(2);
        String text = Files.readString(out.resolve("summary.txt"));
        // The seed's table row of run 1: clients, limit, algorithm, avg init (s), avg speed, throughput.
        Matcher row = Pattern.compile("(?m)^3\\s+none\\s+SBA\\s+(\\S+)\\s+(\\S+) \\((\\S+)\\)\\s+(\\S+)$").matcher(text);
        assertThat(row.find()).as(text).isTrue();
        JsonNode s = runs.required(0).required("summary");
        assertThat(row.group(1)).isEqualTo(String.format(java.util.Locale.ROOT, "%.4f", s.required("avgInitSeconds").doubleValue()));
        assertThat(row.group(2)).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f", s.required("avgSpeedMBs").doubleValue()));
        assertThat(row.group(3)).isEqualTo(s.required("avgSpeedFile").asText()).isEqualTo("256KB.bin");
        assertThat(row.group(4)).isEqualTo(String.format(java.util.Locale.ROOT, "%.2f", s.required("totalThroughputMBs").doubleValue()));
        Matcher steady = Pattern.compile("steady state \\S+ s: (\\d+) downloads \\(\\S+\\), (\\d+) errors").matcher(text);
        assertThat(steady.find()).isTrue();
        assertThat(Long.parseLong(steady.group(1))).isEqualTo(s.required("steadyDownloads").longValue());
        assertThat(Long.parseLong(steady.group(2))).isEqualTo(s.required("steadyErrors").longValue());
        assertThat(runs.required(0).required("passed").booleanValue()).isTrue();
        assertThat(text).contains("spread over 2 runs");
    }

    @Test
    void aCorruptedFileIsCaughtAsMd5ErrorsAndFailsTheRun(@TempDir Path out, @TempDir Path corrupt) throws Exception {
        Path manifestOfGoodFiles = LoadFixture.files(corrupt, LoadFixture.SMALL);
        try (var ch = Files.newByteChannel(corrupt.resolve("64KB.bin"), StandardOpenOption.WRITE)) {
            ch.position(30_000).write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})); // same length, wrong bytes
        }
        try (FileServer corrupted = LoadFixture.serve(corrupt)) {
            var run = load(out, "--url", LoadFixture.url(corrupted), "--manifest", manifestOfGoodFiles.toString(),
                    "--clients", "3", "--think", LoadFixture.PACED_THINK, "--ramp-up", "200ms", "--steady", "800ms",
                    "--ramp-down", "200ms");

            assertThat(run.exitCode()).isEqualTo(LoadCommand.FAILED);
            assertThat(run.errors("md5")).isPositive();
            for (String other : List.of("connect", "status", "header", "length", "timeout", "reset")) {
                assertThat(run.errors(other)).as(other).isZero();
            }
            assertThat(run.log()).contains("first md5 error: 64KB.bin: MD5");
            assertThat(run.out()).contains("FAIL max-error-rate").contains("RESULT: FAILED");
            // the good files still verify
            JsonNode files = run.run().required("files");
            assertThat(files.required(0).required("downloads").longValue()).isPositive();
            assertThat(files.required(1).required("downloads").longValue()).isZero();
        }
    }

    @Test
    void throttledClientsReadAtRoughlyTheTargetRate(@TempDir Path out) throws Exception {
        // 1 MB at 512 KB/s: each download takes about 2 s (16 buckets of the default 64 KB), far longer than
        // unthrottled; the file has a manifest of its own so that the other tests keep their small mix.
        dev.gsf.common.FileSet.ensure(served.root(), List.of(new dev.gsf.common.FileSet.Spec("1MB.bin", 1 << 20)));
        Path oneMegabyte = served.root().resolve("MD5SUMS.1MB");
        dev.gsf.common.Manifest.of(served.root(), List.of("1MB.bin")).write(oneMegabyte);
        var run = load(out, "--url", served.url(), "--manifest", oneMegabyte.toString(), "--clients", "4",
                "--rate", "512KB/s", "--ramp-up", "200ms", "--steady", "5s", "--ramp-down", "200ms",
                "--max-rate-deviation", "30%");

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode s = run.summary();
        double target = 0.5; // MB/s
        assertThat(s.required("actualRateMBs").doubleValue()).isBetween(target * 0.7, target * 1.15);
        // the aggregate cannot beat 4 clients x 512 KB/s by much (the bucket allows one burst each)
        assertThat(s.required("totalThroughputMBs").doubleValue()).isBetween(4 * target * 0.5, 4 * target * 1.15);
        assertThat(run.out()).contains("throttle: target 512KB/s per client");
    }

    @Test
    void phaseAccountingCountsOnlySteadyStateDownloads(@TempDir Path out) throws Exception {
        // 2 clients, one 1 KB download every ~200 ms each: ~20 in a 2 s steady state, ~40 in the 4 s run.
        var run = served.load(out, "--mix", "1KB.bin", "--clients", "2", "--think", "200ms", "--ramp-up", "1s",
                "--steady", "2s", "--ramp-down", "1s");

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode s = run.summary();
        double steady = s.required("steadyDownloads").doubleValue();
        // At most 2 x (2 s / 200 ms) start and end inside steady state, however fast the server is...
        assertThat(steady).isBetween(6.0, 21.0);
        // ...while ramp-up and ramp-down (another 2 s) add downloads that must not count.
        assertThat(s.required("completed").doubleValue()).isGreaterThanOrEqualTo(steady + 4);
        assertThat(s.required("downloadsPerSecond").doubleValue()).isEqualTo(steady / 2.0);
    }

    @Test
    void theOpenModelMeasuresFromTheIntendedStart(@TempDir Path out) throws Exception {
        // 20 arrivals/s but one connection that needs ~250 ms per download: arrivals queue, and their waiting time
        // must show in the init time (a closed-model client would report ~250 ms and hide the backlog).
        var run = served.load(out, "--mix", "256KB.bin", "--clients", "1", "--threads", "1", "--arrival-rate", "20/s",
                "--rate", "1MB/s", "--burst", "16K", "--ramp-up", "0s", "--steady", "3s", "--ramp-down", "0s",
                "--max-p90-init", "400ms");

        assertThat(run.exitCode()).isEqualTo(LoadCommand.FAILED);
        assertThat(run.run().required("initMs").required("p90").doubleValue()).isGreaterThan(700);
        assertThat(run.summary().required("notStarted").longValue()).isGreaterThan(20);
        assertThat(run.out()).contains("FAIL max-p90-init <= 400ms");
    }
}
