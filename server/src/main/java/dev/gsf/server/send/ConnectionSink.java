package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink;
import dev.gsf.server.tls.FilterRecords;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.FileChunk;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * What the sinks of a download on a Grizzly connection share: body sections go through the connection's write queue
 * below the HTTP codec (or, for SBA's and EBA's workers, are written by the worker itself, waiting in poll(2)),
 * TCP_CORK spans writes that follow one another, and a download that fails before its first byte may be answered
 * 500 instead. On a TLS connection both kinds of write go through {@link TlsWrites} instead, which reads each
 * section into memory piece by piece and encrypts it into records: the one TLS write path of every algorithm. A
 * variant says how the first write carries the head ({@link #writeFirst}), how it sees a client that left
 * ({@link #clientGone}) and how the download ends ({@link #end}).
 *
 * <p>Threads: as {@link WriteSink} says; Grizzly calls the write callbacks on the writing or a selector thread.
 */
abstract sealed class ConnectionSink implements WriteSink permits ResponseSink, PlainSink {
    final FilterChainContext context;
    final Connection<?> connection;
    /** Whether the request is suspended until the download ends (not on the small-file fast path). */
    final boolean suspended;
    final NoPush noPush;
    /** The HTTPS port's engine of this connection, looked up once; null on the plain port. */
    private final SSLEngine tls;
    /** On TLS, how much of the body each record carries (the connection's: its client stays as slow). */
    private final TlsWrites.Pace pace;
    /** Set by the first write: after it, a failure can no longer be answered 500. */
    volatile boolean headSent;
    volatile boolean answeredServerError;

    ConnectionSink(FilterChainContext context, boolean suspended, boolean noPush) {
        this.context = context;
        this.connection = context.getConnection();
        this.suspended = suspended;
        this.noPush = NoPush.of(connection, noPush);
        this.tls = SSLUtils.getSSLEngine(connection);
        this.pace = tls == null ? null : TlsWrites.Pace.of(connection);
    }

    /** Whether the download failed before its first write and was answered with a 500 instead. */
    public final boolean answeredServerError() {
        return answeredServerError;
    }

    @Override
    public final void write(FileSection section, boolean more, Written done) {
        if (tls != null) {
            TlsWrites.write(context, tls, pace, section, noPush.forWrite(more, done));
            return;
        }
        context.write(new SectionChunk(section, ((NIOConnection) connection).getAsyncWriteQueue()),
                WriteHandler.of(noPush.forWrite(more, done)));
    }

    @Override
    public final boolean writeBlocking(FileSection section, boolean more) throws IOException {
        if (tls != null) {
            TlsWrites.writeBlocking(context, tls, pace, section, noPush.forWrite(more, WriteHandler.NOTHING));
            return true;
        }
        return BlockingWrites.write(connection, section, noPush, more);
    }

    /**
     * {@code done} of the download's first write. On a TLS connection that write (the head, and a small file's whole
     * body) went through the SSL filter, which keeps its record buffer: it is let go of once the write is out, or a
     * slow download would hold it to its end and a keep-alive connection until its next response. The body's own
     * records never pass through the filter.
     */
    final Written firstWritten(Written done) {
        if (tls == null) {
            return done;
        }
        return new Written() {
            @Override
            public void completed() {
                FilterRecords.release(connection);
                done.completed();
            }

            @Override
            public void failed(Throwable cause) {
                done.failed(cause);
            }
        };
    }

    /**
     * Whether the client of a suspended request has left. Grizzly reads nothing from a connection whose request is
     * suspended, so it cannot see the client leave; the socket is polled.
     */
    final boolean hasLeft() {
        return !connection.isOpen() || ClientWatch.hasClosed((SocketChannel) ((NIOConnection) connection).getChannel());
    }

    /**
     * A section as Grizzly's write queue takes it. Grizzly treats a FileChunk as "uncountable": it reserves 1 byte of
     * queue space for it but then releases the bytes actually written (TCPNIOAsyncQueueWriter.write0), so after a
     * 1 KB section the queue counts -1023 bytes and never looks empty again: OP_WRITE stays registered and the
     * selector spins on the idle connection, and no later write is ever written directly. Each write here reserves
     * what Grizzly is about to release, less the 1 byte on the last one, so the queue balances to 0 when it is done.
     */
    static final class SectionChunk implements FileChunk {
        private final FileSection section;
        private final TaskQueue<?> queue;

        SectionChunk(FileSection section, TaskQueue<?> queue) {
            this.section = section;
            this.queue = queue;
        }

        @Override
        public long writeTo(WritableByteChannel channel) throws IOException {
            long written = section.writeTo(channel);
            if (written > 0) {
                queue.reserveSpace((int) (section.remaining() > 0 ? written : written - 1));
            }
            return written;
        }

        @Override
        public boolean hasRemaining() {
            return section.remaining() > 0;
        }

        @Override
        public int remaining() {
            return (int) Math.min(section.remaining(), Integer.MAX_VALUE);
        }

        @Override
        public boolean release() {
            return true; // the download releases the file when it ends
        }

        @Override
        public boolean isExternal() {
            return true; // never aggregated with buffers (Grizzly would cast it to one)
        }
    }
}
