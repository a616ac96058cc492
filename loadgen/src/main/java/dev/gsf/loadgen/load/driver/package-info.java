/**
 * The simulated clients and the event loops that run them: many keep-alive connections on few threads.
 *
 * <ul>
 *   <li>{@link dev.gsf.loadgen.load.driver.EventLoop}: one thread, one selector, many clients and their timers
 *       ({@link dev.gsf.loadgen.load.driver.Timers}); each loop owns a {@code Stripe} of its segment's clients and
 *       arrivals.</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.Client}: one simulated user (request, throttled reads, retries, progress
 *       deadline) on its {@link dev.gsf.loadgen.load.driver.Connection}; {@link
 *       dev.gsf.loadgen.load.driver.ResponseCheck} checks the response as it streams in (the head, parsed into a
 *       {@link dev.gsf.loadgen.load.driver.ResponseHead}, against the file's
 *       {@link dev.gsf.loadgen.load.driver.Expectation}, the body's length and MD5; with --ranges, a
 *       multipart/byteranges body part by part in {@link dev.gsf.loadgen.load.driver.MultipartCheck});
 *       {@link dev.gsf.loadgen.load.driver.Throttle} is the token bucket of its reads.</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.LoadModel}: when downloads start, the closed
 *       ({@link dev.gsf.loadgen.load.driver.ClosedModel}) or open ({@link dev.gsf.loadgen.load.driver.OpenModel})
 *       model.</li>
 *   <li>TLS: {@link dev.gsf.loadgen.load.driver.TlsClient} sets it up from --ca and --insecure (one context per run)
 *       and makes the engines; {@link dev.gsf.loadgen.load.driver.TlsLayer} drives one connection's engine without
 *       blocking through the loop's shared {@link dev.gsf.loadgen.load.driver.TlsBuffers}.
 *       {@link dev.gsf.loadgen.load.driver.Connecting} is how a run's connections are made (TLS, source
 *       addresses).</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.Probe}: one HEAD per file before the load, to learn the
 *       {@link dev.gsf.loadgen.load.driver.Expectation}s; {@link dev.gsf.loadgen.load.driver.DriverConfig} is what
 *       every client of a run shares.</li>
 * </ul>
 *
 * <p>Threads: every client, model, throttle and TLS layer belongs to one event loop and is used only by its thread,
 * which blocks only in select; {@code Probe} blocks the calling thread, bounded by its timeout; {@code TlsClient} and
 * {@code Connecting} are immutable and made on the command's thread. Imports the metrics, the workload and the
 * segment only.
 */
package dev.gsf.loadgen.load.driver;
