package dev.gsf.server.http;

import dev.gsf.server.send.PlainSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChain;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.utils.IdleTimeoutFilter;

/**
 * The download of a plain GET in progress on one connection, held without suspending the read that carried it. A
 * suspended read disarms the connection's read interest, and the download's end re-armed it: from any thread but the
 * selector's, Grizzly does that by a selector task and a wake-up (a write and a read of its eventfd and one more
 * epoll_wait, and a thread switch), once per download. Held here instead, the read interest stays armed and a
 * download's end costs nothing on the selector. A read that comes while the download is in progress (a request
 * pipelined behind it) is suspended then, so that nothing more is read, and resumed where the download ends: only
 * such a connection pays the task and wake-up. A client that closes its side while its download is in progress is
 * seen at once, by Grizzly, which closes the connection (the download ends as its client gone), as nginx ends a
 * request whose client closed.
 *
 * <p>Threads: {@link #begin} on the thread that read the request, before the download starts; {@link #holds} on the
 * thread that reads the connection; {@link #ended} once, on the thread that ended the download.
 */
final class DownloadHold implements PlainSink.Release {
    /** Counts the connection in use while the download is in progress, for the idle timeout. */
    private final IdleTimeoutFilter inUse;
    // Guarded by this.
    private boolean downloading;
    /** A read that came during the download, suspended until it ends. */
    private FilterChainContext waiting;
    /** Holds the connection in use for the idle timeout until the download ends (its completion ends that). */
    private FilterChainContext inUseUntilEnd;

    DownloadHold(IdleTimeoutFilter inUse) {
        this.inUse = inUse;
    }

    /**
     * The download is about to start on {@code read}'s connection: until it ends, the connection reads no request and
     * counts as in use. Returns the context its writes go through, which outlives {@code read} (recycled when its
     * filter returns): it writes from the same filter down.
     */
    synchronized FilterChainContext begin(FilterChainContext read) {
        downloading = true;
        Connection<?> connection = read.getConnection();
        inUseUntilEnd = FilterChainContext.create(connection);
        try {
            inUse.handleRead(inUseUntilEnd); // in use until that context completes
        } catch (IOException e) {
            throw new UncheckedIOException(e); // (it only counts)
        }
        return ((FilterChain) read.getFilterChain()).obtainFilterChainContext(connection, read.getStartIdx(),
                read.getEndIdx(), read.getFilterIdx());
    }

    /**
     * A read of the connection: true when its download is still in progress, and the read is then suspended (the
     * filter returns its suspend action), to be resumed where the download ends.
     */
    synchronized boolean holds(FilterChainContext read) {
        if (!downloading) {
            return false;
        }
        read.suspend();
        waiting = read;
        return true;
    }

    /**
     * The download ended. Answered: a read that waited runs now, on this thread, from the filter that held it. Not
     * answered (the connection was closed): the read is dropped.
     */
    @Override
    public void ended(boolean answered) {
        FilterChainContext next;
        FilterChainContext hold;
        synchronized (this) {
            downloading = false;
            next = waiting;
            waiting = null;
            hold = inUseUntilEnd;
            inUseUntilEnd = null;
        }
        if (hold != null) {
            hold.completeAndRelease(); // idle from now (not recycled: this may be any thread)
        }
        if (next != null) {
            if (answered) {
                next.resume(); // the filter that held it reads it again
            } else {
                next.resume(next.getStopAction());
            }
        }
    }
}
