package dev.gsf.server.tls;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.logging.Logger;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.HttpServerProbe;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLConnectionContext;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Lets go of the record buffer Grizzly's SSL filter keeps after a write. The filter remembers the last buffer it
 * wrapped records into (SSLConnectionContext.lastOutputBuffer) so that it can copy it if the write has to be queued;
 * it forgets it only then, so a write the kernel takes at once leaves it referenced for the connection's life: the
 * handshake's 33 KB buffer, or a response head's record. At 4,000 slow TLS clients those were 42% of the live heap,
 * and 10,000 ran the default 256 MB heap out. It is released after each handshake, after each response Grizzly
 * answers itself, and by each download once its first write (the head) is out. (Writes after the handshake are
 * sealed by {@link RecordFilter} into pooled records and leave none, unless they took Grizzly's way: a TLS 1.2
 * rehandshake's; the releases stay for the handshake's buffer and those.) The filter uses the reference
 * only inside its own write, which holds the connection's lock, so dropping it under that lock is always safe. The
 * method is package-private in Grizzly (5.0.2); without it (another version) this does nothing and says so once.
 *
 * <p>Threads: any; takes the connection's lock briefly, never blocks on I/O.
 */
public final class FilterRecords {
    private static final Logger LOG = Logger.getLogger(FilterRecords.class.getName());
    private static final MethodHandle FORGET = forgetHandle();

    private FilterRecords() {
    }

    /** Drops {@code connection}'s last record buffer, if its SSL filter holds one. */
    static void release(Connection<?> connection) {
        SSLConnectionContext context = SSLUtils.getSslConnectionContext(connection);
        if (context == null || FORGET == null) {
            return;
        }
        synchronized (connection) { // the SSL filter's lock: not between its wrap and its write
            try {
                Buffer unused = (Buffer) FORGET.invokeExact(context);
            } catch (Throwable e) {
                throw new IllegalStateException(e); // resetLastOutputBuffer only reads and writes a field
            }
        }
    }

    /** Releases every connection's buffer when its handshake is done (the last handshake flight's buffer). */
    static SSLBaseFilter.HandshakeListener afterHandshakes() {
        return new HandshakeEnds(FilterRecords::release, failed -> { });
    }

    /**
     * Releases a connection's buffer when Grizzly has answered a request on it (an error, a range, a conditional
     * GET): the last write of such a response went through the filter. (Downloads release theirs after the head.)
     */
    static HttpServerProbe afterResponses() {
        return new HttpServerProbe.Adapter() {
            @Override
            public void onRequestCompleteEvent(HttpServerFilter filter, Connection connection, Response response) {
                release(connection);
            }
        };
    }

    private static MethodHandle forgetHandle() {
        try {
            return MethodHandles.privateLookupIn(SSLConnectionContext.class, MethodHandles.lookup())
                    .findVirtual(SSLConnectionContext.class, "resetLastOutputBuffer",
                            MethodType.methodType(Buffer.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warning(() -> "TLS: cannot release the SSL filter's record buffers (" + e
                    + "); each TLS connection keeps one, up to 33 KB of heap");
            return null;
        }
    }
}
