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
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLBaseFilter;

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
 * <p>Threads: {@link #ending} runs on the thread that closes the connection (a selector thread, a worker, the
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

    private TlsClose() {
    }

    /** The SSL filter's listener that marks connections whose handshake completed: only those are ended here. */
    static SSLBaseFilter.HandshakeListener handshakes() {
        return new HandshakeEnds(connection -> HANDSHAKEN.set(connection, Boolean.TRUE), failed -> { });
    }

    /** Called as {@code connection} closes, before {@code engine}, its engine, is released. */
    static void ending(Connection<?> connection, SSLEngine engine) {
        if (!(connection instanceof NIOConnection nio) || !(nio.getChannel() instanceof SocketChannel channel)
                || !HANDSHAKEN.isSet(connection)) {
            return;
        }
        // The reason of close(), closeSilently() and of a graceful close's end: nothing went wrong.
        if (nio.getCloseReason() == CloseReason.LOCALLY_CLOSED_REASON && nio.getAsyncWriteQueue().isEmpty()) {
            synchronized (connection) {
                sendCloseNotify(engine, channel);
            }
        }
        dropUnread(channel);
    }

    private static void sendCloseNotify(SSLEngine engine, SocketChannel channel) {
        try {
            if (engine.isOutboundDone()) {
                return; // sent already (BoringSSL, as it read the client's), or a fatal alert was
            }
            engine.closeOutbound();
            ByteBuffer record = ByteBuffer.allocate(ALERT_ROOM);
            SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), record);
            if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                record = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
                engine.wrap(ByteBuffer.allocate(0), record);
            }
            channel.write(record.flip()); // nothing queued: the socket's buffer has room for a few bytes
        } catch (IOException | RuntimeException e) {
            // reset or closed meanwhile, or the engine was done: the FIN follows without it
        }
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
