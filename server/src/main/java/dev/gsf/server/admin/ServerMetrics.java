package dev.gsf.server.admin;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.ops.DownloadObserver;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * The server's meters (names in docs/operating.md), kept in a registry of their own by the
 * Prometheus Java client and written in the Prometheus text format; JMX reads the same meters ({@link Jmx}).
 * Counters and histograms are told by the HTTP layer ({@link DownloadObserver}); gauges are read from the
 * {@link RunningServer} when scraped. Any thread; nothing blocks.
 */
public final class ServerMetrics implements DownloadObserver {
    private static final String ALGORITHM = "algorithm";
    /** Time to first byte: from a loopback hit (sub-millisecond) to a download queued for seconds. */
    private static final double[] TTFB_BOUNDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
            0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};
    /** Download duration: from a 1 KB file on loopback to a 100 MB file at a throttled client's pace. */
    private static final double[] DURATION_BOUNDS = {0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30,
            60, 120, 300, 600, 1800};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private volatile RunningServer server; // set by bind
    private final Counter started = Counter.builder().name("gsf_downloads_started")
            .help("downloads handed to an algorithm").labelNames(ALGORITHM).register(registry);
    private final Counter ended = Counter.builder().name("gsf_downloads_ended")
            .help("downloads ended, by outcome").labelNames(ALGORITHM, "outcome").register(registry);
    private final Counter sentBytes = Counter.builder().name("gsf_sent_bytes").unit(Unit.BYTES)
            .help("body bytes the kernel took").labelNames(ALGORITHM).register(registry);
    private final Counter encoded = Counter.builder().name("gsf_downloads_by_encoding")
            .help("downloads started, by the representation sent: identity, or a precompressed sidecar's coding")
            .labelNames("encoding").register(registry);
    private final Counter rejected = Counter.builder().name("gsf_rejected")
            .help("requests answered 503 because the download queue was full").register(registry);
    private final Histogram timeToFirstByte = Histogram.builder().name("gsf_time_to_first_byte_seconds")
            .unit(Unit.SECONDS).help("request received to first body bytes taken by the kernel")
            .labelNames(ALGORITHM).classicOnly().classicUpperBounds(TTFB_BOUNDS).register(registry);
    private final Histogram duration = Histogram.builder().name("gsf_download_duration_seconds")
            .unit(Unit.SECONDS).help("request received to download ended")
            .labelNames(ALGORITHM).classicOnly().classicUpperBounds(DURATION_BOUNDS).register(registry);

    // The data points of every label value, looked up once: the send path only adds to them.
    private final Map<Algorithm, CounterDataPoint> startedBy = new EnumMap<>(Algorithm.class);
    private final Map<Algorithm, Map<Outcome, CounterDataPoint>> endedBy = new EnumMap<>(Algorithm.class);
    private final Map<Algorithm, CounterDataPoint> sentBy = new EnumMap<>(Algorithm.class);
    private final Map<Algorithm, DistributionDataPoint> ttfbBy = new EnumMap<>(Algorithm.class);
    private final Map<Algorithm, DistributionDataPoint> durationBy = new EnumMap<>(Algorithm.class);

    public ServerMetrics() {
        for (Algorithm a : Algorithm.values()) {
            startedBy.put(a, started.labelValues(a.name()));
            Map<Outcome, CounterDataPoint> outcomes = new EnumMap<>(Outcome.class);
            for (Outcome o : Outcome.values()) {
                outcomes.put(o, ended.labelValues(a.name(), label(o)));
            }
            endedBy.put(a, outcomes);
            sentBy.put(a, sentBytes.labelValues(a.name()));
            ttfbBy.put(a, timeToFirstByte.labelValues(a.name()));
            durationBy.put(a, duration.labelValues(a.name()));
        }
    }

    /** The outcome as a label value: {@code completed, client_gone, write_timeout, server_error}. */
    static String label(Outcome outcome) {
        return outcome.name().toLowerCase(Locale.ROOT);
    }

    /** Adds the gauges read from {@code server} when scraped, and the JVM's and process's metrics. */
    void bind(RunningServer server) {
        this.server = server;
        perAlgorithm("gsf_downloads_in_progress", "downloads that had their first turn and have not ended",
                server, AlgorithmStats.Snapshot::inProgress);
        perAlgorithm("gsf_downloads_waiting", "downloads admitted, waiting for a first turn (the queue)",
                server, AlgorithmStats.Snapshot::waiting);
        perAlgorithmCount("gsf_inline_writes", "chunks written by the thread that had the download, with no hand-off",
                server, AlgorithmStats.Snapshot::inlineWrites);
        perAlgorithmCount("gsf_handoffs", "times a download's next write went to another thread: the selector's (the"
                + " socket did not take it at once), a worker's or a virtual thread's", server,
                AlgorithmStats.Snapshot::handOffs);
        gauge("gsf_workers_busy", "worker pool threads running a turn", server::busyWorkers);
        gauge("gsf_workers", "worker pool size", server::workerThreads);
        gauge("gsf_open_files", "files held open by the open-file cache and downloads", server::openFiles);
        gauge("gsf_connections_open", "client connections open on the file port", server::connectionsOpen);
        gauge("gsf_http2_connections_open", "of those, the ones speaking HTTP/2", server::http2ConnectionsOpen);
        CounterWithCallback.builder().name("gsf_http2_streams").help("requests that came over HTTP/2 (streams)")
                .callback(c -> c.call(server.http2Streams())).register(registry);
        JvmMetrics.builder().register(registry);
    }

    private void gauge(String name, String help, IntSupplier value) {
        GaugeWithCallback.builder().name(name).help(help).callback(c -> c.call(value.getAsInt())).register(registry);
    }

    private void perAlgorithm(String name, String help, RunningServer server,
                              ToIntFunction<AlgorithmStats.Snapshot> of) {
        GaugeWithCallback.builder().name(name).help(help).labelNames(ALGORITHM).callback(c -> {
            for (Algorithm a : Algorithm.values()) { // every series always there, 0 for an algorithm not running
                c.call(stat(server, a, of), a.name());
            }
        }).register(registry);
    }

    /** A counter per algorithm read from its stats (summed over its generations) when scraped. */
    private void perAlgorithmCount(String name, String help, RunningServer server,
                                   ToLongFunction<AlgorithmStats.Snapshot> of) {
        CounterWithCallback.builder().name(name).help(help).labelNames(ALGORITHM).callback(c -> {
            for (Algorithm a : Algorithm.values()) {
                c.call(count(server, a, of), a.name());
            }
        }).register(registry);
    }

    /** One count of an algorithm's current stats, 0 when no download runs under it. */
    static int stat(RunningServer server, Algorithm algorithm, ToIntFunction<AlgorithmStats.Snapshot> of) {
        AlgorithmStats.Snapshot s = server.algorithmStatsByKind().get(algorithm);
        return s == null ? 0 : of.applyAsInt(s);
    }

    /** One counter of an algorithm's stats since start, 0 when it never ran. */
    static long count(RunningServer server, Algorithm algorithm, ToLongFunction<AlgorithmStats.Snapshot> of) {
        AlgorithmStats.Snapshot s = server.algorithmStatsByKind().get(algorithm);
        return s == null ? 0 : of.applyAsLong(s);
    }

    /** Writes every metric in the Prometheus text format (version 0.0.4). */
    void write(OutputStream out) throws IOException {
        server.reportDownloadProgress();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
    }

    static String contentType() {
        return PrometheusTextFormatWriter.CONTENT_TYPE;
    }

    @Override
    public void started(Algorithm algorithm) {
        startedBy.get(algorithm).inc();
    }

    @Override
    public void firstBytes(Algorithm algorithm, long nanos) {
        ttfbBy.get(algorithm).observe(nanos / 1e9);
    }

    @Override
    public void sent(Algorithm algorithm, long bytes) {
        sentBy.get(algorithm).inc(bytes);
    }

    @Override
    public void ended(Algorithm algorithm, Outcome outcome, long nanos) {
        endedBy.get(algorithm).get(outcome).inc();
        durationBy.get(algorithm).observe(nanos / 1e9);
    }

    @Override
    public void encoded(String contentCoding) {
        encoded.labelValues(contentCoding).inc();
    }

    @Override
    public void rejected() {
        rejected.inc();
    }

    // Reads for JMX and the status page: the same meters /metrics shows.

    long startedCount(Algorithm algorithm) {
        return (long) startedBy.get(algorithm).get();
    }

    long endedCount(Algorithm algorithm, Outcome outcome) {
        return (long) endedBy.get(algorithm).get(outcome).get();
    }

    long sentBytes(Algorithm algorithm) {
        server.reportDownloadProgress();
        return (long) sentBy.get(algorithm).get();
    }

    /** Downloads started by representation, identity first, then each coding served so far. */
    Map<String, Long> encodedCounts() {
        Map<String, Long> counts = new java.util.TreeMap<>(Map.of("identity", 0L));
        encoded.collect().getDataPoints().forEach(p -> counts.put(p.getLabels().get("encoding"), (long) p.getValue()));
        return counts;
    }

    long rejectedCount() {
        return (long) rejected.get();
    }

    /** Count and sum (seconds) of the time-to-first-byte histogram of one algorithm. */
    HistogramSnapshot.HistogramDataPointSnapshot timeToFirstByte(Algorithm algorithm) {
        return point(timeToFirstByte, algorithm);
    }

    /** Count and sum (seconds) of the duration histogram of one algorithm. */
    HistogramSnapshot.HistogramDataPointSnapshot duration(Algorithm algorithm) {
        return point(duration, algorithm);
    }

    private static HistogramSnapshot.HistogramDataPointSnapshot point(Histogram histogram, Algorithm algorithm) {
        Labels labels = Labels.of(ALGORITHM, algorithm.name());
        return histogram.collect().getDataPoints().stream().filter(p -> p.getLabels().equals(labels)).findFirst()
                .orElseThrow();
    }
}
