/**
 * What the server tells its operator about downloads and connections, and the signals it answers.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.ops.AccessLog}: one Combined Log Format line per request, as nginx writes it.</li>
 *   <li>{@link dev.gsf.server.ops.DownloadTracker}: the one path a download's life goes through once the HTTP
 *       layer hands it over ({@link dev.gsf.server.ops.Arrival}): the downloads in progress
 *       ({@link dev.gsf.server.ops.ActiveDownload}, for the status page), the
 *       {@link dev.gsf.server.ops.DownloadObserver} told of each one's start (and representation: identity or a
 *       sidecar's coding), first bytes and end (the metrics), and its result for the results log and sinks.</li>
 *   <li>{@code ConnectionCount}: client connections open on the file port; {@link dev.gsf.server.ops.StopSignals}:
 *       SIGTERM and SIGINT for {@code gsf serve} (drain, then cut).</li>
 * </ul>
 *
 * <p>Threads: told on Grizzly's threads and on whichever thread ends a download, never blocking; the access log
 * flushes from its own timer thread; signals arrive on the JVM's signal thread.
 */
package dev.gsf.server.ops;
