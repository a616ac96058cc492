package dev.gsf.server.admin;

import static dev.gsf.server.testing.AdminScrape.get;
import static dev.gsf.server.testing.AdminScrape.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.Manifest;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.testing.AdminScrape;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.StatusJson;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The admin listener on a real server: apart from the file port, its meters in /metrics and JMX, promtool's check. */
@Isolated("expects the JVM's only server MBeans to be its own")
class AdminListenerTest {
    private static final MBeanServer BEANS = ManagementFactory.getPlatformMBeanServer();

    @Test
    void offByDefaultAndAdminPathsAreNeverServedOnTheFilePort() throws Exception {
        try (FileServer server = Servers.start(Algorithm.SBA)) {
            assertThat(server.adminPort()).isEmpty();
            assertThat(BEANS.queryNames(new ObjectName("dev.gsf:port=" + server.port() + ",*"), null)).isEmpty();
            for (String path : List.of("/metrics", "/admin/status", "/admin/status?format=json", "/admin/config")) {
                assertThat(get(server.port(), path).statusCode()).as(path).isEqualTo(404);
            }
        }
        try (FileServer server = Servers.start(Algorithm.SBA, "admin-port", "0")) {
            for (String path : List.of("/metrics", "/admin/status")) {
                assertThat(get(server.port(), path).statusCode()).as("file port " + path).isEqualTo(404);
            }
        }
    }

    @Test
    void filesAreNeverServedFromTheAdminListener() throws Exception {
        try (FileServer server = Servers.start(Algorithm.SBA, "admin-port", "0")) {
            int admin = server.adminPort().orElseThrow();
            assertThat(admin).isNotEqualTo(server.port());
            for (String path : List.of("/1KB.bin", "/", "/MD5SUMS", "/metrics/../1KB.bin", "/admin/../1KB.bin")) {
                HttpResponse<String> r = get(admin, path);
                assertThat(r.statusCode()).as(path).isEqualTo(404);
                assertThat(r.body()).as(path).startsWith("404 not an admin path");
            }
            HttpResponse<String> wrongMethod = get(admin, "/admin/config");
            assertThat(wrongMethod.statusCode()).isEqualTo(405);
            assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("POST");
        }
    }

    @Test
    void anAdminPortInUseStopsTheServerWithTheKeyNamed() throws Exception {
        try (FileServer first = Servers.start(Algorithm.SBA, "admin-port", "0")) {
            String taken = Integer.toString(first.adminPort().orElseThrow());
            assertThatThrownBy(() -> Servers.start(Algorithm.SBA, "admin-port", taken))
                    .isInstanceOf(ConfigException.class).hasMessageStartingWith("admin-port: cannot listen on");
            // The failed server let its file port and worker threads go: its JMX names are not left behind.
            assertThat(BEANS.queryNames(new ObjectName("dev.gsf:type=Server,*"), null))
                    .containsExactly(new ObjectName("dev.gsf:type=Server,port=" + first.port()));
        }
    }

