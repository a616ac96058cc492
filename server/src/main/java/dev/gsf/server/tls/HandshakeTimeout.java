package dev.gsf.server.tls;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.ssl.SSLBaseFilter;

/**
 * Closes a TLS connection whose handshake has not completed {@code tls-handshake-timeout} after it was accepted: a
 * client that connects and sends nothing, or stops inside its handshake, would otherwise hold a descriptor and an SSL
 * engine until the idle timeout, and Grizzly's own handshake timeout makes the handshake blocking. One timer thread
 * for the port; a pending handshake costs one scheduled task, cancelled (and removed) when it completes or its
 * connection closes.
 *
 * <p>Threads: the probe's and the listener's methods run on the selector threads, the expiry on the timer's; none
 * blocks.
 */
final class HandshakeTimeout extends ConnectionProbe.Adapter implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(HandshakeTimeout.class.getName());
    private final Supplier<Duration> timeout;
    private final ScheduledThreadPoolExecutor timer;
    private final Map<Connection<?>, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();
    private final AtomicLong expired = new AtomicLong();

    /** @param timeout read at each accept, so that a reload applies to the connections accepted after it */
    HandshakeTimeout(Supplier<Duration> timeout) {
        this.timeout = timeout;
        this.timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "gsf-tls-handshake-timeout");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public void onAcceptEvent(Connection serverConnection, Connection clientConnection) {
        Connection<?> client = clientConnection;
        pending.put(client, timer.schedule(() -> expire(client), timeout.get().toMillis(), TimeUnit.MILLISECONDS));
    }

    /** What the port's SSL filter tells of each handshake's end: its timer is cancelled, whichever the end. */
    SSLBaseFilter.HandshakeListener listener() {
        return new HandshakeEnds(this::cancel, this::cancel);
    }

    @Override
    public void onCloseEvent(Connection connection) {
        cancel(connection);
    }

    /** Handshakes that ran out of time, since start. */
    long expired() {
        return expired.get();
    }

    /** Handshakes under way now (accepted connections not yet through one). */
    int pending() {
        return pending.size();
    }

    private void expire(Connection<?> connection) {
        if (pending.remove(connection) != null) {
            expired.incrementAndGet();
            LOG.fine(() -> "tls-handshake-timeout: closing " + connection.getPeerAddress());
            connection.closeSilently();
        }
    }

    private void cancel(Connection<?> connection) {
        ScheduledFuture<?> task = pending.remove(connection);
        if (task != null) {
            task.cancel(false);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        pending.clear();
    }
}
