package dev.gsf.server.send;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.FilterChain;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.utils.IdleTimeoutFilter;

/**
 * The download of a plain GET in progress on one connection, held without suspending the read that carried it. A
 * suspended read disarms the connection's read interest, and the download's end re-armed it: from any thread but the
 * selector's, Grizzly does that by a selector task and a wake-up (a write and a read of its eventfd, one more
 * epoll_wait, a thread switch), once per download. Held here instead, the read interest stays armed and a download's
 * end costs nothing on the selector.
 *
 * <p>While the download is in progress the connection reads nothing: a read event (a request pipelined behind it, the
 * client's end of stream after a half-close, a TLS close_notify) is suspended ({@link #holdsRead}) by the HTTP port's
 * transport filter before Grizzly's transport reads a byte, and a record already read behind the request (the TLS
 * port's close_notify read with it, which would close the engine before the body is sent) by the TLS port's record
 * splitter ({@link #holdsRecord}). Where the download ends, the read event is completed, which arms the read interest
 * again, so the selector thread reads what came; the record goes on. So the bytes and the end of stream are read only
 * once the last byte of the answer is written: Grizzly closes a connection as soon as its transport reads the end of
 * stream, so it closes after every answer asked for, as nginx, which does not read while it sends a static file, does.
 * Only a connection that sent something during its download pays the task and wake-up.
 *
 * <p>Threads: {@link #of} and {@link #begin} on the thread that read the request, before the download starts;
 * {@link #holdsRead} and {@link #holdsRecord} on the thread that reads the connection; {@link #ended} once per
 * download, on the thread that ended it.
 */
public final class DownloadHold {
    private static final Attribute<DownloadHold> HOLD =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(DownloadHold.class.getName());

    /** Counts the connection in use while the download is in progress, for the idle timeout. */
    private final IdleTimeoutFilter inUse;
    // Guarded by this.
    private boolean downloading;
    /** A read that came during the download, suspended until it ends (one at a time: the suspension stops reads). */
    private FilterChainContext waiting;
    /** Whether {@link #waiting} read nothing yet (held by the transport filter), rather than holding a record. */
    private boolean waitingUnread;
    /**
     * The download's writes go through it; it also holds the connection in use for the idle timeout until the
     * download ends (its completion, then, ends that).
     */
    private FilterChainContext writes;

    private DownloadHold(IdleTimeoutFilter inUse) {
        this.inUse = inUse;
    }

    /** {@code connection}'s hold, made on its first plain GET that outlives its read. */
    public static DownloadHold of(Connection<?> connection, IdleTimeoutFilter inUse) {
        DownloadHold hold = HOLD.get(connection);
        if (hold == null) {
            hold = new DownloadHold(inUse);
            HOLD.set(connection, hold);
        }
        return hold;
    }

    /**
     * A read event on {@code read}'s connection, before anything is read: true when a download is in progress, and
     * the read is then suspended (the filter returns its suspend action); where the download ends it is completed,
     * which arms the read interest again, and the selector thread reads what came.
     */
    public static boolean holdsRead(FilterChainContext read) {
        DownloadHold hold = HOLD.get(read.getConnection());
        return hold != null && hold.hold(read, true);
    }

    /**
     * A message already read, on its way up ({@code read}'s): true when a download is in progress, and it is then
     * suspended (the filter returns its suspend action), to be resumed, from that filter, where the download ends.
     */
    public static boolean holdsRecord(FilterChainContext read) {
        DownloadHold hold = HOLD.get(read.getConnection());
        return hold != null && hold.hold(read, false);
    }

    /**
     * The download is about to start on {@code read}'s connection: until it ends, the connection reads nothing and
     * counts as in use. Returns the context its writes go through, which outlives {@code read} (recycled when its
     * filter returns): it writes from the same filter down.
     */
    public synchronized FilterChainContext begin(FilterChainContext read) {
        downloading = true;
        writes = ((FilterChain) read.getFilterChain()).obtainFilterChainContext(read.getConnection(),
                read.getStartIdx(), read.getEndIdx(), read.getFilterIdx());
        try {
            inUse.handleRead(writes); // in use until that context completes
        } catch (IOException e) {
            throw new UncheckedIOException(e); // (it only counts)
        }
        return writes;
    }

    private synchronized boolean hold(FilterChainContext read, boolean unread) {
        if (!downloading) {
            return false;
        }
        read.suspend();
        waiting = read;
        waitingUnread = unread;
        return true;
    }

    /**
     * The download ended (told by its {@link PlainSink}), after its last write completed. A read event that waited is
     * completed, so the selector thread reads what came meanwhile (a request, the end of stream); a record the TLS
     * record splitter held (read behind the request) goes on now, on this thread, unless the download was not
     * answered (the connection was dropped).
     */
    void ended(boolean answered) {
        FilterChainContext next;
        FilterChainContext hold;
        boolean unread;
        synchronized (this) {
            downloading = false;
            next = waiting;
            unread = waitingUnread;
            waiting = null;
            hold = writes;
            writes = null;
        }
        if (hold != null) {
            // Idle from now. Not recycled: a write of the download may still be failing on another thread.
            hold.completeAndRelease();
        }
        if (next == null) {
            return;
        }
        if (answered && !unread) {
            next.resume(); // the record splitter passes its record on now
        } else {
            // Read by the selector thread, as every other read: resumed here instead (a worker, a virtual thread),
            // TlsHeapTest measured 19-20 KB of heap per idle connection under the JDK's TLS, not 9.5.
            next.resume(next.getStopAction());
        }
    }
}
