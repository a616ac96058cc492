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
 * workers): the worker writes and, while the socket is full, waits in poll(2) for it to drain, as a blocking socket
 * would. Handing the write to the connection's selector thread and parking until that thread has done it costs two
 * thread switches per wait instead: on 100 MB downloads (wrk -t2 -c8) EBA's server spent ~2.3 s of CPU per 3 s and
 * reached ~0.8x nginx's rate that way, ~1.5 s and ~1.0x this way (with its worker kept from chunk to chunk, see
 * PooledScheduler); SBA's CPU went from ~1.4 to ~1.1 s. poll(2) needs no descriptor of its own (a selector per
 * blocked worker would take two).
 *
 * <p>Threads: platform threads only; a virtual thread is refused (poll would hold its carrier thread), and so is any
 * thread where the C library cannot be called ({@link Libc#UNAVAILABLE}): their writes go through the connection's
 * write queue.
 */
final class BlockingWrites {
    private static final short POLLOUT = 4;
    /** How long one wait lasts before the worker looks whether the connection was closed (write timeout, stop). */
    private static final int WAIT_MILLIS = 250;
    /** The calling thread's struct pollfd {int fd; short events; short revents}. */
    private static final ThreadLocal<Object> POLLFD = ThreadLocal.withInitial(() -> Libc.allocate(8));

    private BlockingWrites() {
    }

    /** Whether this thread may wait here: a platform thread, the C library at hand, the write queue empty. */
    static boolean canWait(Connection<?> connection) {
        return Libc.UNAVAILABLE.isEmpty() && !Thread.currentThread().isVirtual()
                && ((NIOConnection) connection).getAsyncWriteQueue().isEmpty();
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
            // read of the file) for nothing.
            if (pollfd == null) {
                pollfd = POLLFD.get();
                Libc.setInt(pollfd, 0, Libc.descriptor(channel));
                Libc.setShort(pollfd, 4, POLLOUT);
            }
            Libc.poll(pollfd, 1, WAIT_MILLIS); // ready, timed out or interrupted: the next write tells
            if (!channel.isOpen()) {
                throw new ClosedChannelException(); // the download was ended: write timeout or stop
            }
        }
        out.completed();
    }
}
