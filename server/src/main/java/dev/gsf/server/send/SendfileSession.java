package dev.gsf.server.send;

import dev.gsf.algorithms.Sendfile;
import dev.gsf.common.Budget;
import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One download's sends of a file by sendfile(2) ({@link LibcSendfile}). The server's writers hand it their
 * connection's {@link ConnectionSocket}, which keeps its own descriptor number from being released while a send runs:
 * sent there, the session takes no descriptor of its own; a send and {@link #close()} still exclude each other, so
 * that none starts once the download has released its file.
 *
 * <p>Handed a bare socket channel (no writer of the server's does so now), it sends on a descriptor of its own: a
 * dup(2) of the socket's, taken at its first direct send and closed by {@link #close()} when the download ends. A
 * channel's number is free for the next accepted connection as soon as another thread closed the channel; the dup
 * keeps leading to this download's connection whatever happens to the number.
 *
 * <p>The dup is taken after a check that the channel is open and checked again after: the JDK marks a channel closed
 * before it releases its descriptor, so a channel still open after the dup was open during it, and the dup is of its
 * socket. Every send checks that the channel is still open (the dup must not keep a connection Grizzly closed
 * sending). A send and the close exclude each other (one lock): no send starts after the close, and the close waits
 * for the one in flight, which does not block (a non-blocking socket; blocking writers poll before they send).
 *
 * <p>The dups are budgeted: at most a quarter of the process's descriptor limit at once ({@link #DUPS}), so that
 * 10,000 slow downloads do not double the descriptors a connection costs and leave accept() none; past the budget
 * a download sends by transferTo (which on JDK 22+ holds the channel's lock, and needs no descriptor).
 * *
 * <p>Threads: the download's writer (one send at a time) and whichever thread ends the download (the close).
 */
public final class SendfileSession implements Sendfile {
    /** The dups all downloads may hold at once: a quarter of the process's descriptor limit. */
    static final Budget DUPS = new Budget(quarterOfTheLimit());
    private final LibcSendfile file;
    private final Budget budget;
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private SocketChannel socket;
    private int dup = -1;
    private boolean noDup;
    private boolean closed;

    SendfileSession(LibcSendfile file) {
        this(file, DUPS);
    }

    SendfileSession(LibcSendfile file, Budget budget) {
        this.file = file;
        this.budget = budget;
    }

    @Override
    public long send(long position, long count, WritableByteChannel target) throws IOException {
        if (target instanceof ConnectionSocket socket) {
            return sendTo(socket, position, count);
        }
        if (!file.direct() || !(target instanceof SocketChannel channel) || channel.isBlocking()) {
            return file.transferTo().send(position, count, target);
        }
        lock.lock();
        try {
            int out = descriptorFor(channel);
            return out < 0 ? file.transferTo().send(position, count, target) : file.send(out, position, count, target);
        } finally {
            lock.unlock();
        }
    }

    /**
     * To a connection's socket, which guards its own descriptor against the connection's close
     * ({@link ConnectionSocket}): by number, no dup; a send and {@link #close()} still exclude each other (the file's
     * descriptor stays open while a send runs).
     */
    private long sendTo(ConnectionSocket socket, long position, long count) throws IOException {
        if (!socket.direct(file) || socket.channel().isBlocking()) { // a blocking one would need the JDK's parking
            return file.transferTo().send(position, count, socket.channel());
        }
        lock.lock();
        try {
            if (closed) {
                throw new ClosedChannelException(); // the download ended: nothing more
            }
            return socket.send(file, position, count);
        } finally {
            lock.unlock();
        }
    }

    /** The download's own descriptor for {@code channel}, -1 when none could be had (transferTo then sends). */
    private int descriptorFor(SocketChannel channel) throws IOException {
        if (closed || !channel.isOpen()) {
            throw new ClosedChannelException(); // the download ended, or the connection was closed: nothing more
        }
        if (dup >= 0) {
            if (channel != socket) {
                throw new IllegalStateException("a download sends to one connection");
            }
            return dup;
        }
        if (noDup) {
            return -1;
        }
        if (!budget.take(1)) {
            noDup = true; // the budget is spent: transferTo, which needs no descriptor
            return -1;
        }
        int number = Libc.dup(Libc.descriptor(channel));
        if (number < 0) {
            budget.giveBack(1);
            noDup = true; // no descriptor left (EMFILE): transferTo, which needs none
            return -1;
        }
        dup = number;
        socket = channel;
        if (!channel.isOpen()) {
            closeDup(); // closed around the dup: its number may have been another connection's by then
            throw new ClosedChannelException();
        }
        return dup;
    }

    /** The download has ended: no send starts after this; one in flight is waited for. Idempotent. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            closeDup();
        } finally {
            lock.unlock();
        }
    }

    private void closeDup() {
        if (dup >= 0) {
            Libc.close(dup);
            dup = -1;
            budget.giveBack(1);
        }
    }

    /** A quarter of the process's descriptor limit (5,000 of this machine's 20,000). */
    private static long quarterOfTheLimit() {
        long limit = ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount() : 1024;
        return Math.max(1, limit / 4);
    }
}
