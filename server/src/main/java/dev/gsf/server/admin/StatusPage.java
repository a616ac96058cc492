package dev.gsf.server.admin;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.Durations;
import dev.gsf.report.Json;
import dev.gsf.report.Numbers;
import dev.gsf.report.Page;
import dev.gsf.server.ops.ActiveDownload;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /admin/status}, after nginx's stub_status and Apache's server-status: the configuration, uptime, counters
 * and every download in progress, as an HTML page that reloads itself or as JSON. The counters are the meters of
 * {@code /metrics}. Built on an admin listener thread per request; reads only counters, never blocks.
 */
final class StatusPage {
    /** The HTML page reloads itself this often. */
    static final int REFRESH_SECONDS = 2;
    /** Rows of the HTML table of downloads; JSON lists them all. */
    static final int MAX_ROWS = 500;

    /**
     * The whole status at one moment.
     *
     * @param configuration the settings in force, by configuration key
     * @param totals        server-wide counters
     * @param algorithms    counters of each algorithm
     * @param downloads     every download in progress, oldest first
     * @param encodings     downloads started by representation sent (identity, gzip, br)
     */
    record Status(String server, String now, String started, long uptimeSeconds, Map<String, String> configuration,
                  Totals totals, List<AlgorithmCounters> algorithms, List<DownloadRow> downloads,
                  Map<String, Long> encodings) {
    }

    record Totals(int downloadsInProgress, int workersBusy, int workers, long rejected, int openFiles,
                  int connectionsOpen) {
    }

    record AlgorithmCounters(Algorithm algorithm, long started, long completed, long clientGone, long writeTimeout,
                             long serverError, long sentBytes, int inProgress, int waiting, long inlineWrites,
                             long handOffs) {
    }

    record DownloadRow(String client, String path, long firstByte, long length, Algorithm algorithm,
                       String received, double seconds, long bytesSent, double bytesPerSecond) {
    }

    private final RunningServer server;
    private final ServerMetrics metrics;

    StatusPage(RunningServer server, ServerMetrics metrics) {
        this.server = server;
        this.metrics = metrics;
    }

    Status status() {
        Instant now = Instant.now();
        Map<String, String> configuration = new LinkedHashMap<>(
                server.config().asText());
        configuration.put("address", server.address());
        List<AlgorithmCounters> algorithms = Arrays.stream(Algorithm.values()).map(a -> new AlgorithmCounters(a,
                metrics.startedCount(a), metrics.endedCount(a, Outcome.COMPLETED),
                metrics.endedCount(a, Outcome.CLIENT_GONE),
                metrics.endedCount(a, Outcome.WRITE_TIMEOUT), metrics.endedCount(a, Outcome.SERVER_ERROR),
                metrics.sentBytes(a), ServerMetrics.stat(server, a, AlgorithmStats.Snapshot::inProgress),
                ServerMetrics.stat(server, a, AlgorithmStats.Snapshot::waiting),
                ServerMetrics.count(server, a, AlgorithmStats.Snapshot::inlineWrites),
                ServerMetrics.count(server, a, AlgorithmStats.Snapshot::handOffs))).toList();
        List<DownloadRow> downloads = server.downloadsInProgress().stream().map(d -> row(d, now)).toList();
        Totals totals = new Totals(downloads.size(), server.busyWorkers(), server.workerThreads(),
                metrics.rejectedCount(), server.openFiles(), server.connectionsOpen());
        return new Status("gsf " + server.address(), now.truncatedTo(ChronoUnit.MILLIS).toString(),
                server.startedAt().truncatedTo(ChronoUnit.MILLIS).toString(),
                Duration.between(server.startedAt(), now).toSeconds(), configuration, totals, algorithms, downloads,
                metrics.encodedCounts());
    }

    private static DownloadRow row(ActiveDownload d, Instant now) {
        return new DownloadRow(d.client(), d.path(), d.range().first(), d.range().length(), d.algorithm(),
                d.received().truncatedTo(ChronoUnit.MILLIS).toString(),
                Duration.between(d.received(), now).toMillis() / 1000.0, d.bytesSent(), d.bytesPerSecond());
    }

    String json() {
        return Json.write(status());
    }

    String html() {
        Status s = status();
        Page page = new Page("gsf status: " + server.address()).refreshEvery(REFRESH_SECONDS);
        page.paragraph("Up " + Durations.format(Duration.ofSeconds(s.uptimeSeconds())) + " since " + s.started()
                + "; now " + s.now() + ". Reloads every " + REFRESH_SECONDS + " s; the same as JSON: ?format=json;"
                + " metrics: /metrics.");
        Totals t = s.totals();
        page.heading("Server");
        page.table(List.of("downloads in progress", "workers busy", "workers", "rejected (503)", "open files",
                "connections open"), List.of(List.of(Long.toString(t.downloadsInProgress()),
                Long.toString(t.workersBusy()), Long.toString(t.workers()), Long.toString(t.rejected()),
                Long.toString(t.openFiles()), Long.toString(t.connectionsOpen()))));
        page.heading("Downloads by algorithm");
        List<List<String>> rows = new ArrayList<>();
        for (AlgorithmCounters a : s.algorithms()) {
            rows.add(List.of(a.algorithm().name(), Long.toString(a.started()), Long.toString(a.completed()),
                    Long.toString(a.clientGone()), Long.toString(a.writeTimeout()), Long.toString(a.serverError()),
                    Numbers.megabytes(a.sentBytes()), Long.toString(a.inProgress()), Long.toString(a.waiting()),
                    Long.toString(a.inlineWrites()), Long.toString(a.handOffs())));
        }
        page.table(List.of("algorithm", "started", "completed", "client gone", "write timeout", "server error",
                "sent", "in progress", "waiting", "inline writes", "hand-offs"), rows);
        page.heading("Downloads by representation (precompressed sidecars)");
        page.table(List.copyOf(s.encodings().keySet()),
                List.of(s.encodings().values().stream().map(n -> Long.toString(n)).toList()));
        page.heading("Downloads in progress: " + s.downloads().size());
        rows.clear();
        for (DownloadRow d : s.downloads().subList(0, Math.min(MAX_ROWS, s.downloads().size()))) {
            rows.add(List.of(d.client(), d.path(), d.firstByte() + "-" + (d.firstByte() + d.length() - 1),
                    d.algorithm().name(), Numbers.megabytes(d.bytesSent()), Numbers.megabytes(d.length()),
                    Numbers.fixed(d.bytesPerSecond() / (1 << 20), 2) + " MB/s", Numbers.fixed(d.seconds(), 1) + " s"));
        }
        page.table(List.of("client", "file", "range", "algorithm", "sent", "of", "rate", "age"), rows);
        if (s.downloads().size() > MAX_ROWS) {
            page.paragraph((s.downloads().size() - MAX_ROWS)
                    + " more downloads are not listed; ?format=json lists all.");
        }
        page.heading("Configuration");
        List<List<String>> settings = new ArrayList<>();
        s.configuration().forEach((key, value) -> settings.add(List.of(key, value)));
        page.table(List.of("key", "value"), settings);
        return page.html();
    }
}
