/**
 * What {@code gsf load} writes: the text summary, summary.json, report.html and the live progress line.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.report.Summary}: the figures every report shows, computed once per run.</li>
 *   <li>{@link dev.gsf.loadgen.load.report.ReportFiles}: writes summary.txt, summary.json and report.html of an
 *       invocation ({@link dev.gsf.loadgen.load.report.TextReport}, {@link dev.gsf.loadgen.load.report.JsonReport},
 *       {@link dev.gsf.loadgen.load.report.HtmlReport}).</li>
 *   <li>{@link dev.gsf.loadgen.load.report.Progress}: the live progress line.</li>
 * </ul>
 *
 * <p>Threads: the reports are written by the command's thread after the run; the progress line by the sampling
 * thread.
 */
package dev.gsf.loadgen.load.report;
