package dev.gsf.server.send;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.locks.ReentrantLock;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * A Grizzly connection's socket, whose descriptor number the server's own system calls use until the connection's close
 * begins, and only through here: sendfile(2) (a plain connection's sections), setsockopt(2) TCP_CORK ({@link NoPush})
 * and poll(2) ({@code BlockingWrites}). It is the target every plain write of a section is handed, so that the
 * {@link SendfileSession} of a download sends to it without a descriptor of its own. HTTP/1.1's writers ({@code PlainWrites}, {@code BlockingWrites}) hand it
 * each download's sections, HTTP/2 every stream's DATA payloads on its connection ({@code h2.SendfileFrames}): 10
 * streams, or 10,000 slow HTTP/1.1 downloads, cost no descriptor beyond their connections' own.
 *
 * <p>Why the number cannot lead elsewhere during a send: Grizzly (5.0.2, {@code NIOConnection.terminate0}) closes a
 * connection's channel only after it has told the connection's close listeners, on the closing thread; the channel
 * is closed later, on the selector thread. This object's listener takes the lock every send holds and marks the
 * socket closing: it waits for the send in flight, and no send starts after it. So while a send runs, the channel's
 * {@code close()} has not begun, the JDK has not released the descriptor, and its number is still this connection's.
 * Grizzly closes a channel without telling the listeners only where no connection of it exists (an accept or a
 * selector failure before it has one); the JDK closes a channel itself only for an interrupted blocking operation, and
 * Grizzly's channels never block; this server never closes a channel but through its connection. A listener added
 * after the close began is told at once: no send ever starts then. {@code ConnectionSocketTest} watches the order on
 * every way a connection of the server ends.
 *
 * <p>The JDK's {@code transferTo} (22+) gets the same guarantee otherwise (it sends under the channel's write lock and
 * a close defers the descriptor's release past it), at an fstat and a failed copy_file_range more per call; its lock is
 * the JDK's own and cannot be taken from here without {@code --add-opens}.
 *
 * <p>setsockopt(2) is guarded as a send is (a cork set on a reused number would hold another client's bytes back).
 * poll(2) is not, since a worker waits in it up to {@code BlockingWrites}' bound and the close must not wait that
 * long: it starts only while the close has not begun, and on a number reused meanwhile it only reads readiness (it
 * changes nothing on that socket), so the worst is one early or late wake-up, after which the worker sees the close.
 *
 * <p>Threads: any thread sends (the connection's writers, one at a time as its write queue calls them) or corks (a
 * download's writer, or a selector thread that uncorks); the listener runs on the thread that closes the connection.
 * A send or a cork holds the lock for one non-blocking system call.
 */
public final class ConnectionSocket implements WritableByteChannel {
    private static final short POLLOUT = 4;
    /** The calling thread's struct pollfd {int fd; short events; short revents}. */
    private static final ThreadLocal<Object> POLLFD = ThreadLocal.withInitial(() -> Libc.allocate(8));
    private static final Attribute<ConnectionSocket> OF_CONNECTION =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(ConnectionSocket.class.getName());
    private final SocketChannel channel;
    /** The channel's descriptor number, read while it is open; -1 where the C library is not called. */
    private final int descriptor;
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private volatile boolean closing;

    /** For {@code channel}, open now; its owner calls {@link #closing()} before it closes it (Grizzly's listener). */
    ConnectionSocket(SocketChannel channel) {
        this.channel = channel;
        this.descriptor = Libc.UNAVAILABLE.isEmpty() && channel.isOpen() ? Libc.descriptor(channel) : -1;
    }

    /**
     * {@code connection}'s socket (a plain TCP connection of Grizzly's): one per connection, made at the first ask,
     * which hears the connection's close from then on. Asked by one thread at a time per connection (a connection's
     * downloads follow one another; HTTP/2 asks once); two threads racing would make two, each sound on its own.
     */
    public static ConnectionSocket of(Connection<?> connection) {
        ConnectionSocket socket = OF_CONNECTION.get(connection);
        if (socket == null) {
            socket = listening(connection);
            OF_CONNECTION.set(connection, socket);
        }
        return socket;
    }

    private static ConnectionSocket listening(Connection<?> connection) {
        ConnectionSocket socket = new ConnectionSocket((SocketChannel) ((NIOConnection) connection).getChannel());
        CloseListener<Connection<?>, ?> closing = (closed, type) -> socket.closing();
        connection.addCloseListener(closing); // told at once if the close has begun already
        return socket;
    }

    /** The JDK's channel of this socket: for what is not sent by the server's own sendfile(2) (transferTo, copies). */
    SocketChannel channel() {
        return channel;
    }

    /** Whether {@code file}'s sends to this socket go by the server's own sendfile(2) (else transferTo). */
    boolean direct(LibcSendfile file) {
        return descriptor >= 0 && file.direct();
    }

    /**
     * sendfile(2) of {@code file}'s bytes to this socket's own descriptor, as {@link LibcSendfile#send}.
     *
     * @throws ClosedChannelException the connection's close has begun: nothing was sent
     */
    long send(LibcSendfile file, long position, long count) throws IOException {
        lock.lock();
        try {
            if (!isOpen()) {
                throw new ClosedChannelException();
            }
            return file.send(descriptor, position, count, channel);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Sets or clears TCP_CORK on this socket ({@link TcpCork}); false when it could not (unavailable, or the close has
     * begun: nothing is set then). Clearing it sends what the kernel held.
     */
    boolean cork(boolean corked) {
        if (descriptor < 0 || TcpCork.UNAVAILABLE.isPresent()) {
            return false;
        }
        lock.lock();
        try {
            return isOpen() && TcpCork.set(descriptor, corked);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits in poll(2) up to {@code millis} for this socket to take more bytes; returns at once once the close has
     * begun. Ready, timed out or interrupted: the caller's next write tells which.
     */
    void awaitWritable(int millis) {
        if (descriptor < 0 || !isOpen()) {
            return;
        }
        Object pollfd = POLLFD.get();
        Libc.setInt(pollfd, 0, descriptor);
        Libc.setShort(pollfd, 4, POLLOUT);
        Libc.poll(pollfd, 1, millis);
    }

    /** The connection's close has begun: waits for a send or cork in flight; none starts after. */
    void closing() {
        lock.lock();
        try {
            closing = true;
        } finally {
            lock.unlock();
        }
    }

    /** A copy's write (a section not sent by sendfile): the channel's own, which guards itself. */
    @Override
    public int write(ByteBuffer source) throws IOException {
        return channel.write(source);
    }

    /** False once the connection's close has begun (the channel itself is closed a little later). */
    @Override
    public boolean isOpen() {
        return !closing && channel.isOpen();
    }

    /** Closes nothing: the connection closes its socket; this only hands it to writers. */
    @Override
    public void close() {
        // the socket is the connection's
    }
}
