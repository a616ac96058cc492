/**
 * {@code gsf ping}: ping-pong latency of small messages, NIO against NIO.2 ("Comparing Java 7 Async NIO with
 * NIO"), with virtual threads and sockperf as the physical reference.
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.ping.PingCommand} runs {@link dev.gsf.micro.ping.PingBench} per
 *       {@link dev.gsf.micro.ping.PingStyle} and {@link dev.gsf.micro.ping.PingMode}, and reports with
 *       {@link dev.gsf.micro.ping.PingReport}.</li>
 *   <li>{@link dev.gsf.micro.ping.EndpointPing} drives the styles that have an {@link dev.gsf.micro.ping.Endpoint};
 *       {@link dev.gsf.micro.ping.HandlerPing} chains NIO.2 completion handlers.</li>
 *   <li>{@link dev.gsf.micro.ping.PingRecorder}: round trips into an HdrHistogram, sequence numbers checked.</li>
 * </ul>
 *
 * <p>Threads: an endpoint's methods block the thread that drives that end; in threaded mode the server end echoes
 * on its own thread; the recorder's progress is read by the watchdog thread.
 */
package dev.gsf.micro.ping;
