/**
 * What the simulated clients download and how they pause: the file mix and the think time.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.workload.Workload}: a flat mix over a manifest's files, each a
 *       {@link dev.gsf.loadgen.load.workload.FileChoice}.</li>
 *   <li>{@link dev.gsf.loadgen.load.workload.FileChoices}: the random streams of a run, one per global client and
 *       arrival number, so that a client draws the same files in whichever segment ({@code dev.gsf.loadgen.segment})
 *       and event loop runs it.</li>
 *   <li>{@link dev.gsf.loadgen.load.workload.ThinkTime}: none, fixed or negative exponential.</li>
 * </ul>
 *
 * <p>Threads: immutable, any thread; a stream of {@code FileChoices} belongs to the thread that runs its client.
 * Imports no other package of the load generator.
 */
package dev.gsf.loadgen.load.workload;
