package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * What the sinks of a download on a Grizzly connection share: body sections go to the download's {@link BodyWriter}
 * (the plain one, or the TLS one on the HTTPS port), TCP_CORK spans writes that follow one another, and a download
 * that fails before its first byte may be answered 500 instead. A variant says how the first write carries the head
 * ({@link #writeFirst}), how it sees a client that left ({@link #clientGone}) and how the download ends ({@link #end}).
 *
 * <p>Threads: as {@link WriteSink} says; Grizzly calls the write callbacks on the writing or a selector thread.
 */
abstract sealed class ConnectionSink implements WriteSink permits ResponseSink, PlainSink {
    /** Why a connection is dropped after a download failed (one shared instance: nobody reads its stack). */
    private static final IOException ABORTED = new IOException("the download ended before its last byte");
    final FilterChainContext context;
    final Connection<?> connection;
    /** Whether the request is suspended (or its connection held) until the download ends (not on the fast path). */
    final boolean suspended;
    final NoPush noPush;
    /** How the body's sections reach the connection. */
    private final BodyWriter body;
    /** Set by the first write: after it, a failure can no longer be answered 500. */
    volatile boolean headSent;
    volatile boolean answeredServerError;

    ConnectionSink(FilterChainContext context, BodyWriter body, boolean suspended, boolean noPush) {
        this.context = context;
        this.connection = context.getConnection();
        this.body = body;
        this.suspended = suspended;
        this.noPush = NoPush.of(connection, noPush);
    }

    /** Whether the download failed before its first write and was answered with a 500 instead. */
    public final boolean answeredServerError() {
        return answeredServerError;
    }

    @Override
    public final void write(FileSection section, boolean more, Written done) {
        body.write(section, noPush.forWrite(more, done));
    }

    @Override
    public final boolean writeBlocking(FileSection section, boolean more) throws IOException {
        if (!body.canWriteBlocking()) {
            return false;
        }
        body.writeBlocking(section, noPush.forWrite(more, WriteHandler.NOTHING));
        return true;
    }

    /** {@code done} of the download's first write, the head: the body writer may let go of what that write held. */
    final Written firstWritten(Written done) {
        return body.afterHead(done);
    }

    /**
     * Drops the connection at once, failing any write still queued (not a graceful close: that queues behind a failed
     * write and can wait forever, as seen with clients that reset mid-body). Its reason tells the TLS port not to
     * send a close_notify: the response was cut short, and a client must not take that for its end.
     */
    final void abort() {
        connection.terminateWithReason(ABORTED);
    }

    /**
     * Whether the client of a suspended request (or a held download) has left. Grizzly reads nothing from such a
     * connection, so it cannot see the client leave; the socket is polled.
     */
    final boolean hasLeft() {
        return !connection.isOpen() || ClientWatch.hasClosed((SocketChannel) ((NIOConnection) connection).getChannel(),
                SSLUtils.getSSLEngine(connection) != null);
    }
}
