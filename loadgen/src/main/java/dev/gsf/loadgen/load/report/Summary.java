package dev.gsf.loadgen.load.report;

import dev.gsf.loadgen.load.plan.Criterion;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.FileMetrics;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The figures every report shows, computed once from a run so that the text, summary.json and report.html agree.
 * Times are in milliseconds unless named otherwise; MB is 2^20 bytes.
 */
public final class Summary {
    /** Percentiles reported everywhere. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};

    /** Distribution of a histogram, in the histogram's unit divided by {@code scale}. */
    public record Distribution(long count, double mean, double[] percentiles, double max) {
        static Distribution of(Histogram h, double scale) {
            if (h.getTotalCount() == 0) {
                double[] none = new double[PERCENTILES.length];
                java.util.Arrays.fill(none, Double.NaN);
                return new Distribution(0, Double.NaN, none, Double.NaN);
            }
            double[] p = new double[PERCENTILES.length];
            for (int i = 0; i < p.length; i++) {
                p[i] = h.getValueAtPercentile(PERCENTILES[i]) / scale;
            }
            return new Distribution(h.getTotalCount(), h.getMean() / scale, p, h.getMaxValue() / scale);
        }
    }

    /** Steady-state figures of one file. */
    public record FileRow(String name, long length, long downloads, long errors, Distribution timeMs,
                          Distribution speedMBs) {
    }

    public final LoadPlan plan;
    public final RunResult result;
    public final Distribution initMs;
    /** https: TLS handshake times in every phase (k6's http_req_tls_handshaking); no values for plain http. */
    public final Distribution handshakeMs;
    /** https: handshakes a second, the most in one interval and the ramp-up's average; NaN for plain http. */
    public final HandshakeRate handshakeRate;
    public final List<FileRow> files = new ArrayList<>();
    /** The file whose average speed is the headline: the largest one with steady-state downloads. */
    public final FileRow headline;
    public final double throughputMBs;
    public final double downloadsPerSecond;
    public final long steadyAttempts;
    public final double errorRatePercent;
    /**
     * The file whose speed shows the throttled rate: the largest with steady-state downloads that is at least 8
     * buckets long, so that the first bucketful (read at once) skews its speed by less than 1/8; null when none.
     */
    public final FileRow throttled;
    /** Throttled runs: |speed of {@link #throttled} - rate| / rate in percent; NaN otherwise. */
    public final double rateDeviationPercent;
    /** Throttled closed runs: clients x rate in MB/s, what the server would move if every client always read. */
    public final double targetThroughputMBs;
    /** Jain's fairness index over the steady-state throughputs of the clients that ran all of it; NaN for none. */
    public final double fairness;
    /** The least and the most one such client received a second in steady state, MB/s; NaN for none. */
    public final double minClientMBs;
    public final double maxClientMBs;

    /** A merged result's agents, one row each; empty for a single process's run. */
    public final List<AgentRow> agents;

    public Summary(LoadPlan plan, RunResult result) {
        this(plan, result, List.of());
    }

