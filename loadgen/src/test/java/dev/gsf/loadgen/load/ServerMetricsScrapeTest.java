package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.gsf.loadgen.load.metrics.ServerMetrics;
import dev.gsf.loadgen.load.metrics.ServerSample;
import dev.gsf.report.Json;
import dev.gsf.report.Numbers;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * `gsf load --server-metrics` against our real file server, with /metrics served by the JDK's HTTP server: an
 * exposition whose gauges change with every scrape, and every fourth scrape answered 500.
 */
@Timeout(60)
class ServerMetricsScrapeTest {
    private static final long MB = 1 << 20;
    @TempDir
    static Path root;
    static Path manifest;

    @BeforeAll
    static void files() throws Exception {
        manifest = LoadFixture.files(root, LoadFixture.SMALL);
    }

    /**
     * Scrape n (from 0) answers gsf_workers_busy n, a queue of 2n+1 over two algorithms, n+3 downloads in progress
     * over two algorithms, an RSS of 100+n MB, plus a histogram and a counter the scraper must skip; scrapes 3, 7,
     * 11 ... answer 500.
     */
    static final class MetricsEndpoint implements AutoCloseable {
        final HttpServer http;
        final AtomicInteger scrapes = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();

        MetricsEndpoint() throws IOException {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.createContext("/metrics", exchange -> {
                int n = scrapes.getAndIncrement();
                byte[] body = n % 4 == 3 ? "busy\n".getBytes(StandardCharsets.UTF_8)
                        : exposition(n).getBytes(StandardCharsets.UTF_8);
                if (n % 4 == 3) {
                    refused.incrementAndGet();
                }
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(n % 4 == 3 ? 500 : 200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            http.start();
        }

        static String exposition(int n) {
            return String.format(Locale.ROOT, """
                    # HELP gsf_workers_busy worker pool threads running a turn
                    # TYPE gsf_workers_busy gauge
                    gsf_workers_busy %d.0
                    # TYPE gsf_downloads_waiting gauge
                    gsf_downloads_waiting{algorithm="SBA"} %d.0
                    gsf_downloads_waiting{algorithm="EBA"} 1.0
                    # TYPE gsf_downloads_in_progress gauge
                    gsf_downloads_in_progress{algorithm="SBA"} %d.0
                    gsf_downloads_in_progress{algorithm="ENBA"} 3.0
                    # TYPE gsf_download_duration_seconds histogram
                    gsf_download_duration_seconds_bucket{algorithm="SBA",le="+Inf"} 99
                    gsf_download_duration_seconds_count{algorithm="SBA"} 99
                    gsf_download_duration_seconds_sum{algorithm="SBA"} 12.5
                    # TYPE gsf_sent_bytes_total counter
                    gsf_sent_bytes_total{algorithm="SBA"} 1.0E9
                    # TYPE process_resident_memory_bytes gauge
                    process_resident_memory_bytes %d
                    """, n, 2 * n, n, (100 + n) * MB);
        }

        String url() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/metrics";
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    @Test
    void samplesFollowTheServersGauges_failedScrapesAreCountedAndShown_andTheRunStillPasses(@TempDir Path out)
            throws Exception {
        try (FileServer server = LoadFixture.serve(root); MetricsEndpoint metrics = new MetricsEndpoint()) {
            // paced: unthrottled, the load also took CPU from the scrapes
            var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--clients", "2",
                    "--think", LoadFixture.PACED_THINK, "--ramp-up", "300ms", "--steady", "2s", "--ramp-down", "300ms",
                    "--interval", "200ms", "--server-metrics", metrics.url());

            assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
            ServerMetrics seen = Json.read(run.run().required("serverMetrics").toString(), ServerMetrics.class);
            assertThat(seen.url()).isEqualTo(metrics.url());
            List<ServerSample> ok = seen.samples().stream().filter(s -> s.error() == null).toList();
            List<ServerSample> failed = seen.samples().stream().filter(s -> s.error() != null).toList();
            // On a busy machine a scrape may also time out (1 s): a failure of its own, answered late or never.
            long refused = failed.stream().filter(f -> f.error().equals("HTTP status 500")).count();
            long timedOut = failed.stream().filter(f -> f.error().contains("timed out")).count();
            assertThat(refused + timedOut).as("every failure is a 500 or a timeout: " + failed)
                    .isEqualTo(failed.size());
            // a scrape cut off when the run ended may be served but not recorded
            assertThat(refused).isPositive().isBetween(metrics.refused.get() - 1L, (long) metrics.refused.get());
            assertThat((long) seen.samples().size())
                    .isBetween(metrics.scrapes.get() - 1L, metrics.scrapes.get() + timedOut);
            assertThat(ok.size()).as("a scrape per 200 ms of a 2.6 s run, 3 in 4 answered").isGreaterThanOrEqualTo(4);
            assertThat(seen.failures()).isEqualTo(failed.size());
            assertThat(seen.firstError()).isEqualTo(failed.getFirst().error());
            assertThat(failed).allSatisfy(s -> {
                assertThat(s.workersBusy()).isNaN();
                assertThat(s.residentBytes()).isNaN();
                assertThat(s.openFds()).isNaN();
            });
            List<Double> busy = new ArrayList<>();
            for (ServerSample s : ok) {
                double n = s.workersBusy();
                assertThat(n % 4).as("scrape %s was answered 500", n).isNotEqualTo(3.0);
                assertThat(s.waiting()).as("summed over both algorithms").isEqualTo(2 * n + 1);
                assertThat(s.inProgress()).as("summed over both algorithms").isEqualTo(n + 3);
                assertThat(s.residentBytes()).isEqualTo((100 + n) * MB);
                busy.add(n);
            }
            assertThat(busy).as("each scrape saw the next value").isSorted().doesNotHaveDuplicates();
            assertThat(seen.samples()).extracting(ServerSample::seconds).isSorted();
            assertThat(seen.samples().getLast().seconds()).as("the last scrape at the end").isGreaterThan(2.6);

            assertThat(run.out()).containsPattern("server \\(" + Pattern.quote(metrics.url()) + "\\): "
                    + seen.samples().size() + " scrapes, " + seen.failures() + " failed; peak busy workers "
                    + busy.getLast().intValue() + ",");
            assertThat(run.log()).contains("scrapes of " + metrics.url() + " failed, first: " + seen.firstError());

            String html = Files.readString(out.resolve("report.html"));
            String gauges = svg(html, "Server: busy workers, downloads waiting (queue) and in progress");
            String rss = svg(html, "Server: resident memory (RSS)");
            for (ServerSample s : ok) {
                String at = Numbers.fixed(s.seconds(), 1) + " s: ";
                assertThat(gauges).contains("<title>busy workers, " + at + Numbers.compact(s.workersBusy()) + " count")
                        .contains("<title>waiting, " + at + Numbers.compact(s.waiting()) + " count")
                        .contains("<title>in progress, " + at + Numbers.compact(s.inProgress()) + " count");
                assertThat(rss).contains("<title>RSS, " + at + Numbers.compact(s.residentBytes() / MB) + " MB");
            }
            List<String> ticks = xTicks(gauges);
            assertThat(ticks).as("the same time axis as the throughput: every tick at the same place")
                    .isEqualTo(xTicks(svg(html, "Throughput over time"))).isEqualTo(xTicks(rss)).hasSizeGreaterThan(2);
            assertThat(ticks.getFirst()).as("from the run's start").endsWith("@0.0");
        }
    }

    @Test
    void theRealServersAdminMetricsAreScrapedDuringARun(@TempDir Path out) throws Exception {
        ServerConfig config = ServerConfig.from(Map.of("root", root.toString(), "port", "0", "algorithm", "ENBA",
                "admin-port", "0"));
        try (FileServer server = FileServer.start(config)) {
            String url = "http://127.0.0.1:" + server.adminPort().orElseThrow() + "/metrics";
            var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--clients", "4",
                    "--rate", "256KB/s", "--ramp-up", "200ms", "--steady", "2s", "--ramp-down", "200ms",
                    "--interval", "250ms", "--server-metrics", url);

            assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
            ServerMetrics seen = Json.read(run.run().required("serverMetrics").toString(), ServerMetrics.class);
            List<ServerSample> ok = seen.samples().stream().filter(s -> s.error() == null).toList();
            // On a busy machine a scrape may time out (the first one builds the JVM meters); nothing else may fail.
            assertThat(seen.samples()).filteredOn(s -> s.error() != null)
                    .allSatisfy(s -> assertThat(s.error()).contains("timed out"));
            assertThat(ok).isNotEmpty().allSatisfy(s -> {
                assertThat(s.residentBytes()).as("process_resident_memory_bytes").isGreaterThan(16.0 * MB);
                assertThat(s.openFds()).as("process_open_fds: the listening sockets and the clients' at least")
                        .isGreaterThan(2.0);
                assertThat(s.workersBusy()).isBetween(0.0, 50.0);
                assertThat(s.waiting()).isGreaterThanOrEqualTo(0.0);
            });
            assertThat(ok).allSatisfy(s -> assertThat(s.inProgress()).isBetween(0.0, 4.0)); // four clients
        }
    }

    @Test
    void anUnreachableMetricsUrlFailsEveryScrapeButNotTheRun(@TempDir Path out) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closedPort + "/metrics";
        try (FileServer server = LoadFixture.serve(root)) {
            var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--clients", "2",
                    "--think", LoadFixture.PACED_THINK, "--ramp-up", "0s", "--steady", "1s", "--ramp-down", "0s",
                    "--interval", "250ms", "--server-metrics", url);

            assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
            JsonNode metrics = run.run().required("serverMetrics");
            assertThat(metrics.required("failures").longValue()).isPositive()
                    .isEqualTo(metrics.required("samples").size());
            assertThat(metrics.required("samples").required(0).required("workersBusy").isNull()).isTrue();
            assertThat(run.out()).contains("server (" + url + "): ");
            assertThat(Files.readString(out.resolve("report.html"))).contains("Server: resident memory (RSS)");
        }
    }