    /** Downloads counted by algorithm and outcome in /metrics and the same numbers over JMX. */
    @ParameterizedTest
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndZeroCopy")
    void downloadsAreCountedInMetricsAndJmx(Algorithm algorithm, boolean zeroCopy) throws Exception {
        Map<String, String> md5s = TestFiles.committedManifest().entries().stream()
                .collect(Collectors.toMap(Manifest.Entry::name, Manifest.Entry::md5));
        try (FileServer server = Servers.start(algorithm, "admin-port", "0",
                "zero-copy", Boolean.toString(zeroCopy))) {
            long bytes = 0;
            try (RawHttp http = new RawHttp(server.port())) {
                for (String name : List.of("1KB.bin", "200KB.bin", "1MB.bin")) {
                    RawHttp.Response r = http.exchange("GET", "/" + name);
                    assertThat(r.md5()).as(name).isEqualTo(md5s.get(name));
                    bytes += r.bodyLength();
                }
                RawHttp.Response range = http.exchange("GET", "/1MB.bin", "Range: bytes=100-1099");
                assertThat(range.status()).isEqualTo(206);
                bytes += range.bodyLength();
                assertThat(http.exchange("HEAD", "/1MB.bin").status()).isEqualTo(200); // no body: not a download
            }
            String a = "{algorithm=\"" + algorithm + "\"}";
            String completed = "gsf_downloads_ended_total{algorithm=\"" + algorithm + "\",outcome=\"completed\"}";
            // The client has its last byte before the server has counted the write complete: wait for the count.
            Await.until("4 downloads counted complete", Duration.ofSeconds(10),
                    () -> scrape(server).getOrDefault(completed, 0.0) == 4);
            Map<String, Double> m = AdminScrape.metrics(server);
            assertThat(sample(m, "gsf_downloads_started_total" + a)).isEqualTo(4);
            assertThat(sample(m, "gsf_sent_bytes_total" + a)).isEqualTo(bytes);
            assertThat(sample(m, "gsf_time_to_first_byte_seconds_count" + a)).isEqualTo(4);
            assertThat(sample(m, "gsf_download_duration_seconds_count" + a)).isEqualTo(4);
            assertThat(sample(m, "gsf_download_duration_seconds_sum" + a))
                    .isGreaterThanOrEqualTo(sample(m, "gsf_time_to_first_byte_seconds_sum" + a)).isPositive();
            assertThat(sample(m, "gsf_downloads_in_progress" + a)).isZero();
            assertThat(sample(m, "gsf_downloads_waiting" + a)).isZero();
            assertThat(sample(m, "gsf_rejected_total")).isZero();
            assertThat(sample(m, "gsf_workers")).isEqualTo(server.workerThreads());
            assertThat(sample(m, "gsf_open_files")).isBetween(0.0, 3.0); // the cache keeps the three files <= 1 s
            assertThat(sample(m, "process_resident_memory_bytes")).isPositive();
            assertThat(m.keySet()).anyMatch(series -> series.startsWith("jvm_memory_used_bytes"));
            for (Algorithm other : Algorithm.values()) {
                if (other != algorithm) {
                    assertThat(sample(m, "gsf_downloads_started_total{algorithm=\"" + other + "\"}")).isZero();
                }
            }
            for (String outcome : List.of("client_gone", "write_timeout", "server_error")) {
                assertThat(sample(m, "gsf_downloads_ended_total{algorithm=\"" + algorithm + "\",outcome=\""
                        + outcome + "\"}")).as(outcome).isZero();
            }

            ObjectName downloads = new ObjectName("dev.gsf:type=Downloads,port=" + server.port() + ",algorithm="
                    + algorithm);
            assertThat(BEANS.getAttribute(downloads, "Started")).isEqualTo(4L);
            assertThat(BEANS.getAttribute(downloads, "Completed")).isEqualTo(4L);
            assertThat(BEANS.getAttribute(downloads, "ClientGone")).isEqualTo(0L);
            assertThat(BEANS.getAttribute(downloads, "SentBytes")).isEqualTo(bytes);
            assertThat(BEANS.getAttribute(downloads, "TimeToFirstByteCount")).isEqualTo(4L);
            assertThat(BEANS.getAttribute(downloads, "DurationCount")).isEqualTo(4L);
            assertThat((Double) BEANS.getAttribute(downloads, "DurationSecondsSum"))
                    .isEqualTo(sample(m, "gsf_download_duration_seconds_sum" + a));
            // Every download wrote at least once, and each write was either inline or handed off.
            assertThat(sample(m, "gsf_inline_writes_total" + a) + sample(m, "gsf_handoffs_total" + a))
                    .isGreaterThanOrEqualTo(4);
            assertThat(BEANS.getAttribute(downloads, "InlineWrites"))
                    .isEqualTo((long) sample(m, "gsf_inline_writes_total" + a));
            assertThat(BEANS.getAttribute(downloads, "HandOffs")).isEqualTo((long) sample(m, "gsf_handoffs_total" + a));
            ObjectName serverBean = new ObjectName("dev.gsf:type=Server,port=" + server.port());
            assertThat(BEANS.getAttribute(serverBean, "Workers")).isEqualTo(server.workerThreads());
            assertThat(BEANS.getAttribute(serverBean, "Rejected")).isEqualTo(0L);
        }
        assertThat(BEANS.queryNames(new ObjectName("dev.gsf:*"), null)).isEmpty(); // closing unregisters
    }

