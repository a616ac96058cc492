package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.merge.Merge;
import dev.gsf.loadgen.merge.MergedResult;
import dev.gsf.report.Json;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** `gsf load --url https://…` against a real HTTPS server (the JDK's) with certificates made at test time. */
@Timeout(60)
class HttpsLoadTest {
    @RegisterExtension
    static final ServedFiles served = ServedFiles.byTlsPeer(LoadFixture.SMALL, "trusted", "ip:127.0.0.1,dns:localhost");

    /** The peer's certificate, as --ca takes it. */
    private static String trusted() {
        return served.identity().certificatePem().toString();
    }

    /** A certificate for the same address that nobody trusts. */
    private static TlsPeer.Identity stranger() throws Exception {
        return served.identity("stranger", "ip:127.0.0.1");
    }

    @ParameterizedTest(name = "tls-provider {0}")
    @ValueSource(strings = {"openssl", "jdk"})
    void aRunOverHttpsTrustingTheCaVerifiesEveryDownloadAndTimesItsHandshakes(String provider, @TempDir Path out)
            throws Exception {
        // a ramp-up of 1 s: one of 300 ms saw no handshake at load 8 to 17
        var run = load(out, "--url", served.url(), "--ca", trusted(), "--manifest", served.manifest().toString(),
                "--clients", "4", "--think", LoadFixture.PACED_THINK, "--threads", "1", "--ramp-up", "1s", "--steady",
                "1500ms", "--ramp-down", "200ms", "--interval", "100ms", "--tls-provider", provider);
        assertThat(run.log()).contains("tls-provider=" + provider);

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        JsonNode s = run.summary();
        assertThat(s.required("steadyDownloads").longValue()).isGreaterThanOrEqualTo(4);
        assertThat(s.required("errors").longValue()).isZero();
        assertThat(run.run().required("files")).allSatisfy(f -> assertThat(f.required("downloads").longValue())
                .as(f.toString()).isPositive()); // every file's MD5 checked over TLS, the 256 KB one across records
        JsonNode tls = run.run().required("tls");
        assertThat(tls.required("handshakes").longValue()).isGreaterThanOrEqualTo(4); // one per client's connection
        assertThat(tls.required("certificatesVerified").booleanValue()).isTrue();
        JsonNode handshakeMs = tls.required("handshakeMs");
        assertThat(handshakeMs.required("count").longValue()).isEqualTo(tls.required("handshakes").longValue());
        assertThat(handshakeMs.required("max").doubleValue()).isPositive();
        assertThat(intervalHandshakes(run.run())).as("the time series' handshakes")
                .isEqualTo(tls.required("handshakes").longValue());
        JsonNode perSecond = tls.required("handshakesPerSecond");
        assertThat(perSecond.required("rampUp").doubleValue()).isPositive(); // the clients connect in the ramp-up
        assertThat(perSecond.required("peak").doubleValue()).isGreaterThanOrEqualTo(
                perSecond.required("rampUp").doubleValue());
        assertThat(Files.readString(out.resolve("summary.txt"))).contains("tls handshake (ms)")
                .containsPattern("tls: \\d+ handshakes \\(\\d+ resumed a session\\), all phases; \\d+ a second on"
                        + " average over the ramp-up, \\d+ at most in one interval");
    }

    @Test
    void mergedSegmentsOfAnHttpsRunCountEveryAgentsHandshakes(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("agent-0");
        Path b = dir.resolve("agent-1");
        long handshakes = 0;
        long resumed = 0;
        for (Path agent : List.of(a, b)) {
            var run = load(agent, "--url", served.url(), "--ca", trusted(), "--manifest", served.manifest().toString(),
                    "--mix", "1KB.bin", "--clients", "6", "--think", LoadFixture.PACED_THINK, "--threads", "1",
                    "--ramp-up", "300ms", "--steady", "600ms", "--ramp-down", "0s", "--segment",
                    agent == a ? "0/2" : "1/2");
            assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
            JsonNode tls = run.run().required("tls");
            assertThat(tls.required("handshakes").longValue()).isGreaterThanOrEqualTo(3); // one per client at least
            assertThat(loggedHandshakes(agent)).isEqualTo(tls.required("handshakes").longValue());
            handshakes += tls.required("handshakes").longValue();
            resumed += tls.required("resumed").longValue();
        }
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

        MergedResult merged = Merge.of(List.of(a, b)).writeTo(dir.resolve("merged"), quiet, quiet);

        assertThat(merged.exitCode()).isZero();
        JsonNode tls = Json.tree(dir.resolve("merged").resolve("summary.json")).required("runs").required(0)
                .required("tls");
        assertThat(tls.required("handshakes").longValue()).isEqualTo(handshakes);
        assertThat(tls.required("resumed").longValue()).isEqualTo(resumed);
        assertThat(tls.required("handshakeMs").required("count").longValue()).isEqualTo(handshakes);
        assertThat(tls.required("certificatesVerified").booleanValue()).isTrue();
        assertThat(loggedHandshakes(dir.resolve("merged"))).isEqualTo(handshakes);
        assertThat(intervalHandshakes(Json.tree(dir.resolve("merged").resolve("summary.json")).required("runs")
                .required(0))).as("the merged time series' handshakes").isEqualTo(handshakes);
        assertThat(Files.readString(dir.resolve("merged").resolve("summary.txt")))
                .contains("tls: " + handshakes + " handshakes (" + resumed + " resumed a session)");
    }

    /** The handshakes of a run's time series (summary.json's intervals), summed. */
    private static long intervalHandshakes(JsonNode run) {
        long sum = 0;
        for (JsonNode interval : run.required("intervals")) {
            sum += interval.required("handshakes").longValue();
        }
        return sum;
    }

    /** The handshake tag of a result directory's interval log, summed over every interval. */
    private static long loggedHandshakes(Path resultDir) throws Exception {
        long count = 0;
        try (HistogramLogReader reader = new HistogramLogReader(new File(resultDir.resolve("histograms.hlog")
                .toString()))) {
            for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
                count += "handshake".equals(e.getTag()) ? ((Histogram) e).getTotalCount() : 0;
            }
        }
        return count;
    }

    @Test
    void insecureTrustsAnyCertificateAndSaysSo(@TempDir Path out) throws Exception {
        var run = load(out, "--url", served.url(), "--insecure", "--manifest", served.manifest().toString(), "--mix",
                "1KB.bin", "--clients", "2", "--think", LoadFixture.PACED_THINK, "--threads", "1", "--ramp-up", "200ms",
                "--steady", "800ms", "--ramp-down", "0s");

        assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
        assertThat(run.summary().required("steadyDownloads").longValue()).isPositive();
        assertThat(run.run().required("tls").required("certificatesVerified").booleanValue()).isFalse();
        assertThat(run.log()).contains("--insecure: the server's certificate is not verified");
        assertThat(run.out()).contains("certificates NOT verified");
    }

    @Test
    void anUntrustedCertificateEndsTheRunAtOnceNamingTheHandshake(@TempDir Path out) throws Exception {
        String untrusted = stranger().certificatePem().toString(); // made before the clock starts: keytool is slow
        long started = System.nanoTime();
        var run = load(out, "--url", served.url(), "--ca", untrusted, "--manifest", served.manifest().toString(),
                "--steady", "30s");

        assertThat(run.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(System.nanoTime() - started).isLessThan(10_000_000_000L);
        assertThat(run.log()).contains("TLS handshake with " + served.url()).contains("over the server's certificate");
        assertThat(run.run().required("aborted").asText()).contains("TLS handshake");
    }

    @Test
    void aCertificateThatChangesAfterTheProbeFailsEachDownloadAsACertificateError(@TempDir Path out)
            throws Exception {
        // A peer of its own whose certificate turns into a stranger's after its first connection (the probe's).
        try (TlsPeer turning = new TlsPeer(served.root(), TlsPeer.turning(served.identity(), 1, stranger()))) {
            var run = load(out, "--url", turning.url(), "--ca", trusted(), "--manifest", served.manifest().toString(),
                    "--mix", "1KB.bin", "--clients", "2", "--threads", "1", "--ramp-up", "0s", "--steady", "800ms",
                    "--ramp-down", "0s");

            assertThat(run.exitCode()).as(run.out() + run.log()).isEqualTo(LoadCommand.FAILED);
            assertThat(run.errors("certificate")).as(run.out()).isPositive();
            assertThat(run.summary().required("completed").longValue()).isZero();
            assertThat(run.run().required("errorsByKind").required("certificate").required("sample").asText())
                    .startsWith("TLS handshake with ").contains("over the server's certificate");
        }
    }

    @Test
    void caAndInsecureAreRefusedWhereTheyMeanNothing(@TempDir Path out) throws Exception {
        var plain = load(out.resolve("a"), "--url", "http://127.0.0.1:9/", "--insecure");
        assertThat(plain.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(plain.log()).contains("--insecure applies to https:// URLs only");
        var notPem = load(out.resolve("b"), "--url", served.url(), "--ca", served.manifest().toString());
        assertThat(notPem.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(notPem.log()).contains("--ca: ").contains("certificate");
    }
}
