/**
 * The HTTP file server on Grizzly: configuration, HTTP semantics and the wiring to a send algorithm.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.ServerConfig}: the whole configuration, one immutable record validated in its
 *       constructor; {@link dev.gsf.server.ServerConfig.Key} lists every key with its default and help, and
 *       {@link dev.gsf.server.ServeCommand} generates its options from them.</li>
 *   <li>{@link dev.gsf.server.FileServer}: a running server built from one configuration;
 *       {@link dev.gsf.server.FileServer#reconfigure} applies another while it runs. What a reload replaces is a
 *       {@code Generation} (algorithm, its worker pool, send settings, access log), kept by {@code Generations};
 *       {@link dev.gsf.server.Reload} applies a reload and prints it (SIGHUP re-reads the config file; the admin
 *       listener's {@code POST /admin/config} changes some keys).</li>
 *   <li>{@link dev.gsf.server.FileHandler}: the HTTP layer (methods, paths, validators, conditional requests, ranges);
 *       it decides status and headers and hands the body to the send algorithm. Helped by {@code PathResolver},
 *       {@code ByteRange}, {@code Validators} and {@code ContentTypes}.</li>
 *   <li>{@link dev.gsf.server.WorkerPool}: the bounded pool that runs turns of SBA, EBA and ENBA.</li>
 *   <li>{@link dev.gsf.server.AccessLog}, {@link dev.gsf.server.Logging}: what the server writes down; the results
 *       log and result sinks are in {@link dev.gsf.server.results}.</li>
 *   <li>{@link dev.gsf.server.DownloadTracker}: the downloads in progress, and the {@code DownloadObserver} (the
 *       metrics of {@code dev.gsf.server.admin}) told of each one's start, first bytes and end.</li>
 * </ul>
 *
 * <p>Threads: {@code FileHandler} runs on Grizzly's HTTP threads and never waits for a client; the commands run on
 * the main thread; the access log flushes from its own timer thread; a SIGHUP reload runs on the JVM's signal thread,
 * and a replaced generation closes on a thread of its own.
 */
package dev.gsf.server;
