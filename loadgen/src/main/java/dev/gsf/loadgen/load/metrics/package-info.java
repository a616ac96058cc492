/**
 * What a load run measures: per-download figures under Faban's phase rules, live totals and the time series.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.metrics.Recorder}: turns download events into figures
 *       ({@link dev.gsf.loadgen.load.metrics.RunMetrics}, {@link dev.gsf.loadgen.load.metrics.FileMetrics}),
 *       applying {@link dev.gsf.loadgen.load.metrics.Phases}; each simulated client's steady-state bytes
 *       ({@link dev.gsf.loadgen.load.metrics.ClientBytes}) go into Jain's fairness index
 *       ({@link dev.gsf.loadgen.load.metrics.Fairness}) when its loop stops.</li>
 *   <li>{@link dev.gsf.loadgen.load.metrics.LiveCounters} and {@link dev.gsf.loadgen.load.metrics.Sampler}: the
 *       running totals and the interval series ({@link dev.gsf.loadgen.load.metrics.IntervalSample}).</li>
 *   <li>{@link dev.gsf.loadgen.load.metrics.ErrorKind}, {@link dev.gsf.loadgen.load.metrics.ErrorLog}: every
 *       failure counted under one kind, the first of each logged once.</li>
 *   <li>{@link dev.gsf.loadgen.load.metrics.ServerScraper} ({@code --server-metrics}): the server's Prometheus
 *       /metrics every interval, read by {@link dev.gsf.loadgen.load.metrics.PrometheusText}, kept as
 *       {@link dev.gsf.loadgen.load.metrics.ServerSample}s in {@link dev.gsf.loadgen.load.metrics.ServerMetrics}.</li>
 *   <li>{@link dev.gsf.loadgen.load.metrics.RunResult}: everything one run measured, for the reports.</li>
 * </ul>
 *
 * <p>Threads: one recorder per event loop, called only by its thread and merged after the loops stopped; the event
 * loops add to the live counters, which any thread reads; the sampler runs on one scheduler thread, the scraper on
 * another (an HTTP request may block it for up to its timeout).
 */
package dev.gsf.loadgen.load.metrics;
