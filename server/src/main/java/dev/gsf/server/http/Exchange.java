package dev.gsf.server.http;

import dev.gsf.algorithms.WriteSink;
import dev.gsf.server.generation.Generation;
import dev.gsf.server.ops.AccessLog;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * One request and its answer as {@link FileHandler} decides it, whatever protocol carries it: the request's method,
 * path and header fields in, a status, header fields and a body out. HTTP/1.1 (a Grizzly request and response,
 * {@link GrizzlyExchange}) and HTTP/2 (a stream, {@code dev.gsf.server.h2}) each write the head their own way: the
 * handler never sees a status line or a frame.
 *
 * <p>Threads: called by the thread that read the request, one call at a time; {@link #sink}'s sink as
 * {@link WriteSink} says.
 */
public interface Exchange {

    /** The request method's name, as sent ({@code GET}, {@code HEAD}, ...). */
    String method();

    /** The request target's path, still percent-encoded, without the query. */
    String rawPath();

    /** The request target's query, without the '?'; null when there is none. */
    String query();

    /** The value of the request's header field {@code name} (case-insensitive), null when absent. */
    String header(String name);

    /** The client's address, as the access log gives it. */
    String remoteAddress();

    /** The access log line of this request, begun. */
    AccessLog.Line logLine(AccessLog log);

    /** Sets the answer's status. */
    void status(int status);

    /** The answer's status so far. */
    int status();

    /** Sets one field of the answer's head (replacing one of the same name). */
    void header(String name, String value);

    /** Sets Content-Type and Content-Length. */
    void content(String type, long length);

    /** Sends the head as set, then {@code body} unless the method was HEAD: a small answer of the handler's own. */
    void answer(byte[] body) throws IOException;

    /** Sends the head as set with no body (HEAD, 304, an empty file). */
    void answerHead() throws IOException;

    /**
     * The sink of a download answering this request: the head as set goes out with its first write.
     *
     * @param now the small-file fast path: the algorithm writes at once, on this thread, in one write; else the
     *            request waits (suspended) until the download ends
     */
    Sink sink(Generation generation, boolean now);

    /** Whether a small file's download may be written at once, on the thread that read the request. */
    boolean fastPath();

    /**
     * A download's sink, and whether it answered the request 500 itself (the download failed before its first byte),
     * asked when the download has ended.
     */
    record Sink(WriteSink sink, BooleanSupplier answeredServerError) {
    }
}
