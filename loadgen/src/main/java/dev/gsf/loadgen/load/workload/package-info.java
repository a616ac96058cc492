/**
 * What the simulated clients download and how they pause: the file mix and the think time.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.workload.Workload}: a flat mix over a manifest's files, each a
 *       {@link dev.gsf.loadgen.load.workload.FileChoice}.</li>
 *   <li>{@link dev.gsf.loadgen.load.workload.ThinkTime}: none, fixed or negative exponential.</li>
 * </ul>
 *
 * <p>Threads: immutable; any thread.
 */
package dev.gsf.loadgen.load.workload;