    /** The summary of a merged result: the agents' figures combined into {@code result}, and a row per agent. */
    public Summary(LoadPlan plan, RunResult result, List<AgentRow> agents) {
        this.plan = plan;
        this.agents = List.copyOf(agents);
        this.result = result;
        RunMetrics m = result.metrics();
        initMs = Distribution.of(m.initMicros, 1000.0);
        handshakeMs = Distribution.of(m.handshakeMicros, 1000.0);
        handshakeRate = HandshakeRate.of(result.intervals(), tls());
        FileRow best = null;
        for (int i = 0; i < m.files.length; i++) {
            FileMetrics f = m.files[i];
            FileRow row = new FileRow(result.fileNames().get(i), result.fileLengths()[i], f.downloads(),
                    m.steadyFileErrors[i], Distribution.of(f.downloadMicros, 1000.0),
                    Distribution.of(f.speedBytesPerSecond, 1 << 20));
            files.add(row);
            if (row.downloads() > 0 && (best == null || row.length() > best.length())) {
                best = row;
            }
        }
        headline = best;
        double seconds = result.steadySeconds();
        throughputMBs = seconds > 0 ? Units.mbPerSecond(m.steadyBytes / seconds) : Double.NaN;
        long downloads = m.steadyDownloads();
        downloadsPerSecond = seconds > 0 ? downloads / seconds : Double.NaN;
        steadyAttempts = downloads + m.steadyErrorCount();
        errorRatePercent = steadyAttempts == 0 ? Double.NaN : 100.0 * m.steadyErrorCount() / steadyAttempts;
        double target = Units.mbPerSecond(plan.rate());
        throttled = rateFile(plan.burst());
        rateDeviationPercent = plan.rate() > 0 && throttled != null
                ? 100.0 * Math.abs(throttled.speedMBs().mean() - target) / target : Double.NaN;
        targetThroughputMBs = plan.rate() > 0 && !plan.openModel() ? target * plan.segmentClients() : Double.NaN;
        fairness = m.fairness.jain();
        boolean any = m.fairness.clients() > 0 && seconds > 0;
        minClientMBs = any ? Units.mbPerSecond(m.fairness.minBytes() / seconds) : Double.NaN;
        maxClientMBs = any ? Units.mbPerSecond(m.fairness.maxBytes() / seconds) : Double.NaN;
    }

    private FileRow rateFile(long burst) {
        FileRow best = null;
        for (FileRow row : files) {
            if (row.downloads() > 0 && row.length() >= 8 * burst && (best == null || row.length() > best.length())) {
                best = row;
            }
        }
        return best;
    }

    /** Average init time in seconds, the seed's column. */
    public double avgInitSeconds() {
        return initMs.mean() / 1000.0;
    }

    /** Average speed of the headline file in MB/s, the seed's column. */
    public double avgSpeedMBs() {
        return headline == null ? Double.NaN : headline.speedMBs().mean();
    }

    public double initPercentileMs(double percentile) {
        for (int i = 0; i < PERCENTILES.length; i++) {
            if (PERCENTILES[i] == percentile) {
                return initMs.percentiles()[i];
            }
        }
        throw new IllegalArgumentException("not a reported percentile: " + percentile);
    }

    /** This run's value of a criterion's figure, in the figure's unit; NaN when the run gave no data for it. */
    public double figure(Criterion.Figure figure) {
        return switch (figure) {
            case P90_INIT -> initPercentileMs(90);
            case P99_INIT -> initPercentileMs(99);
            case AVG_INIT -> initMs.mean();
            case ERROR_RATE -> errorRatePercent;
            case RATE_DEVIATION -> rateDeviationPercent;
            case THROUGHPUT -> throughputMBs;
        };
    }

    /** The run spoke TLS. */
    public boolean tls() {
        return plan.target().tls();
    }

    public String downloadLimit() {
        return plan.rate() == 0 ? "none" : Units.formatRate(plan.rate());
    }

    /** "segment 1/3 of 100 clients" for a segment's run, "" for a whole run. */
    public String segmentNote() {
        return plan.segment().whole() ? "" : "segment " + plan.segment() + " of " + (plan.openModel()
                ? String.format(java.util.Locale.ROOT, "%.1f downloads/s and %d connections", plan.arrivalRate(),
                plan.clients()) : plan.clients() + " clients");
    }

    public String model() {
        String model = plan.openModel()
                ? String.format(java.util.Locale.ROOT, "open, %.1f downloads/s, up to %d %s",
                plan.segmentArrivalRate(), plan.segmentClients(), http2() == null ? "connections" : "streams")
                : "closed, " + plan.segmentClients() + " clients, think " + plan.think();
        return http2() == null ? model : model + ", HTTP/2 " + http2().streams() + " streams per connection, window "
                + dev.gsf.common.ByteSize.format(http2().window());
    }

    /** --http2's streams and window, null for HTTP/1.1. */
    public dev.gsf.loadgen.load.driver.Http2Options http2() {
        return plan.connecting().http2();
    }
}
