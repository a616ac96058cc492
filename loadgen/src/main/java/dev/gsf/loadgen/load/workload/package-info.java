/**
 * What the simulated clients download and how they pause: the file mix, the ranges asked, and the think time.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.workload.Workload}: a flat mix over a manifest's files, each a
 *       {@link dev.gsf.loadgen.load.workload.FileChoice}.</li>
 *   <li>{@link dev.gsf.loadgen.load.workload.FileChoices}: the random streams of a run, one per global client and
 *       arrival number, so that a client draws the same files in whichever segment ({@code dev.gsf.loadgen.segment})
 *       and event loop runs it.</li>
 *   <li>{@link dev.gsf.loadgen.load.workload.ThinkTime}: none, fixed or negative exponential.</li>
 *   <li>--ranges: {@link dev.gsf.loadgen.load.workload.RangeSpec} is the option (fixed or random ranges);
 *       {@link dev.gsf.loadgen.load.workload.RangeSets} reads, before the run, from local copies of the files the
 *       Content-Range and MD5 of every part of each request ({@link dev.gsf.loadgen.load.workload.RangeSet}).</li>
 * </ul>
 *
 * <p>Threads: immutable, any thread ({@code RangeSets} is made on the command's thread, then only read); a stream
 * of {@code FileChoices} belongs to the thread that runs its client. Imports no other package of the load generator
 * (common's file set and byte sizes only).
 */
package dev.gsf.loadgen.load.workload;
