/**
 * {@code gsf probe}: time in select() and bytes per write() streaming to a loopback sink ("Performance
 * investigation of Java's select() in Windows").
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.probe.ProbeCommand} runs {@link dev.gsf.micro.probe.WriteProbe} per
 *       {@link dev.gsf.micro.probe.ProbeCell} and reports with {@link dev.gsf.micro.probe.ProbeReport}.</li>
 *   <li>{@link dev.gsf.micro.probe.Sink}: where the bytes go, {@link dev.gsf.micro.probe.DiscardSink} or
 *       {@link dev.gsf.micro.probe.NetcatSink}.</li>
 * </ul>
 *
 * <p>Threads: the probe runs on the calling thread, bounded by its write count and time limit; the built-in sink
 * reads on a thread per connection.
 */
package dev.gsf.micro.probe;
