package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.server.testing.TestCerts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gsf load --http2 against nginx (where it is installed: h2c, h2 by ALPN over TLS, and TLS without h2, one nginx for
 * the class) and against a hostile h2c server: several clients share a connection as streams, every download is
 * verified, a throttled stream is held to its rate by its window, and what a server does wrong is reported by kind.
 */
class Http2LoadTest {
    @TempDir
    static Path shared;
    private static NginxH2 nginx;
    private static Path manifest;
    private static Path ca;

    @BeforeAll
    static void startNginx() throws Exception {
        if (!NginxH2.installed()) {
            return;
        }
        Path root = Files.createDirectories(shared.resolve("root"));
        manifest = LoadFixture.files(root, LoadFixture.SMALL);
        for (Path p : List.of(shared, root)) { // nginx's workers may run as another user
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        ca = TestCerts.writeRoot(shared.resolve("ca.pem"));
        TestCerts.Issued tls = TestCerts.issue(shared, "nginx", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        nginx = NginxH2.start(root, shared.resolve("work"), 7, tls);
    }

    @AfterAll
    static void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    /** `gsf load --http2 ARGS` against nginx's files, one event loop, no ramps. */
    private static LoadFixture.Outcome againstNginx(Path out, String url, String steady, String... args)
            throws Exception {
        assumeThat(nginx).as("nginx installed").isNotNull();
        List<String> all = new ArrayList<>(List.of("--url", url, "--manifest", manifest.toString(), "--http2",
                "--threads", "1", "--ramp-up", "0s", "--steady", steady, "--ramp-down", "0s"));
        all.addAll(List.of(args));
        return LoadFixture.load(out, all.toArray(String[]::new));
    }

    @Test
    @Timeout(60)
    void streamsShareConnectionsAndSurviveGoAwayOverH2c(@TempDir Path out) throws Exception {
        LoadFixture.Outcome o = againstNginx(out, nginx == null ? "" : nginx.url(), "1s", "--streams", "3",
                "--clients", "6");
        assertThat(o.exitCode()).as(o.out() + o.log()).isZero();
        JsonNode summary = o.summary();
        assertThat(summary.required("completed").longValue()).as(o.out()).isGreaterThan(20);
        assertThat(summary.required("errors").longValue()).as(o.out()).isZero();
        // nginx ends every connection by GOAWAY after 7 streams: the streams it did not take are asked again
        assertThat(summary.required("retries").longValue()).as(o.out()).isPositive();
        assertThat(o.out()).contains("HTTP/2 3 streams per connection");
        assertThat(o.json().findValue("protocol").asText()).isEqualTo("h2");
    }

    @ParameterizedTest(name = "tls-provider {0}")
    @ValueSource(strings = {"openssl", "jdk"})
    @Timeout(60)
    void h2ByAlpnOverTlsVerifiesEveryDownload(String provider, @TempDir Path out) throws Exception {
        // paced, as the h2c run is not: its retries need streams in flight at nginx's GOAWAY
        LoadFixture.Outcome o = againstNginx(out, nginx == null ? "" : nginx.h2Url(), "1s", "--ca", ca.toString(),
                "--streams", "2", "--clients", "2", "--think", LoadFixture.PACED_THINK, "--tls-provider", provider);
        assertThat(o.log()).contains("tls-provider=" + provider);
        assertThat(o.exitCode()).as(o.out() + o.log()).isZero();
        assertThat(o.summary().required("completed").longValue()).as(o.out()).isGreaterThan(5);
        assertThat(o.summary().required("errors").longValue()).as(o.out()).isZero();
        assertThat(o.run().required("tls").required("handshakes").longValue()).isPositive();
    }

    @Test
    @Timeout(60)
    void aTlsServerThatDoesNotChooseH2IsRefusedSayingSo(@TempDir Path out) throws Exception {
        LoadFixture.Outcome o = againstNginx(out, nginx == null ? "" : nginx.http11Url(), "1s", "--ca",
                ca.toString());
        assertThat(o.exitCode()).isNotZero();
        // nginx (OpenSSL) refuses the handshake itself with the no_application_protocol alert; a server that
        // ignores ALPN is refused by the client ("did not choose h2 by ALPN")
        assertThat(o.out() + o.log()).contains("RUN ABORTED").containsAnyOf("no_application_protocol",
                "did not choose h2 by ALPN");
    }

    @Test
    @Timeout(60)
    void rangesOverH2AreCheckedPartByPart(@TempDir Path out) throws Exception {
        LoadFixture.Outcome o = againstNginx(out, nginx == null ? "" : nginx.url(), "1s", "--ranges", "0-99,200-299",
                "--mix", "64KB.bin", "--streams", "2", "--clients", "2", "--think", LoadFixture.PACED_THINK);
        assertThat(o.exitCode()).as(o.out() + o.log()).isZero();
        assertThat(o.summary().required("completed").longValue()).as(o.out()).isPositive();
        assertThat(o.summary().required("errors").longValue()).as(o.out()).isZero();
    }

    /**
     * At 32 KB/s with a 16 KB window a 256 KB download cannot end within a second however fast the machine (it may
     * only be slower): the stream's window holds the server to the throttle, and our own pacing is no stall.
     */
    @Test
    @Timeout(60)
    void aThrottledStreamIsHeldToItsRateByItsWindow(@TempDir Path out) throws Exception {
        LoadFixture.Outcome o = againstNginx(out, nginx == null ? "" : nginx.url(), "1s", "--mix", "256KB.bin",
                "--rate", "32KB/s", "--h2-window", "16K", "--streams", "2", "--clients", "2", "--timeout", "1s");
        JsonNode summary = o.summary();
        assertThat(summary.required("completed").longValue()).as(o.out()).isZero();
        assertThat(summary.required("errors").longValue()).as(o.out()).isZero();
        assertThat(summary.required("cutAtEnd").longValue()).as(o.out()).isEqualTo(2);
        assertThat(summary.required("steadyBytes").longValue()).as(o.out()).isPositive();
    }

    @Test
    @Timeout(60)
    void anHttp11OnlyServerIsToldNotToSpeakH2c(@TempDir Path dir) throws Exception {
        Path manifest = LoadFixture.files(dir, LoadFixture.SMALL);
        // our server with HTTP/2 off: HTTP/1.1 only
        try (var http11 = dev.gsf.server.testing.Servers.start(dir, dev.gsf.algorithms.Algorithm.SBA, "http2", "off")) {
            LoadFixture.Outcome o = LoadFixture.load(dir.resolve("out"), "--url", LoadFixture.url(http11),
                    "--manifest", manifest.toString(), "--http2", "--threads", "1", "--clients", "1", "--ramp-up",
                    "0s", "--steady", "500ms", "--ramp-down", "0s");
            assertThat(o.exitCode()).isNotZero();
            assertThat(o.out() + o.log()).contains("it does not speak h2c");
            assertThat(o.summary().required("completed").longValue()).isZero();
        }
    }

    @Test
    void http2OptionsThatMeanNothingOrCannotBeAreRefused(@TempDir Path dir) throws Exception {
        Path manifest = LoadFixture.files(dir, List.of(new dev.gsf.common.FileSet.Spec("a.bin", 1024)));
        String url = "http://127.0.0.1:9/";
        String[][] cases = {
            {"--streams and --h2-window are for --http2", "--streams", "4"},
            {"--streams must be 1 to 1000, not 0", "--http2", "--streams", "0"},
            {"--h2-window must be 1 byte to 2^31-1, not 0", "--http2", "--h2-window", "0"},
            {"--h2-window must be at most 2^31-1 bytes", "--http2", "--h2-window", "3G"},
            {"--tls-provider must be auto, openssl or jdk, not 'boring'", "--tls-provider", "boring"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("--url", url, "--manifest", manifest.toString()));
            args.addAll(List.of(c).subList(1, c.length));
            LoadFixture.Outcome o = LoadFixture.load(dir.resolve("out"), args.toArray(String[]::new));
            assertThat(o.exitCode()).as(c[0]).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(o.log()).as(c[0]).contains(c[0]);
        }
    }

    /**
     * A server that resets a stream mid-body, ends one short of its Content-Length, stalls a third and refuses a
     * fourth: each is its own error kind (the refused one asked again once first), and the good stream on the same
     * connection completes all the while.
     */
    @Test
    @Timeout(60)
    void resetShortAndStalledStreamsAreReportedWhileTheOthersComplete(@TempDir Path dir) throws Exception {
        try (HostileH2Server server = new HostileH2Server(dir)) {
            LoadFixture.Outcome o = hostile(dir, server, "ok.bin,rst.bin,short.bin,stall.bin,refused.bin", 5,
                    "2s");
            assertThat(o.errors("stream")).as(o.out()).isPositive();
            assertThat(o.errors("length")).as(o.out()).isPositive();
            assertThat(o.errors("timeout")).as(o.out()).isPositive();
            assertThat(o.errors("goaway")).as(o.out()).isZero();
            assertThat(o.log()).contains("RST_STREAM INTERNAL_ERROR").contains("END_STREAM");
            // a refused stream was not processed: asked again once, then reported
            assertThat(o.summary().required("retries").longValue()).as(o.out()).isPositive();
            // the good streams went on beside the stalled ones on the one connection
            assertThat(server.connections()).as("connections").isEqualTo(1);
            assertThat(o.summary().required("completed").longValue()).as(o.out()).isPositive();
        }
    }

    @Test
    @Timeout(60)
    void aGoAwayWithAnErrorFailsItsStreamsAsGoaway(@TempDir Path dir) throws Exception {
        try (HostileH2Server server = new HostileH2Server(dir)) {
            LoadFixture.Outcome o = hostile(dir, server, "goaway.bin", 2, "1s");
            assertThat(o.exitCode()).isNotZero();
            assertThat(o.errors("goaway")).as(o.out()).isPositive();
            assertThat(o.summary().required("completed").longValue()).isZero();
            assertThat(o.log()).contains("GOAWAY ENHANCE_YOUR_CALM_ERROR");
        }
    }

    /** `gsf load --http2` of {@code mix} against the hostile server, {@code clients} streams on one connection. */
    private static LoadFixture.Outcome hostile(Path dir, HostileH2Server server, String mix, int clients,
                                               String steady) throws Exception {
        Path manifest = LoadFixture.files(dir, HOSTILE);
        String n = Integer.toString(clients);
        return LoadFixture.load(dir.resolve("out"), "--url", server.url(), "--manifest", manifest.toString(), "--mix",
                mix, "--http2", "--streams", n, "--clients", n, "--threads", "1", "--timeout", "1s", "--ramp-up",
                "0s", "--steady", steady, "--ramp-down", "0s");
    }

    private static final List<dev.gsf.common.FileSet.Spec> HOSTILE = List.of(
            new dev.gsf.common.FileSet.Spec("ok.bin", 64L << 10), new dev.gsf.common.FileSet.Spec("rst.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("short.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("stall.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("goaway.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("refused.bin", 64L << 10));
}
