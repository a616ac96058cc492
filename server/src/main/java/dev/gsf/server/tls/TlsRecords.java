package dev.gsf.server.tls;

import dev.gsf.algorithms.WriteSink.Written;
import dev.gsf.server.send.WriteHandler;
import java.io.IOException;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.nio.NIOTransport;

/**
 * One piece of a body encrypted into a pooled record buffer and queued on the connection's transport, below Grizzly's
 * SSL filter. Through that filter every record got a new heap buffer (its per-thread cache is refilled on the thread
 * that completes a write, a selector thread, not on the worker that wraps the next one): allocating and zeroing those
 * took 25-30% of the server's CPU on 100 MB downloads. Records are wrapped and queued under the connection's lock,
 * the one the SSL filter holds for the same, so they leave in the engine's sequence order with every other write of
 * the connection. While the engine is handshaking (a TLS 1.2 renegotiation) the piece takes the filter's way instead.
 * The record buffers ({@link RecordBuffers}) are direct for BoringSSL's engines, so that a record goes from the
 * engine to the socket without a copy, and on the heap for the JDK's, which encrypts a heap buffer in place at twice
 * the speed of a direct one.
 *
 * <p>Threads: {@link #write} on any thread, without blocking; {@code done} is told on the thread that completes the
 * write (this one or a selector thread), after the record went back to the pool.
 */
final class TlsRecords {
    private TlsRecords() {
    }

    /**
     * Encrypts all of {@code plain} into records with the connection's {@code engine} and queues them; {@code done}
     * is told when the last is out.
     */
    static void write(FilterChainContext context, SSLEngine engine, ByteBuffer plain, Written done)
            throws IOException {
        Connection<?> connection = context.getConnection();
        synchronized (connection) { // the SSL filter's lock: no other record of this connection between wrap and queue
            if (engine.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
                Buffer piece = Buffers.wrap(context.getMemoryManager(), plain);
                piece.allowBufferDispose(false); // the caller's
                context.write(piece, WriteHandler.of(done));
                return;
            }
            RecordBuffers pool = RecordBuffers.of(engine);
            do { // one record, unless the piece is larger than the engine puts in one (TLS 1.2)
                ByteBuffer record = pool.fitted(wrap(engine, plain, pool).flip());
                Buffer out = Buffers.wrap(context.getMemoryManager(), record);
                out.allowBufferDispose(false); // back to the pool when written; the last record's end is the piece's
                queue(connection, out, WriteHandler.releasing(() -> pool.giveBack(record),
                        plain.hasRemaining() ? WriteHandler.NOTHING : done));
            } while (plain.hasRemaining());
        }
    }

    /** The next record of {@code plain}, in a buffer taken from {@code pool}, or an exception and the buffer back. */
    private static ByteBuffer wrap(SSLEngine engine, ByteBuffer plain, RecordBuffers pool) throws IOException {
        ByteBuffer wrapped = pool.take(engine.getSession().getPacketBufferSize());
        try {
            SSLEngineResult result = engine.wrap(plain, wrapped);
            if (result.getStatus() != SSLEngineResult.Status.OK) {
                throw new IOException("TLS record not written: " + result.getStatus()); // CLOSED: the peer left
            }
            return wrapped;
        } catch (IOException | RuntimeException e) {
            pool.giveBack(wrapped);
            throw e;
        }
    }

    /** What the transport filter does with a write that reaches it on a non-blocking connection. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void queue(Connection connection, Buffer record, CompletionHandler handler) {
        ((NIOTransport) connection.getTransport()).getAsyncQueueIO().getWriter().write(connection, record, handler);
    }
}
