/**
 * The simulated clients and the event loops that run them: many keep-alive connections on few threads.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.driver.EventLoop}: one thread, one selector, many clients and their timers
 *       ({@link dev.gsf.loadgen.load.driver.Timers}).</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.Client}: one simulated user (request, response head, body digest,
 *       throttle, retries); {@link dev.gsf.loadgen.load.driver.Throttle} is its token bucket and
 *       {@link dev.gsf.loadgen.load.driver.ResponseHead} the parsed head.</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.LoadModel}: when downloads start, the closed
 *       ({@link dev.gsf.loadgen.load.driver.ClosedModel}) or open ({@link dev.gsf.loadgen.load.driver.OpenModel})
 *       model.</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.Probe}: one HEAD per file before the load, to learn the
 *       {@link dev.gsf.loadgen.load.driver.Expectation}s; {@link dev.gsf.loadgen.load.driver.DriverConfig} is what
 *       every client of a run shares.</li>
 * </ul>
 *
 * <p>Threads: every client, model and throttle belongs to one event loop and is used only by its thread, which
 * blocks only in select; {@code Probe} blocks the calling thread, bounded by its timeout.
 */
package dev.gsf.loadgen.load.driver;
