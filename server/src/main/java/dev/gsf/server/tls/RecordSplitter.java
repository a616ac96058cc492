package dev.gsf.server.tls;

import dev.gsf.server.send.DownloadHold;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Keeps a client's close_notify away from the request in front of it: the record that ends a read is handed to
 * Grizzly's SSL filter on its own, after the filters above have done with what the records before it carried (a
 * download that suspended the connection's reading has ended). A client that half-closes over TLS (the JDK's
 * SSLSocket.shutdownOutput; TLS 1.3 allows it, RFC 8446 section 6.1) sends its close_notify right behind its request,
 * and both often come in one read. Unwrapped in the same pass, the request was lost: the SSL filter drops the plaintext
 * it unwrapped before a close_notify, and BoringSSL's engine (Netty's) shuts its own sending side as it reads one. The
 * close_notify cannot be told from its header (in TLS 1.3 an alert is an encrypted record of type application_data),
 * but it is the last record a client sends: so a read of two whole records or more, ending on a record's end, goes up
 * in two parts, the last record after the rest. The request is answered in full first; then the close_notify ends the
 * reading and, once this read is done with, the connection ({@link TlsClose#afterReading}). A read of one record (a
 * request, the common case) goes up as it is. A plain GET's download does not suspend the read that carried it (it is
 * held: {@link DownloadHold}), so the last record would follow at once, mid-body: while a download is held, a record
 * that comes here waits, suspended, until the download ends. When the server closes first (a {@code Connection: close}
 * answer), the close_notify may still wait unread in the socket; {@link TlsClose} reads it away before the close.
 *
 * <p>HTTP/2 connections (ALPN h2) get every whole record of a read at once: their clients end with GOAWAY. A record
 * not yet whole waits here for its rest (the whole ones before it go up), so each message starts at a record's
 * header; bytes that are not a TLS record go on untouched, for the SSL filter to refuse.
 *
 * <p>Threads: called by Grizzly where the connection's filter chain runs (the thread that read it, or the one a
 * suspended or held download resumes it on), one read at a time; never blocks.
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
        TlsClose.afterReading(ctx); // a close_notify in this read closes the connection once the read is done with
        if (DownloadHold.holdsRecord(ctx)) { // (the last record of the read that carried a held download's request)
            return ctx.getSuspendAction();
        }
        Buffer in = ctx.getMessage();
        if (!in.hasRemaining()) {
            return ctx.getInvokeAction();
        }
        int end = recordEnd(in, in.position());
        if (end == NOT_A_RECORD || end == in.limit()) {
            return ctx.getInvokeAction(); // not TLS, or one whole record: as it is
        }
        if (end == PARTIAL) {
            return ctx.getStopAction(in); // kept, and the next read appended to it
        }
        int last = in.position(); // where the last whole record starts
        for (int next; end < in.limit() && (next = recordEnd(in, end)) >= 0; end = next) {
            last = end;
        }
        if (end < in.limit() || h2(ctx)) {
            // every whole record at once; what follows them (a record the next read completes) comes back here
            return end == in.limit() ? ctx.getInvokeAction() : ctx.getInvokeAction(in.split(end));
        }
        // The last record is run through this filter again once the filters above are done with the ones before it.
        return ctx.getInvokeAction(in.split(last));
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

    private static boolean h2(FilterChainContext ctx) {
        SSLEngine engine = SSLUtils.getSSLEngine(ctx.getConnection());
        return engine != null && "h2".equals(engine.getApplicationProtocol());
    }
}
