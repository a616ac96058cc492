/**
 * The send algorithms: how the bytes of a download reach the client once the HTTP layer has decided what to send.
 *
 * <ul>
 *   <li>{@link dev.gsf.algorithms.SendAlgorithm}: the one interface; {@link dev.gsf.algorithms.Algorithm} names the
 *       variants and creates them.</li>
 *   <li>{@link dev.gsf.algorithms.Download}: one download (open file, byte range, connection) and the write path
 *       every variant shares; {@link dev.gsf.algorithms.Outcome} is how it ended.</li>
 *   <li>{@link dev.gsf.algorithms.Scheduler}: admission, the download cap, the write-timeout sweeper, counting
 *       ({@link dev.gsf.algorithms.AlgorithmStats}) and shutdown, written once; the package-private variants SBA,
 *       EBA, ENBA and VTA say only how a turn is scheduled.</li>
 *   <li>{@link dev.gsf.algorithms.SendSettings}: what every variant is tuned by.</li>
 * </ul>
 *
 * <p>Threads: the HTTP layer calls {@code admit} and {@code Admission.start} on a Grizzly thread, and they never
 * block; the writes run on the worker pool (SBA, EBA, ENBA) or on a virtual thread per download (VTA); completion
 * callbacks of non-blocking writes arrive on Grizzly's selector threads.
 */
package dev.gsf.algorithms;
