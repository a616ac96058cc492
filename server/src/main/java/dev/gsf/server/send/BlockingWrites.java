package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * Blocking writes on the calling thread ({@link WriteSink#writeBlocking}: SBA's and EBA's chunks, on the pool's
 * workers, and VTA's, on a download's virtual thread): the thread writes and, while the socket is full, waits for it
 * to drain, as a blocking socket would: a worker in poll(2), a virtual thread parked in the JDK's poller
 * ({@link VirtualThreadPark}), which frees its carrier. Handing the write to the connection's selector thread and parking until that thread has done it costs two
 * thread switches per wait instead: on 100 MB downloads (wrk -t2 -c8) EBA's server spent ~2.3 s of CPU per 3 s and
 * reached ~0.8x nginx's rate that way, ~1.5 s and ~1.0x this way (with its worker kept from chunk to chunk, see
 * PooledScheduler); SBA's CPU went from ~1.4 to ~1.1 s. poll(2) needs no descriptor of its own (a selector per
 * blocked worker would take two).
 *
 * VTA's virtual thread waited the same way, parked while the selector finished its queued write: a selector wake-up
 * and a carrier wake-up per full socket, and the selector's time spent on VTA's bytes.
 *
 * <p>Threads: a platform thread where the C library can be called ({@link Libc#UNAVAILABLE}), or a virtual thread
 * where the JDK's poller can be reached ({@link VirtualThreadPark#UNAVAILABLE}); any other thread is refused (poll
 * would hold a virtual thread's carrier) and its writes go through the connection's write queue.
 */
final class BlockingWrites {
    private static final short POLLOUT = 4;
    /** How long one wait lasts before the thread looks whether the connection was closed (write timeout, stop). */
    private static final int WAIT_MILLIS = 250;
    private static final long WAIT_NANOS = WAIT_MILLIS * 1_000_000L;
    /** The calling thread's struct pollfd {int fd; short events; short revents}. */
    private static final ThreadLocal<Object> POLLFD = ThreadLocal.withInitial(() -> Libc.allocate(8));

    private BlockingWrites() {
    }

    /**
     * Whether this thread may wait here: a platform thread with the C library at hand or a virtual thread with the
     * JDK's poller, and the write queue empty (nothing of the connection's own goes out before this).
     */
    static boolean canWait(Connection<?> connection) {
        NIOConnection nio = (NIOConnection) connection;
        boolean threadCanWait = Thread.currentThread().isVirtual()
                ? VirtualThreadPark.canPark((SocketChannel) nio.getChannel()) : Libc.UNAVAILABLE.isEmpty();
        return threadCanWait && nio.getAsyncWriteQueue().isEmpty();
    }

    /** Writes all of {@code section} to the connection on this thread, then tells {@code out}; once canWait said so. */
    static void write(Connection<?> connection, FileSection section, WriteSink.Written out) throws IOException {
        SocketChannel channel = (SocketChannel) ((NIOConnection) connection).getChannel();
        Object pollfd = null;
        while (true) {
            section.writeTo(channel);
            if (section.remaining() == 0) {
                break;
            }
            // A short write: the socket is full. Trying again at once would cost a system call (and, copying, a
            // read of the file) for nothing. Ready, timed out or interrupted: the next write tells.
            if (Thread.currentThread().isVirtual()) {
                VirtualThreadPark.untilWritable(channel, WAIT_NANOS);
            } else {
                if (pollfd == null) {
                    pollfd = POLLFD.get();
                    Libc.setInt(pollfd, 0, Libc.descriptor(channel));
                    Libc.setShort(pollfd, 4, POLLOUT);
                }
                Libc.poll(pollfd, 1, WAIT_MILLIS);
            }
            if (!channel.isOpen()) {
                throw new ClosedChannelException(); // the download was ended: write timeout or stop
            }
        }
        out.completed();
    }
}