    @Test
    void aServerMetricsValueThatIsNotAnHttpUrlIsBadInput(@TempDir Path out) throws Exception {
        var run = load(out, "--url", "http://127.0.0.1:1/", "--manifest", manifest.toString(),
                "--server-metrics", "ftp://127.0.0.1/metrics");
        assertThat(run.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(run.log()).contains("--server-metrics: 'ftp://127.0.0.1/metrics' is not an http:// URL");
    }

    /** The SVG element whose title starts with {@code title}. */
    private static String svg(String html, String title) {
        Matcher m = Pattern.compile("<svg[^>]*>(?:(?!</svg>).)*?" + Pattern.quote(title) + ".*?</svg>",
                Pattern.DOTALL).matcher(html);
        assertThat(m.find()).as("a chart titled " + title).isTrue();
        return m.group();
    }

    /** The labels under the x axis with their places, "x@label": centred numeric texts. */
    private static List<String> xTicks(String svg) {
        List<String> ticks = new ArrayList<>();
        Matcher m = Pattern.compile("<text x='([0-9.]+)' [^>]*text-anchor='middle'[^>]*>([0-9.]+)</text>").matcher(svg);
        while (m.find()) {
            ticks.add(m.group(1) + "@" + m.group(2));
        }
        return ticks;
    }
}
