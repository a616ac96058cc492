package dev.gsf.server.tls;

import java.io.IOException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.FilterChainContext.TransportContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLConnectionContext;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Grizzly's SSL filter, whose writes after the handshake take the body's record path ({@link TlsRecords}): a
 * response head, a small body sent with it, Grizzly's own answers (errors, ranges, 304s) and HTTP/2's frames are
 * sealed into pooled record buffers (direct under BoringSSL, heap under the JDK's engine) and queued as they are.
 * Grizzly's own wrap took a new heap buffer from its memory manager for every write (and under BoringSSL the record
 * was copied from Netty's direct buffer into it, then by the transport into a direct one for write(2)), and kept it
 * referenced after the write ({@link FilterRecords}). A write during a handshake (TLS 1.2's), a blocking write, or a
 * message that is not a buffer goes Grizzly's way, as does an engine that owes the peer a record (an alert). Reads,
 * after a connection's first, land in the transport's pooled buffer, not a new one of two records
 * ({@link #createOptimizedTransportFilter}).
 *
 * <p>A handshake message after the handshake (a TLS 1.3 KeyUpdate that asks for the server's, a TLS 1.2
 * renegotiation) makes Grizzly's unwrap run a handshake with no input, and go on with what that handshake gives back:
 * the records behind the message in the same read were dropped. Under the JDK's engine, which owes its KeyUpdate at
 * once, a request behind a client's KeyUpdate was lost and the next record failed its MAC (its sequence number
 * skipped). Here that handshake gets the read's rest, and gives back what it did not take.
 *
 * <p>Threads: Grizzly's, where a write enters the filter chain (a selector thread, a worker, a virtual thread); the
 * records are sealed and queued under the connection's lock, which Grizzly's own write path and {@link TlsWrites}
 * take for the same, so they leave in the engine's order; a handshake step (its wraps and its write) holds it too.
 * The read being unwrapped is known per thread: Grizzly runs that handshake on the thread that unwraps, inside the
 * unwrap.
 */
final class RecordFilter extends SSLBaseFilter {
    /** The read {@link #unwrapAll} takes records from on this thread, or what a handshake in it left of that read. */
    private static final ThreadLocal<Buffer> UNWRAPPING = new ThreadLocal<>();

    RecordFilter(SSLEngineConfigurator engines) {
        super(engines);
    }

    @Override
    public NextAction handleWrite(FilterChainContext ctx) throws IOException {
        Connection<?> connection = ctx.getConnection();
        SSLEngine engine = SSLUtils.getSSLEngine(connection);
        TransportContext transport = ctx.getTransportContext();
        if (!(ctx.getMessage() instanceof Buffer message) || !message.hasRemaining() || engine == null
                || transport.isBlocking()) {
            return super.handleWrite(ctx);
        }
        synchronized (connection) { // the lock Grizzly's write takes: nothing of this connection between seal and queue
            if (engine.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
                return super.handleWrite(ctx);
            }
            TlsRecords.write(connection, ctx.getMemoryManager(), engine, message, transport.getCompletionHandler());
            return ctx.getStopAction();
        }
    }

    @Override
    protected NextAction unwrapAll(FilterChainContext ctx, SSLConnectionContext sslCtx) throws SSLException {
        Buffer outer = UNWRAPPING.get();
        UNWRAPPING.set(ctx.getMessage());
        try {
            return super.unwrapAll(ctx, sslCtx);
        } finally {
            UNWRAPPING.set(outer);
        }
    }

    /**
     * A handshake step under the connection's lock, as every other wrap and queue of the connection: Grizzly's wraps
     * the step's records and queues them at its end without it, so that, on HTTP/2 (whose streams are written while
     * the connection reads), a stream's record could be sealed after the server's KeyUpdate (with the new key) and
     * queued before it, and the client could not read it.
     */
    @Override
    protected Buffer doHandshakeStep(SSLConnectionContext sslCtx, FilterChainContext ctx, Buffer input,
                                     Buffer appBuffer) throws IOException {
        synchronized (ctx.getConnection()) {
            return super.doHandshakeStep(sslCtx, ctx, input, appBuffer);
        }
    }

    /**
     * A handshake Grizzly's unwrap starts after a handshake message (it passes no input) gets the rest of the read
     * being unwrapped; what it leaves is where the unwrap goes on.
     */
    @Override
    protected Buffer doHandshakeSync(SSLConnectionContext sslCtx, FilterChainContext ctx, Buffer input,
                                     long timeoutMillis) throws IOException {
        Buffer unread = input == null ? UNWRAPPING.get() : null;
        if (unread == null || !unread.hasRemaining()) {
            return super.doHandshakeSync(sslCtx, ctx, input, timeoutMillis);
        }
        Buffer rest = super.doHandshakeSync(sslCtx, ctx, unread, timeoutMillis);
        UNWRAPPING.set(rest); // a second such message in the same read goes on from there
        return rest;
    }

    /**
     * Grizzly's wrapper of the transport filter hands every read a new heap buffer of two records' size (33 KB under
     * either engine, zeroed) before it knows what came: a 171-byte request or the end of the stream cost as much, and
     * while a download is in progress the read waits with its buffer until the download ends. 5,000 slow TLS clients
     * allocated 225 MB so in 25 s, and 10,000 of them leaving at once filled the 256 MB heap (full collections of
     * 0.17-0.41 s; docs/results/2026-11-29-tls-read-buffers.md). Once the connection has its engine, the transport
     * reads as on the plain port: into its memory manager's pooled buffer, trimmed to what came; a record split over
     * two reads is joined as before ({@link RecordSplitter}, the SSL filter's remainder). The first read still goes
     * Grizzly's way: it creates the engine and begins the handshake.
     */
    @Override
    protected SSLTransportFilterWrapper createOptimizedTransportFilter(TransportFilter transport) {
        return new SSLTransportFilterWrapper(transport, this) {
            @Override
            public NextAction handleRead(FilterChainContext ctx) throws IOException {
                return SSLUtils.getSSLEngine(ctx.getConnection()) == null ? super.handleRead(ctx)
                        : wrappedFilter.handleRead(ctx);
            }
        };
    }
}
