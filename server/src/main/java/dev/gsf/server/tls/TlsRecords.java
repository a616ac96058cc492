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
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.ByteBufferArray;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
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
            queueRecords(connection, context.getMemoryManager(), engine, new ByteBuffer[] {plain}, 1,
                    WriteHandler.of(done));
        }
    }

    /**
     * Encrypts all of {@code message} (a write that reached the SSL filter: a head, a small body with it, HTTP/2
     * frames) into records as {@link #write} does, and queues them; {@code last} (or nobody, when null) is told how
     * the last record's write ended. The message is disposed of once sealed, as the filter disposes of it. Called
     * by {@link RecordFilter} under the connection's lock, after the handshake.
     */
    static void write(Connection<?> connection, MemoryManager<?> memory, SSLEngine engine, Buffer message,
                      CompletionHandler<WriteResult> last) throws IOException {
        ByteBuffer[] plain = views(message);
        queueRecords(connection, memory, engine, plain, plain.length, last);
        message.tryDispose();
    }

    /**
     * Views of {@code message}'s bytes, each with a position and limit of its own, for the engine to move; the
     * message's buffers are left as they were. Once the last record is queued its write may end at once, on this
     * thread, and {@code last} then hands the message's buffer back to its owner (PlainSink's pool of first writes),
     * which may lend it to another connection's write before this call returns. Restoring Grizzly's array after the
     * wraps wrote this write's position and limit into that write's buffer: a longer limit made the other engine seal
     * bytes past its own (of an earlier response, maybe another client's), a shorter one failed its wrap
     * ("newPosition > limit: (12566 > 12562)"; docs/results/2026-11-28-tls-wrap-position.md).
     */
    private static ByteBuffer[] views(Buffer message) {
        ByteBufferArray array = message.toByteBufferArray();
        try {
            ByteBuffer[] views = new ByteBuffer[array.size()];
            for (int i = 0; i < views.length; i++) {
                views[i] = array.getArray()[i].duplicate();
            }
            return views;
        } finally {
            array.restore(); // before any wrap: nothing of the message is written after this
            array.recycle();
        }
    }

    /** Records of {@code plain[0, count)}, one at a time from the engine's pool, each queued once it is sealed. */
    private static void queueRecords(Connection<?> connection, MemoryManager<?> memory, SSLEngine engine,
                                     ByteBuffer[] plain, int count, CompletionHandler<WriteResult> last)
            throws IOException {
        RecordBuffers pool = RecordBuffers.of(engine);
        boolean more;
        do { // one record, unless the plaintext is more than the engine puts in one
            ByteBuffer record = pool.fitted(wrap(engine, plain, count, pool).flip());
            Buffer out = Buffers.wrap(memory, record);
            out.allowBufferDispose(false); // back to the pool when written; the last record's end is the message's
            more = GatheredPlain.withBytes(plain, 0, count) > 0;
            queue(connection, out, WriteHandler.releasing(() -> pool.giveBack(record), more ? null : last));
        } while (more);
    }

    /**
     * The next record of {@code plain} (or what the engine owed before it), in a buffer taken from {@code pool}, or an
     * exception and the buffer back.
     */
    private static ByteBuffer wrap(SSLEngine engine, ByteBuffer[] plain, int count, RecordBuffers pool)
            throws IOException {
        int packet = engine.getSession().getPacketBufferSize();
        int first = pool.firstSize(plainBytes(plain, count), packet);
        for (int size = first; ; size = size < packet ? packet : size * 2) { // a small buffer's overflow: whole next
            ByteBuffer wrapped = pool.take(size);
            SSLEngineResult result;
            try {
                result = engine.wrap(plain, 0, count, wrapped);
            } catch (IOException | RuntimeException e) {
                pool.giveBack(wrapped);
                throw e;
            }
            // What the engine owed the peer first (BoringSSL's session tickets after the handshake, a KeyUpdate) may
            // come alone, or with a BUFFER_OVERFLOW for the record behind it: it is queued, and the loop goes on.
            if (result.bytesProduced() > 0) {
                return wrapped;
            }
            pool.giveBack(wrapped);
            if (result.getStatus() != SSLEngineResult.Status.BUFFER_OVERFLOW || size > packet) {
                throw new IOException("TLS record not written: " + result.getStatus() + ", none of "
                        + GatheredPlain.withBytes(plain, 0, count) + " buffers sealed"); // CLOSED: the peer left
            }
        }
    }

    /** The plain bytes left in {@code plain[0, count)}. */
    private static long plainBytes(ByteBuffer[] plain, int count) {
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            bytes += plain[i].remaining();
        }
        return bytes;
    }

    /** What the transport filter does with a write that reaches it on a non-blocking connection. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void queue(Connection connection, Buffer record, CompletionHandler handler) {
        ((NIOTransport) connection.getTransport()).getAsyncQueueIO().getWriter().write(connection, record, handler);
    }
}