    /**
     * The adaptation in the meters: a 1 KB download (through the algorithm, inline-max 0) is one write a fresh socket
     * takes at once. ADA writes it on the thread that read the request, with no hand-off; ENBA hands the turn to a
     * worker; a reader that takes nothing makes ADA hand its writes to the selector.
     */
    @Test
    void handOffsAndInlineWritesShowTheAdaptation() throws Exception {
        for (Algorithm algorithm : List.of(Algorithm.ADA, Algorithm.ENBA)) {
            try (FileServer server = Servers.start(algorithm, "admin-port", "0", "inline-max", "0")) {
                try (RawHttp http = new RawHttp(server.port())) {
                    for (int i = 0; i < 3; i++) {
                        assertThat(http.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
                    }
                }
                String a = "{algorithm=\"" + algorithm + "\"}";
                Await.until("3 downloads counted", Duration.ofSeconds(10), () -> scrape(server).getOrDefault(
                        "gsf_downloads_ended_total{algorithm=\"" + algorithm + "\",outcome=\"completed\"}", 0.0) == 3);
                Map<String, Double> m = AdminScrape.metrics(server);
                assertThat(sample(m, "gsf_inline_writes_total" + a)).as(algorithm.name()).isEqualTo(3);
                assertThat(sample(m, "gsf_handoffs_total" + a)).as(algorithm.name())
                        .isEqualTo(algorithm == Algorithm.ADA ? 0 : 3);
            }
        }
        try (FileServer server = Servers.start(Algorithm.ADA, "admin-port", "0", "send-buffer", "64K");
             RawHttp stalled = new RawHttp(server.port())) {
            stalled.send("GET", "/20MB.bin"); // and never read
            Await.until("a write handed to the selector", Duration.ofSeconds(10),
                    () -> scrape(server).getOrDefault("gsf_handoffs_total{algorithm=\"ADA\"}", 0.0) >= 1);
            assertThat(server.busyWorkers()).as("no thread waits for the stalled client").isZero();
        }
    }

    /**
     * Stalled clients hold downloads in progress: the gauges, the connections and the status page show them, and
     * the 503 of a full queue is counted; when the clients go, everything returns to zero.
     */
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void gaugesFollowDownloadsInProgressAndRejectionsAreCounted(Algorithm algorithm) throws Exception {
        int stalled = 3;
        try (FileServer server = Servers.start(algorithm, "admin-port", "0", "workers", "1",
                "max-downloads", "1", "queue", Integer.toString(stalled - 1), "send-buffer", "64K")) {
            List<RawHttp> clients = new ArrayList<>();
            try {
                String a = "{algorithm=\"" + algorithm + "\"}";
                for (int i = 0; i < stalled; i++) { // never read: the first download fills the socket and stays
                    RawHttp client = new RawHttp(server.port());
                    client.socket().setReceiveBufferSize(64 << 10);
                    clients.add(client);
                    client.send("GET", "/100MB.bin");
                    // One at a time: a download counts as waiting until its first turn has begun.
                    int started = i + 1;
                    Await.until(started + " started, 1 in progress", Duration.ofSeconds(10), () -> {
                        Map<String, Double> m = scrape(server);
                        return m.get("gsf_downloads_started_total" + a) == started
                                && m.get("gsf_downloads_in_progress" + a) == 1;
                    }, () -> gsf(scrape(server)));
                }
                Await.until("1 download in progress and " + (stalled - 1) + " waiting", Duration.ofSeconds(10), () -> {
                    Map<String, Double> m = scrape(server);
                    return m.get("gsf_downloads_in_progress" + a) == 1
                            && m.get("gsf_downloads_waiting" + a) == stalled - 1;
                }, () -> gsf(scrape(server)));
                try (RawHttp refused = new RawHttp(server.port())) {
                    assertThat(refused.exchange("GET", "/1MB.bin").status()).isEqualTo(503);
                }
                // The refused client's close and a blocked worker show a moment later: wait for them.
                Await.until("the refused connection closed and the workers settled", Duration.ofSeconds(10), () -> {
                    Map<String, Double> m = scrape(server);
                    return m.get("gsf_connections_open") == stalled
                            && m.get("gsf_workers_busy") == busyWhileStalled(algorithm);
                }, () -> gsf(scrape(server)));
                Map<String, Double> m = AdminScrape.metrics(server);
                assertThat(sample(m, "gsf_rejected_total")).isEqualTo(1);
                assertThat(sample(m, "gsf_downloads_started_total" + a)).isEqualTo(stalled);
                assertThat(sample(m, "gsf_open_files")).isEqualTo(1); // one shared descriptor for the three
                // Bytes of downloads still in progress count too, not only once a download ends.
                assertThat(sample(m, "gsf_sent_bytes_total" + a)).isPositive();
                assertThat(sample(m, "gsf_downloads_ended_total{algorithm=\"" + algorithm
                        + "\",outcome=\"completed\"}")).isZero();

                StatusJson status = StatusJson.read(server);
                assertThat(status.downloads()).hasSize(stalled).allSatisfy(d -> {
                    assertThat(d.path("client").asText()).isEqualTo("127.0.0.1");
                    assertThat(d.path("path").asText()).isEqualTo("/100MB.bin");
                    assertThat(d.path("algorithm").asText()).isEqualTo(algorithm.name());
                    assertThat(d.path("length").asLong()).isEqualTo(100L << 20);
                });
                // The one in progress has sent its first chunk; it need not be the oldest request.
                assertThat(status.downloads()).anySatisfy(d -> assertThat(d.path("bytesSent").asLong()).isPositive());
                assertThat(status.json().path("totals").path("rejected").asLong()).isEqualTo(1);
                HttpResponse<String> page = get(server.adminPort().orElseThrow(), "/admin/status");
                assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
                assertThat(page.body()).contains("<meta http-equiv='refresh' content='2'>",
                        "Downloads in progress: " + stalled, "<td>/100MB.bin</td>", "<td>" + algorithm + "</td>");
            } finally {
                for (RawHttp client : clients) {
                    client.close();
                }
            }
            Await.until("no download in progress or waiting, no connection open", Duration.ofSeconds(20), () -> {
                Map<String, Double> m = scrape(server);
                return m.get("gsf_downloads_in_progress{algorithm=\"" + algorithm + "\"}") == 0
                        && m.get("gsf_downloads_waiting{algorithm=\"" + algorithm + "\"}") == 0
                        && m.get("gsf_connections_open") == 0 && m.get("gsf_workers_busy") == 0;
            }, () -> gsf(scrape(server)));
            assertThat(StatusJson.read(server).downloads()).isEmpty();
        }
    }

    /** SBA and EBA block their one worker on the stalled write; ENBA and ADA free it at once; VTA has no pool. */
    private static int busyWhileStalled(Algorithm algorithm) {
        return switch (algorithm) {
            case SBA, EBA -> 1;
            case ENBA, VTA, ADA -> 0;
        };
    }

    /** promtool (Debian package prometheus) accepts what /metrics writes, with every meter there. */
    @Test
    void promtoolAcceptsTheMetrics(@TempDir Path dir) throws Exception {
        try (FileServer server = Servers.start(Algorithm.ENBA, "admin-port", "0")) {
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
            }
            Path text = dir.resolve("metrics.txt");
            Files.writeString(text, AdminScrape.metricsText(server), StandardCharsets.UTF_8);
            Process promtool;
            try {
                promtool = new ProcessBuilder("promtool", "check", "metrics").redirectInput(text.toFile())
                        .redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new AssertionError("promtool not found: install the Debian package prometheus"
                        + " (.ci/run does)", e);
            }
            String output = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(promtool.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(promtool.exitValue()).as("promtool check metrics: " + output).isZero();
            assertThat(output).as("promtool's lint findings").isBlank();
            String metrics = Files.readString(text);
            for (String name : List.of("gsf_downloads_started_total", "gsf_downloads_ended_total",
                    "gsf_sent_bytes_total", "gsf_downloads_in_progress", "gsf_downloads_waiting", "gsf_workers_busy",
                    "gsf_workers", "gsf_rejected_total", "gsf_time_to_first_byte_seconds",
                    "gsf_download_duration_seconds", "gsf_open_files", "gsf_connections_open",
                    "gsf_http2_connections_open", "gsf_http2_streams_total", "process_resident_memory_bytes")) {
                assertThat(metrics).as(name).containsPattern("(?m)^# TYPE " + name.replaceAll("_total$", "")
                        + "(_total)? ");
            }
        }
    }

    /** The gsf_ series without histogram buckets: what a failed wait shows. */
    private static Map<String, Double> gsf(Map<String, Double> samples) {
        Map<String, Double> shown = new java.util.TreeMap<>(samples);
        shown.keySet().removeIf(series -> !series.startsWith("gsf_") || series.contains("_bucket"));
        return shown;
    }

    private static Map<String, Double> scrape(FileServer server) {
        try {
            return AdminScrape.metrics(server);
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
