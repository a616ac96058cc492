/**
 * What happened to every download: {@link dev.gsf.server.results.DownloadResult} (one per download with a body) and
 * its {@link dev.gsf.server.results.ByteRange} (the one range type, from the Range header to the log), the
 * {@link dev.gsf.server.results.DownloadResultSink} plug-in interface (found with {@link java.util.ServiceLoader}),
 * the built-in results log ({@code JsonLinesSink}, JSON Lines) and {@link dev.gsf.server.results.ResultDispatcher},
 * which takes results off the send path ({@code ResultSinkException}: a sink that cannot start). Depends on no other
 * package of the server.
 *
 * <p>Threads: the download tracker offers a download's result on whichever thread ended the download, without
 * waiting; the sinks run on the one {@code gsf-results} thread.
 */
package dev.gsf.server.results;
