package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink;
import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import org.glassfish.grizzly.filterchain.FilterChainContext;

/**
 * How a download's body sections reach its connection after the first write: the one part of a {@link WriteSink} that
 * depends on what the connection is. As Helidon 4's {@code SocketWriter.create} picks one of a few small writers, a
 * {@link Choice} picks one per download: the plain writer ({@link #plain}) hands a section to the connection's write
 * queue as the file's own bytes (sendfile or a copy), or lets a worker (waiting in poll(2)) or a virtual thread
 * (parked) write it itself; the TLS writer ({@code dev.gsf.server.tls.TlsWrites}) encrypts it into records first. The sink keeps everything else: the
 * head, TCP_CORK over the writes, how a client that left is seen and how the download ends.
 *
 * <p>Threads: as {@link WriteSink}'s: called by the thread the algorithm chose, one write in flight at a time; only
 * {@link #writeBlocking} blocks. {@code done} is told on that thread or on a selector thread.
 */
public interface BodyWriter {

    /** Starts writing all of {@code section}; {@code done} is told once, when the kernel has taken it or it failed. */
    void write(FileSection section, Written done);

    /**
     * Whether {@link #writeBlocking} may run on the calling thread now; when not ({@link WriteSink#writeBlocking}
     * returns false then), the algorithm writes with {@link #write} instead.
     */
    boolean canWriteBlocking();

    /**
     * Writes all of {@code section} on the calling thread, returns when the kernel has taken it and tells
     * {@code done}; only after {@link #canWriteBlocking} said yes.
     *
     * @throws IOException the connection failed or was closed (a write timeout, a stop), or the file could not be read
     */
    void writeBlocking(FileSection section, Written done) throws IOException;

    /**
     * What to tell once the download's first write (the head, which goes through the connection's filter chain) is
     * out: {@code done}, after anything the connection holds for that write was let go of.
     */
    default Written afterHead(Written done) {
        return done;
    }

    /** The plain writer of a download on {@code context}'s connection. */
    static BodyWriter plain(FilterChainContext context) {
        return new PlainWrites(context);
    }

    /** Picks the writer of each download by its connection; the server's wiring gives one to the HTTP layer. */
    @FunctionalInterface
    interface Choice {
        BodyWriter of(FilterChainContext context);
    }
}
