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
 *       {@link dev.gsf.loadgen.load.driver.Throttle} is the token bucket of its reads. The download in flight (file,
 *       start, sequence number, progress deadline, recorded outcome, failure messages) is a
 *       {@link dev.gsf.loadgen.load.driver.Download}, kept the same way by both protocols' users; a connection's
 *       connect and TLS handshake failures are told the same way to both its owners ({@code Connection#establish},
 *       {@link dev.gsf.loadgen.load.driver.Failures}).</li>
 *   <li>HTTP/2 (--http2): each simulated user is an {@link dev.gsf.loadgen.load.driver.H2User}, one stream at a
 *       time of an {@link dev.gsf.loadgen.load.driver.H2Session} that --streams users share (one connection,
 *       reconnected after a GOAWAY; {@link dev.gsf.loadgen.load.driver.H2Frames} drops a closed connection's
 *       frames); the user's response goes through the same {@code ResponseCheck}, its throttle paces the stream's
 *       WINDOW_UPDATEs; {@link dev.gsf.loadgen.load.driver.H2Requests} are the request heads made once,
 *       {@link dev.gsf.loadgen.load.driver.Http2Options} the options, {@link dev.gsf.loadgen.load.driver.H2Probe}
 *       the probe's HEAD over h2. Frames and HPACK are {@code dev.gsf.loadgen.load.h2}'s. The load models see
 *       {@link dev.gsf.loadgen.load.driver.User}s, the loop's selection keys
 *       {@link dev.gsf.loadgen.load.driver.SocketOwner}s (a {@code Client} or an {@code H2Session}).</li>
 *   <li>{@link dev.gsf.loadgen.load.driver.LoadModel}: when downloads start, the closed
 *       ({@link dev.gsf.loadgen.load.driver.ClosedModel}) or open ({@link dev.gsf.loadgen.load.driver.OpenModel})
 *       model.</li>
 *   <li>TLS: {@link dev.gsf.loadgen.load.driver.TlsClient} sets it up from --ca and --insecure (one context per run)
 *       and makes the engines, the JDK's or, with --tls-provider openssl (or auto where it loads), BoringSSL's from
 *       {@link dev.gsf.loadgen.load.driver.BoringClient} (released when their connection closes);
 *       {@link dev.gsf.loadgen.load.driver.TlsLayer} drives one connection's engine without
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
 * {@code Connecting} are immutable and made on the command's thread. Imports the metrics, the workload, the
 * segment and the h2 codec ({@code dev.gsf.loadgen.load.h2}, with Jetty's {@code MetaData}) only.
 */
package dev.gsf.loadgen.load.driver;
