package dev.gsf.server.tls;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.glassfish.grizzly.CloseReason;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * The end of a TLS connection whose handshake completed, as its client sees it. Closed by the server in the normal
 * way (a {@code Connection: close} answer, the idle timeout, a drain: Grizzly's graceful close, once every queued
 * write is out), it gets a close_notify alert before the TCP FIN, as nginx's SSL_shutdown sends one, so that it can
 * tell the end of the data from a cut (RFC 8446 section 6.1). Grizzly's SSL filter sends none under either provider
 * (BoringSSL's engine sends one by itself only as it reads the client's). Not after an abort: the sinks end a failed
 * download with a reason of their own (a body cut short must not look ended), and nothing is sent while a record is
 * still queued, or when the client closed or reset first.
 *
 * <p>Then what the client sent and nobody read is read away (without waiting, at most 64 KB): closing a socket with
 * unread bytes makes the kernel reset the connection, which drops the response's tail still in the send buffer. A
 * half-closed client's close_notify is such bytes when a download kept the reading suspended (see
 * {@link RecordSplitter}) and the server then closes.
 *
 * <p>A client's close_notify ends the connection too (RFC 8446 section 6.1: the client sends nothing after it), as
 * nginx takes it for the end of the stream: the SSL filter unwraps it and ends the chain, closing nothing, so a client
 * that waits for the server's close_notify before its FIN (OpenSSL's bidirectional SSL_shutdown) was left open until
 * the idle timeout. {@link #afterReading} closes such a connection gracefully once the read that carried the alert is
 * done with: what the records before it asked for is answered first (a download keeps the read's context
 * suspended, or is held and the record splitter keeps the alert until it ends, see {@link RecordSplitter}), then the
 * server's close_notify is queued behind the answers, unless the engine sent it already (BoringSSL's as it reads the
 * client's, the JDK's in TLS 1.2). HTTP/2 connections are left to the FIN: their streams do not hold the read's
 * context.
 *
 * <p>Threads: {@link #afterReading} is called by {@link RecordSplitter} where the connection's filter chain runs, its
 * check where that read's processing ends (the same thread, or the one a suspended download resumed it on); {@link
 * #ending} runs on the thread that closes the connection (a selector thread, a worker, the
 * timer), from the close listener that then releases the engine, before the socket itself is closed; the alert is
 * wrapped under the connection's lock, the one the SSL filter and {@code TlsWrites} take to wrap and queue records.
 * One non-blocking write; nothing waits.
 */
final class TlsClose {
    private static final Attribute<Boolean> HANDSHAKEN =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(TlsClose.class.getName() + ".handshaken");
    /** A close_notify record is 24 bytes in TLS 1.3, 31 in TLS 1.2 (AES-GCM); an engine wanting more gets more. */
    private static final int ALERT_ROOM = 64;
    private static final int MOST_DROPPED = 1 << 16;

    private static final FilterChainContext.CompletionListener CLOSE_AFTER_CLOSE_NOTIFY = ctx -> {
        Connection<?> connection = ctx.getConnection();
        SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine != null && connection.isOpen() && HANDSHAKEN.isSet(connection) && engine.isInboundDone()
                && !"h2".equals(engine.getApplicationProtocol())) {
            queueCloseNotify(connection, engine); // behind every record queued, through a full socket too
            connection.close(); // graceful: once every queued write is out
        }
    };

    private TlsClose() {
    }

    /** The SSL filter's listener that marks connections whose handshake completed: only those are ended here. */
    static SSLBaseFilter.HandshakeListener handshakes() {
        return new HandshakeEnds(connection -> HANDSHAKEN.set(connection, Boolean.TRUE), failed -> { });
    }

    /** Closes the connection when the read {@code ctx} carries turns out to have held the client's close_notify. */
    static void afterReading(FilterChainContext ctx) {
        ctx.addCompletionListener(CLOSE_AFTER_CLOSE_NOTIFY);
    }

    /** Called as {@code connection} closes, before {@code engine}, its engine, is released. */
    static void ending(Connection<?> connection, SSLEngine engine) {
        if (!(connection instanceof NIOConnection nio) || !(nio.getChannel() instanceof SocketChannel channel)
                || !HANDSHAKEN.isSet(connection)) {
            return;
        }
        // The reason of close(), closeSilently() and of a graceful close's end: nothing went wrong. Nothing waits in
        // the write queue: not its byte count, which a graceful close's end can see above zero with every byte
        // written (Grizzly 5.0.2 completes the records of one gathered write, the close's own among them, before it
        // takes their bytes off the count: a close_notify was skipped so, now and then, under both providers).
        if (nio.getCloseReason() == CloseReason.LOCALLY_CLOSED_REASON
                && nio.getAsyncWriteQueue().getQueue().isEmpty()) {
            synchronized (connection) {
                sendCloseNotify(engine, channel);
            }
        }
        dropUnread(channel);
    }

    private static void sendCloseNotify(SSLEngine engine, SocketChannel channel) {
        try {
            ByteBuffer record = closeNotify(engine);
            if (record != null) {
                channel.write(record); // nothing queued: the socket's buffer has room for a few bytes
            }
        } catch (IOException | RuntimeException e) {
            // reset or closed meanwhile, or the engine was done: the FIN follows without it
        }
    }

    /**
     * Queues the server's close_notify behind every record queued, before a graceful close after the client's: the
     * close's own write later (in {@link #ending}) may find the socket's buffer full with the last answer's bytes.
     */
    private static void queueCloseNotify(Connection<?> connection, SSLEngine engine) {
        try {
            synchronized (connection) { // the lock records are wrapped and queued under
                ByteBuffer record = closeNotify(engine);
                if (record != null) {
                    TlsRecords.queue(connection, Buffers.wrap(connection.getMemoryManager(), record), null);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the engine was done: the FIN follows without it
        }
    }

    /** The engine's close_notify record, ready to write; null when its sending side is done already. */
    private static ByteBuffer closeNotify(SSLEngine engine) throws IOException {
        if (engine.isOutboundDone()) {
            return null; // sent already (BoringSSL, as it read the client's), or a fatal alert was
        }
        engine.closeOutbound();
        ByteBuffer record = ByteBuffer.allocate(ALERT_ROOM);
        SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), record);
        if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            record = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            engine.wrap(ByteBuffer.allocate(0), record);
        }
        return record.flip();
    }

    private static void dropUnread(SocketChannel channel) {
        ByteBuffer scratch = ByteBuffer.allocate(512);
        try {
            for (int dropped = 0, n; dropped < MOST_DROPPED && (n = channel.read(scratch.clear())) > 0; dropped += n) {
                // dropped
            }
        } catch (IOException | RuntimeException e) {
            // reset or closed already: nothing left to drop
        }
    }
}
