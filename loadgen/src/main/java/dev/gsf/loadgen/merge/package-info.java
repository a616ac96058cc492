/**
 * {@code gsf merge}: combines the result directories of a run's segments ({@code gsf load --segment I/N} on several
 * agents) into one result, reusing the load's report classes.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.merge.Merge}: the entry point (also for a coordinator, in-process): reads and checks
 *       the directories ({@link dev.gsf.loadgen.merge.AgentResult}, {@link dev.gsf.loadgen.merge.SameRun}), builds
 *       the merged {@code RunResult} and {@code Summary}, writes the reports;
 *       {@link dev.gsf.loadgen.merge.MergedResult} is what it gives back.</li>
 *   <li>{@link dev.gsf.loadgen.merge.MergedSeries}, {@link dev.gsf.loadgen.merge.MergedLog}: the time series and
 *       the interval logs added interval by interval on absolute time.</li>
 *   <li>{@link dev.gsf.loadgen.merge.MergeCommand}: the command.</li>
 * </ul>
 *
 * <p>Threads: everything runs on the caller's thread. Imports the load's sub-packages (report, plan, metrics,
 * driver, workload) and the segment; {@code dev.gsf.loadgen.load} (gsf load's coordinator) uses it, never the
 * reverse, and it never uses the agents.
 */
package dev.gsf.loadgen.merge;
