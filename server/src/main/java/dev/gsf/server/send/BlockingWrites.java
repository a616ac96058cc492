package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * Blocking writes on the calling thread ({@link WriteSink#writeBlocking}: SBA's and EBA's chunks on the pool's
 * workers, VTA's on its virtual threads): the thread writes and, while the socket is full, waits for it to drain, as
 * a blocking socket would. A worker waits in poll(2). Handing the write to the connection's selector thread and
 * parking until that thread has done it costs two thread switches per wait instead: on 100 MB downloads (wrk -t2
 * -c8) EBA's server spent ~2.3 s of CPU per 3 s and reached ~0.8x nginx's rate that way, ~1.5 s and ~1.0x this way
 * (with its worker kept from chunk to chunk, see PooledScheduler); SBA's CPU went from ~1.4 to ~1.1 s. poll(2) needs
 * no descriptor of its own (a selector per blocked worker would take two).
 *
 * <p>A virtual thread waits where the JDK parks one that writes to a blocking socket ({@code SelChImpl.park}: the
 * JDK's poller arms the descriptor once, one-shot, and unparks the thread when it is writable; poll(2) would hold its
 * carrier). Before, VTA's write went to Grizzly's write queue at each full socket: an eventfd to wake the selector,
 * EPOLLOUT armed and disarmed, the selector's write of the rest, and futex calls to hand the download back
 * (docs/results/2026-11-28-large-file-handoff.md). A close of the connection (write timeout, stop) unparks it.
 *
 * <p>Both waits use the socket's number ({@link ConnectionSocket}) and start only while the connection's close has not
 * begun (Grizzly tells the close listeners before it closes the channel). Neither holds the socket's lock, which would
 * keep the close waiting as long as the wait: a close that begins during the wait leaves it on a number that stays
 * the connection's until the selector closes the channel, and on a number reused after that it only waits for
 * readiness (it writes nothing there); the worker's poll ends within its bound, the virtual thread is unparked by
 * the close, and either then sees the close. Narrow and unexercised: the JDK's poller keys its waiters by number, so
 * a park armed in the instant between the check and a reuse could displace another connection's waiter, which then
 * waits out its 5 s bound.
 *
 * <p>Threads: platform threads where the C library can be called ({@link Libc#UNAVAILABLE}), virtual threads where
 * {@code sun.nio.ch} is exported to us; any other thread is refused and writes through the connection's write queue.
 */
final class BlockingWrites {
    private static final short POLLOUT = 4;
    /** How long one wait of a worker lasts before it looks whether the connection was closed (write timeout, stop). */
    private static final int WAIT_MILLIS = 250;
    /** A virtual thread's longest wait: a close unparks it, so this only bounds a wake-up lost to a race. */
    private static final long VIRTUAL_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** {@code (Object channel, int event, long nanos) void}: SelChImpl.park; null where sun.nio.ch is not exported. */
    private static final MethodHandle PARK = parkHandle();

    private BlockingWrites() {
    }

    /**
     * Whether this thread may wait here: a platform thread with the C library at hand, or a virtual thread that the
     * JDK's poller can park; and the write queue empty.
     */
    static boolean canWait(Connection<?> connection) {
        boolean here = Thread.currentThread().isVirtual() ? PARK != null : Libc.UNAVAILABLE.isEmpty();
        return here && ((NIOConnection) connection).getAsyncWriteQueue().isEmpty();
    }

    /** Writes all of {@code section} to the connection on this thread, then tells {@code out}; once canWait said so. */
    static void write(Connection<?> connection, FileSection section, WriteSink.Written out) throws IOException {
        ConnectionSocket socket = ConnectionSocket.of(connection); // the one user of the socket's number
        if (Thread.currentThread().isVirtual()) {
            writeParking(connection, socket, section);
            out.completed();
            return;
        }
        while (true) {
            section.writeTo(socket);
            if (section.remaining() == 0) {
                break;
            }
            // A short write: the socket is full. Trying again at once would cost a system call (and, copying, a
            // read of the file) for nothing.
            socket.awaitWritable(WAIT_MILLIS); // poll(2) on the socket's number while the close has not begun
            if (!socket.isOpen()) {
                throw new ClosedChannelException(); // the download was ended: write timeout or stop
            }
        }
        out.completed();
    }

    /** A virtual thread's blocking write: parked by the JDK's poller while the socket is full. */
    private static void writeParking(Connection<?> connection, ConnectionSocket socket, FileSection section)
            throws IOException {
        SocketChannel channel = socket.channel();
        section.writeTo(socket);
        if (section.remaining() == 0) {
            return;
        }
        Thread writer = Thread.currentThread();
        CloseListener<Connection<?>, ?> unpark = (closed, type) -> LockSupport.unpark(writer);
        connection.addCloseListener(unpark); // before the poller's own look at isOpen: no close goes unseen
        try {
            do {
                if (!socket.isOpen()) { // the close has begun: the poller must not arm a number soon another's
                    throw new ClosedChannelException(); // the download was ended: write timeout or stop
                }
                park(channel); // writable, closed, or (rarely) woken for nothing: the next write tells
                section.writeTo(socket);
            } while (section.remaining() > 0);
        } finally {
            connection.removeCloseListener(unpark);
        }
    }

    private static void park(SocketChannel channel) throws IOException {
        try {
            PARK.invokeExact((Object) channel, (int) POLLOUT, VIRTUAL_WAIT_NANOS);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle parkHandle() {
        try {
            Class<?> selectable = Class.forName("sun.nio.ch.SelChImpl");
            return MethodHandles.lookup().findVirtual(selectable, "park",
                            MethodType.methodType(void.class, int.class, long.class))
                    .asType(MethodType.methodType(void.class, Object.class, int.class, long.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // not exported (IllegalAccessException) or not this JDK: VTA's writes take the write queue
        }
    }
}
