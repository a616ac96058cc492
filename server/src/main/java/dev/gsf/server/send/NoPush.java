package dev.gsf.server.send;

import dev.gsf.algorithms.WriteSink.Written;
import org.glassfish.grizzly.Connection;

/**
 * TCP_CORK over one download's writes that follow one another (nginx's {@code tcp_nopush}): corked before a write
 * that more writes follow at once, uncorked when a write that none follows is out, which sends the last partial
 * segment. Why: a writer that keeps its socket's queue full (SBA's and VTA's whole-file turn) with TCP_NODELAY has
 * the kernel send a partial segment whenever the client's window opens a little, from the client's own ACK
 * processing. The client's receive-buffer autotuning then sees round trips of ~20 us instead of ~1 ms and keeps its
 * window at 100-300 KB: on loopback the client spent twice the CPU per 1 MB response and SBA reached 0.6x nginx,
 * whose window grew to MBs. nginx without tcp_nopush shows the same (docs/algorithms.md, "TCP_CORK").
 *
 * <p>Threads: one download's writes are started one at a time; the callback that uncorks may run on a selector thread.
 */
final class NoPush {
    /** Null when off (tcp-nopush=false, or TCP_CORK unavailable). */
    private final ConnectionSocket socket;
    private volatile boolean corked;

    /** Corks {@code socket} (which keeps its number the connection's while a cork is set) when enabled. */
    NoPush(ConnectionSocket socket, boolean enabled) {
        this.socket = enabled && TcpCork.UNAVAILABLE.isEmpty() ? socket : null;
    }

    /** For the socket of a Grizzly connection. */
    static NoPush of(Connection<?> connection, boolean enabled) {
        return new NoPush(enabled && TcpCork.UNAVAILABLE.isEmpty() ? ConnectionSocket.of(connection) : null, enabled);
    }

    /**
     * Called as a write starts, before it goes to the socket: corks the socket when {@code more} writes follow this
     * one at once, and returns what to tell {@code done} that the write is out: first uncorked, when none follows.
     */
    Written forWrite(boolean more, Written done) {
        if (more && !corked && socket != null) {
            corked = socket.cork(true);
        }
        if (more || !corked) {
            return done;
        }
        return new Written() {
            @Override
            public void completed() {
                uncork();
                done.completed();
            }

            @Override
            public void failed(Throwable cause) {
                done.failed(cause); // the connection is dropped: nothing held matters
            }
        };
    }

    /** Sends whatever the kernel holds; for a download that ends while corked. */
    void uncork() {
        if (corked) {
            corked = false;
            socket.cork(false); // after the close began: nothing to send, and the number left alone
        }
    }
}
