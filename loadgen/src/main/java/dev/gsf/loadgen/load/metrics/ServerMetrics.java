package dev.gsf.loadgen.load.metrics;

import java.util.List;

/**
 * What {@code --server-metrics} saw during one run.
 *
 * @param url        the server's /metrics
 * @param samples    every scrape in order, the failed ones included (with NaN gauges and their error)
 * @param failures   scrapes that failed (no answer, not 200, not the text format)
 * @param firstError the first failure's reason, null when none failed
 */
public record ServerMetrics(String url, List<ServerSample> samples, long failures, String firstError) {
}
