package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gsf load --http2 against our own server under every algorithm, h2c on the plain port and h2 by ALPN on the TLS
 * port (the transports of {@code Variants.algorithmsAndTransport}): three streams on one connection, every download
 * verified.
 */
class Http2AgainstServerTest {
    @TempDir
    static Path shared;
    private static Path manifest;
    private static Path ca;

    @BeforeAll
    static void files() throws Exception {
        manifest = LoadFixture.files(shared, LoadFixture.SMALL);
        ca = TestCerts.writeRoot(shared.resolve("ca.pem"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    @Timeout(60)
    void everyDownloadOverH2IsVerified(Algorithm algorithm, Transport transport, @TempDir Path out)
            throws Exception {
        try (FileServer server = Servers.start(shared, algorithm, transport.keys("http2", "on"))) {
            List<String> args = new ArrayList<>(List.of("--url", transport.isTls()
                            ? "https://127.0.0.1:" + server.tlsPort().orElseThrow() + "/" : LoadFixture.url(server),
                    "--manifest", manifest.toString(), "--http2", "--streams", "3", "--clients", "3", "--think",
                    LoadFixture.PACED_THINK, "--threads", "1", "--ramp-up", "0s", "--steady", "500ms", "--ramp-down",
                    "0s"));
            if (transport.isTls()) {
                args.addAll(List.of("--ca", ca.toString()));
            }
            LoadFixture.Outcome o = LoadFixture.load(out, args.toArray(String[]::new));
            assertThat(o.exitCode()).as(o.out() + o.log()).isZero();
            assertThat(o.summary().required("completed").longValue()).as(o.out()).isGreaterThan(3);
            assertThat(o.summary().required("errors").longValue()).as(o.out()).isZero();
            assertThat(o.out()).contains("(" + algorithm.name() + ")"); // the Server header of the probe's HEAD
            assertFairness(o);
        }
    }

    /** Jain's index over the three streams (all made at the start, no ramp-up: all count) is there and sane. */
    private static void assertFairness(LoadFixture.Outcome o) throws Exception {
        JsonNode f = o.summary().required("fairness");
        assertThat(f.required("clients").longValue()).as(o.out()).isEqualTo(3);
        assertThat(f.required("jain").doubleValue()).as(o.out()).isBetween(1.0 / 3, 1.0);
        assertThat(f.required("minBytes").longValue()).as(o.out()).isPositive()
                .isLessThanOrEqualTo(f.required("maxBytes").longValue());
        assertThat(f.required("sumBytes").longValue()).as(o.out())
                .isLessThanOrEqualTo(o.summary().required("steadyBytes").longValue());
        assertThat(f.required("minClientMBs").doubleValue()).as(o.out()).isPositive();
        assertThat(o.out()).contains("fairness: Jain ").contains(" over 3 streams' steady-state throughputs");
    }
}
