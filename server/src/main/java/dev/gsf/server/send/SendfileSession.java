package dev.gsf.server.send;

import dev.gsf.algorithms.Sendfile;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One download's sends of a file by sendfile(2) ({@link LibcSendfile}). The one rule: sendfile(2) goes to the
 * connection's own descriptor, under its {@link ConnectionSocket}, which keeps the number the connection's while a call
 * runs (its close listener waits for the call in flight; none starts after the close began). The server's writers
 * hand every plain section that socket; the session takes no descriptor of its own. A send and {@link #close()}
 * exclude each other (one lock), so that none starts once the download has released its file.
 *
 * <p>Any other target (a blocking channel, a channel no writer of the server's hands: a test's bare one) goes
 * through {@code transferTo}, which on JDK 22+ sends under the channel's own lock; the socket's number is never used
 * outside {@code ConnectionSocket}.
 *
 * <p>Threads: the download's writer (one send at a time) and whichever thread ends the download (the close).
 */
public final class SendfileSession implements Sendfile {
    private final LibcSendfile file;
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private boolean closed;

    SendfileSession(LibcSendfile file) {
        this.file = file;
    }

    @Override
    public long send(long position, long count, WritableByteChannel target) throws IOException {
        if (!(target instanceof ConnectionSocket socket)) {
            return file.transferTo().send(position, count, target);
        }
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

    /** The download has ended: no send starts after this; one in flight is waited for. Idempotent. */
    public void close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
    }
}
