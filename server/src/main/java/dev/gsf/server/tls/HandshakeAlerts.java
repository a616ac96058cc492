package dev.gsf.server.tls;

import java.nio.ByteBuffer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Sends the alert a failed handshake owes its peer before the SSL filter closes the connection. The engine that
 * refused a ClientHello (no common suite or version, a bad key share or Finished) holds the alert RFC 8446 §6.2
 * names, handshake_failure, illegal_parameter, decode_error, protocol_version..., and gives it out on its next wrap;
 * Grizzly's filter only closes, so without this a client saw a reset instead of the reason (nginx sends it).
 *
 * <p>Threads: called on the selector thread that ran the failed handshake, before the filter's exception closes the
 * connection; the alert is queued below the SSL filter as body records are ({@code TlsRecords}), so it leaves before
 * the close. Never blocks.
 */
final class HandshakeAlerts {
    private static final Logger LOG = Logger.getLogger(HandshakeAlerts.class.getName());
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** An alert is one record of 2 bytes; room for the largest record keeps the engine from asking for more. */
    private static final int MOST = 16_709;

    private HandshakeAlerts() {
    }

    /** The listener: on a failed handshake, the engine's pending alert to the peer. */
    static HandshakeEnds listener() {
        return new HandshakeEnds(done -> { }, HandshakeAlerts::sendPending);
    }

    static void sendPending(Connection<?> connection) {
        SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine == null || !connection.isOpen()) {
            return;
        }
        ByteBuffer alert = ByteBuffer.allocate(MOST);
        synchronized (connection) { // the SSL filter's lock, as for body records
            try {
                // a fatal alert closes the engine: CLOSED tells it apart from a handshake message still to send
                if (engine.wrap(NOTHING, alert).getStatus() != SSLEngineResult.Status.CLOSED) {
                    return;
                }
            } catch (SSLException | RuntimeException e) { // the engine had nothing more to say
                LOG.log(Level.FINE, "no alert after a failed handshake", e);
                return;
            }
            if (alert.flip().hasRemaining()) {
                Buffer out = Buffers.wrap(connection.getMemoryManager(), alert);
                TlsRecords.queue(connection, out, null);
            }
        }
    }
}
