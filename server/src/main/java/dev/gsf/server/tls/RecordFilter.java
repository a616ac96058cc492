package dev.gsf.server.tls;

import java.io.IOException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.FilterChainContext.TransportContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Grizzly's SSL filter, whose writes after the handshake take the body's record path ({@link TlsRecords}): a
 * response head, a small body sent with it, Grizzly's own answers (errors, ranges, 304s) and HTTP/2's frames are
 * sealed into pooled record buffers (direct under BoringSSL, heap under the JDK's engine) and queued as they are.
 * Grizzly's own wrap took a new heap buffer from its memory manager for every write (and under BoringSSL the record
 * was copied from Netty's direct buffer into it, then by the transport into a direct one for write(2)), and kept it
 * referenced after the write ({@link FilterRecords}). A write during a handshake (TLS 1.2's), a blocking write, or a
 * message that is not a buffer goes Grizzly's way, as does an engine that owes the peer a record (an alert).
 *
 * <p>Threads: Grizzly's, where a write enters the filter chain (a selector thread, a worker, a virtual thread); the
 * records are sealed and queued under the connection's lock, which Grizzly's own write path and {@link TlsWrites}
 * take for the same, so they leave in the engine's order.
 */
final class RecordFilter extends SSLBaseFilter {
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
}
