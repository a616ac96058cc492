package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The connection a download writes its body to, as the HTTP layer hands it over (the model is Helidon's
 * {@code SocketWriter}). The sink is opaque to the algorithm: it knows what must precede the body (the response head,
 * which goes out gathered with the first write, so nothing is committed before the download's first turn) and how the
 * connection ends. The algorithm only decides which thread writes what, and when.
 *
 * <p>Threads: the write methods are called by the thread the algorithm chose (a worker, a virtual thread, or the
 * thread that ran the previous write's callback), at most one write in flight at a time; they never block, except
 * {@link #writeBlocking}. The callbacks run on that thread or on a selector thread and must not block.
 */
public interface WriteSink {

    /** Told once how a write ended. */
    interface Written {
        /** The kernel has taken every byte of the write (or the sink holds them for the next: see {@code more}). */
        void completed();

        /** The write failed (the connection broke, or the section could not read its file). */
        void failed(Throwable cause);
    }

    /**
     * Starts the download's first write: the response head, then every remaining byte of {@code bytes}, gathered.
     * Called once, before any section; the caller never changes the buffer's bytes.
     *
     * @param more whether the caller starts the download's next write as soon as this one is out (the rest of a
     *             chunk, or SBA's and VTA's next chunk): the sink may hold a partial last segment for it (TCP_CORK,
     *             as nginx's tcp_nopush), or, over HTTP/2, the whole write (told done at once, sent with the next
     *             one), and sends all it holds once a write without {@code more} is out
     */
    void writeFirst(ByteBuffer bytes, boolean more, Written done);

    /**
     * Starts writing a section after the first write, whose bytes are produced only when the socket can take them:
     * the sink calls
     * {@link FileSection#writeTo} whenever the connection is writable until nothing remains, then {@code done}.
     *
     * @param more as for {@link #writeFirst}
     */
    void write(FileSection section, boolean more, Written done);

    /**
     * Writes a section after the first write on the calling thread and returns when the kernel has taken all of it:
     * while the socket is full this thread waits for it, as on a blocking socket, and no selector thread takes part.
     * Blocks; called only from turns that may block (SBA's, EBA's and VTA's).
     *
     * @param more as for {@link #writeFirst}
     * @return false, having written nothing, when the calling thread cannot wait on the socket itself (one the server
     *         cannot make wait for it, such as a virtual thread where the JDK's poller cannot be reached); the caller
     *         then uses {@link #write}
     * @throws IOException the connection failed or was closed (a write timeout ends a download by closing it), or
     *                     the section could not read its file
     */
    boolean writeBlocking(FileSection section, boolean more) throws IOException;

    /**
     * Whether the client has closed its side of the connection, found without reading from it (a request pipelined
     * behind this one must stay unread). Called by the scheduler's sweeper thread, about once a period, for
     * downloads still waiting for a first turn, so that a client that left gives its queue place back. May take a
     * few system calls; never blocks.
     */
    boolean clientGone();

    /**
     * The download is over; called once, on the thread that ended it, and must not block. {@link Outcome#COMPLETED}:
     * the connection may carry the next response. Any other outcome: the sink drops the connection (failing a write
     * still in flight), unless nothing was sent yet, when it may still answer with an error of its own.
     */
    void end(Outcome outcome);
}
