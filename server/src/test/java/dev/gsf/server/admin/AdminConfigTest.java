package dev.gsf.server.admin;

import static dev.gsf.server.testing.AdminScrape.post;
import static dev.gsf.server.testing.AdminScrape.sample;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.report.Json;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.testing.AdminScrape;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code POST /admin/config} on a real server: a switch applies to new requests (kept connections too) while a
 * download in flight finishes under its algorithm; an invalid body or a key that needs a restart is answered 400 with
 * the key named and the running configuration stays.
 */
class AdminConfigTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String MD5_1MB = TestFiles.md5Of("1MB.bin");

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSwitchAppliesToNewRequests_whileADownloadInFlightFinishesUnderItsAlgorithm(Algorithm from)
            throws Exception {
        Algorithm to = Algorithm.values()[(from.ordinal() + 1) % Algorithm.values().length];
        // A small send buffer and receive window keep the 1 MB download in flight while its client reads nothing.
        try (FileServer server = Servers.start(from, "admin-port", "0", "workers", "3", "send-buffer", "16K");
             RawHttp held = new RawHttp(server.port())) {
            int admin = server.adminPort().orElseThrow();
            RawHttp.Response head = held.startDownload("/1MB.bin");
            Await.until("the download in progress", WAIT, () -> server.algorithmStats().inProgress() == 1);

            HttpResponse<String> applied = post(admin, "/admin/config", "algorithm=" + to + "\nworkers=2\n");

            assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
            assertThat(applied.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("application/json"));
            JsonNode answer = Json.tree(applied.body());
            assertThat(answer.path("changed").toString()).isEqualTo("[\"algorithm\",\"workers\"]");
            assertThat(answer.path("configuration").path("algorithm").asText()).isEqualTo(to.name());
            assertThat(server.config().algorithm()).isEqualTo(to);
            // The replaced generation still counts in the meters while its download runs.
            Map<String, Double> metrics = AdminScrape.metrics(server);
            assertThat(sample(metrics, "gsf_downloads_in_progress{algorithm=\"" + from + "\"}")).isEqualTo(1);
            assertThat(sample(metrics, "gsf_workers")).isEqualTo(server.workerThreads())
                    .isEqualTo((from.usesWorkerPool() ? 3 : 0) + (to.usesWorkerPool() ? 2 : 0));
            try (RawHttp fresh = new RawHttp(server.port())) {
                assertThat(summary(fresh.exchange("GET", "/1MB.bin"))).isEqualTo("200 " + to + " " + MD5_1MB);
                // An answer of the strict HTTP filter names the new algorithm too.
                RawHttp.Response trace = fresh.exchange("TRACE", "/1MB.bin");
                assertThat(trace.status()).isEqualTo(405);
                assertThat(trace.header("Server")).isEqualTo("grizzly-sendfile/0.1 (" + to + ")");
            }

            RawHttp.Response finished = held.readBody(head);
            assertThat(summary(finished)).isEqualTo("200 " + from + " " + MD5_1MB);
            assertThat(summary(held.exchange("GET", "/1MB.bin"))).as("the kept connection")
                    .isEqualTo("200 " + to + " " + MD5_1MB);
            Await.until("the replaced configuration closed", WAIT, () -> server.retiringGenerations() == 0);
            Await.until("the workers of the new configuration only", WAIT,
                    () -> server.workerThreads() == (to.usesWorkerPool() ? 2 : 0));
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void anInvalidBodyOrARestartOnlyKeyIsRefusedWithTheKeyNamed_andTheRunningConfigurationStays(Algorithm algorithm)
            throws Exception {
        try (FileServer server = Servers.start(algorithm, "admin-port", "0")) {
            ServerConfig running = server.config();
            Map<String, String> refusals = Map.of(
                    "algorithm=VTA\nport=1\n", "400 port: cannot change while the server runs (needs a restart)",
                    "admin-port=1\n", "400 admin-port: cannot change while the server runs",
                    "chunk=12\n", "400 chunk: 12 is out of range",
                    "algorithm=FOO\n", "400 algorithm: 'FOO' is not an algorithm",
                    "workrs=3\n", "400 config: unknown key 'workrs' in the request body");
            for (Map.Entry<String, String> refusal : refusals.entrySet()) {
                HttpResponse<String> answer = post(server.adminPort().orElseThrow(), "/admin/config",
                        refusal.getKey());
                assertThat(answer.statusCode()).as(refusal.getKey()).isEqualTo(400);
                assertThat(answer.body()).as(refusal.getKey()).startsWith(refusal.getValue());
                assertThat(server.config()).isEqualTo(running);
                assertThat(server.retiringGenerations()).isZero();
                try (RawHttp http = new RawHttp(server.port())) {
                    assertThat(summary(http.exchange("GET", "/1MB.bin"))).isEqualTo("200 " + algorithm + " "
                            + MD5_1MB);
                }
            }
            HttpResponse<String> tooLong = post(server.adminPort().orElseThrow(), "/admin/config",
                    "#".repeat(70_000));
            assertThat(tooLong.statusCode()).isEqualTo(413);
            assertThat(server.config()).isEqualTo(running);
        }
    }

    private static String summary(RawHttp.Response response) {
        return response.status() + " " + response.header("X-Send-Algorithm") + " " + response.md5();
    }
}
