package dev.gsf.server.tls;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Closeable;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Hands Grizzly's SSL filter the TLS records of a read one at a time, each record after the filters above have done
 * with what the one before it carried (a download that suspended the connection's reading has ended). The record after
 * a request may be the client's close_notify: a client that half-closes over TLS (the JDK's
 * SSLSocket.shutdownOutput; TLS 1.3 allows it, RFC 8446 section 6.1) sends it right behind its request, and both
 * often come in one read. Unwrapped in the same pass, the request was lost: the SSL filter drops the plaintext it
 * unwrapped before a close_notify, and BoringSSL's engine (Netty's) shuts its own sending side as it reads one. One
 * record at a time, the request is answered in full first; then the close_notify ends the reading, and the
 * client's end of stream closes the connection. When the server closes first (a {@code Connection: close} answer), the
 * close_notify may still wait unread in the socket; {@link #dropUnreadOnClose} reads it away before the close.
 *
 * <p>HTTP/2 connections (ALPN h2) get every whole record of a read at once, as before: their clients end with GOAWAY.
 * A record not yet whole waits here for its rest, so each message starts at a record's header; bytes that are not a
 * TLS record go on untouched, for the SSL filter to refuse.
 *
 * <p>Threads: called by Grizzly on the thread that reads the connection, one read at a time; never blocks.
 */
final class RecordSplitter extends BaseFilter {
    /** A record's header: type, version (2 bytes), length (2 bytes). */
    private static final int HEADER = 5;
    /** The longest a record's encrypted fragment may be (RFC 5246 section 6.2.3; TLS 1.3's limit is lower). */
    private static final int MOST = (1 << 14) + 2048;
    /** {@link #recordEnd}: the record is not whole yet. */
    private static final int PARTIAL = -1;
    /** {@link #recordEnd}: what is there is not a TLS record. */
    private static final int NOT_A_RECORD = -2;

    @Override
    public NextAction handleRead(FilterChainContext ctx) {
        Buffer in = ctx.getMessage();
        if (!in.hasRemaining()) {
            return ctx.getInvokeAction();
        }
        int end = recordEnd(in, in.position());
        if (end == NOT_A_RECORD) {
            return ctx.getInvokeAction();
        }
        if (end == PARTIAL) {
            return ctx.getStopAction(in); // kept, and the next read appended to it
        }
        if (end < in.limit() && h2(ctx)) {
            for (int next; end < in.limit() && (next = recordEnd(in, end)) >= 0; end = next) {
                // every whole record of the read
            }
        }
        // The rest is run through this filter again once the filters above are done with this part.
        return end == in.limit() ? ctx.getInvokeAction() : ctx.getInvokeAction(in.split(end));
    }

    /** Where the record starting at {@code at} ends, or {@link #PARTIAL} or {@link #NOT_A_RECORD}. */
    private static int recordEnd(Buffer in, int at) {
        int type = in.get(at) & 0xff;
        if (type < 20 || type > 23) { // change_cipher_spec, alert, handshake, application_data
            return NOT_A_RECORD;
        }
        if (in.limit() - at < HEADER) {
            return PARTIAL;
        }
        int length = (in.get(at + 3) & 0xff) << 8 | in.get(at + 4) & 0xff;
        if (length > MOST) {
            return NOT_A_RECORD;
        }
        return in.limit() - at - HEADER < length ? PARTIAL : at + HEADER + length;
    }

    /**
     * A handshake listener: each connection whose handshake completed reads and drops, as it closes, what its client
     * sent that nobody read (without waiting, at most 64 KB). Closing a socket with unread bytes makes the kernel
     * reset the connection, which drops the response's tail still in the send buffer: a half-closed client's
     * close_notify is such bytes when a download kept the reading suspended and the server then closes. The listener
     * runs before the socket is closed, after a graceful close's queued writes.
     */
    static SSLBaseFilter.HandshakeListener dropUnreadOnClose() {
        return new HandshakeEnds(connection -> connection.addCloseListener((closed, type) -> dropUnread(closed)),
                failed -> { });
    }

    private static void dropUnread(Closeable closed) {
        if (!(closed instanceof NIOConnection nio) || !(nio.getChannel() instanceof SocketChannel channel)) {
            return;
        }
        ByteBuffer scratch = ByteBuffer.allocate(4096);
        try {
            for (int i = 0; i < 16 && channel.read(scratch.clear()) > 0; i++) {
                // dropped
            }
        } catch (IOException | RuntimeException e) {
            // reset or closed already: nothing left to drop
        }
    }

    private static boolean h2(FilterChainContext ctx) {
        SSLEngine engine = SSLUtils.getSSLEngine(ctx.getConnection());
        return engine != null && "h2".equals(engine.getApplicationProtocol());
    }
}
