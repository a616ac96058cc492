package dev.gsf.server.results;


/**
 * Receives the result of every download: the plug-in point for custom result handling (the original
 * grizzly-sendfile's {@code DownloadResultSender}). The results log ({@code results-log=FILE}, JSON Lines) is the
 * built-in sink; further sinks are found with {@link java.util.ServiceLoader}: a class with a public no-argument
 * constructor, named in a {@code META-INF/services/dev.gsf.server.results.DownloadResultSink} file of a jar on the
 * server's class path, is used by every server started in that JVM, in addition to the results log.
 *
 * <p>Threads: every method is called on the server's one results thread, never concurrently and never on the send
 * path. A sink may block or throw without slowing or failing a download: results queue up (boundedly) while it
 * blocks, and those that do not fit are dropped and counted ({@code FileServer.resultsDropped()}); an exception is
 * logged (the first with its trace) and counted, and the next result is delivered as usual. A sink that blocks
 * delays the other sinks too. On stop, the thread is interrupted; a sink blocked in an interruptible call ends.
 */
public interface DownloadResultSink extends AutoCloseable {

    /** One download's result. */
    void accept(DownloadResult result) throws Exception;

    /** Called when no more results are waiting: a sink that buffers should write them out now. */
    default void flush() throws Exception {
    }

    /** Called once when the server stops, after the last result; on the stopping thread. */
    @Override
    default void close() throws Exception {
    }
}
