/**
 * What {@code gsf load} writes: the text summary, summary.json, report.html and the live progress line.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.report.Summary}: the figures every report shows, computed once per run.</li>
 *   <li>{@link dev.gsf.loadgen.load.report.ReportFiles}: writes summary.txt, summary.json and report.html of an
 *       invocation ({@link dev.gsf.loadgen.load.report.TextReport}, {@link dev.gsf.loadgen.load.report.JsonReport},
 *       {@link dev.gsf.loadgen.load.report.HtmlReport}); {@link dev.gsf.loadgen.load.report.HistogramLog} the
 *       interval log.</li>
 *   <li>{@link dev.gsf.loadgen.load.report.Progress}: the live progress line on a terminal or in a log;
 *       {@link dev.gsf.loadgen.load.report.ProgressLine} owns its format and its parsing, by which a coordinator
 *       reads its agents' lines back.</li>
 * </ul>
 *
 * <p>Threads: the reports are written by the command's thread after the run; the progress line by the sampling
 * thread, and parsed by a coordinator's reader threads. Imports the plan and the metrics.
 */
package dev.gsf.loadgen.load.report;
