package dev.gsf.server.send;

import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * TCP_CORK on a socket (Linux): while it is set the kernel sends only full segments and holds a partial last one
 * until the cork comes off (or 200 ms pass). nginx sets it while it sends a file ({@code tcp_nopush}); see
 * {@link NoPush} for why we do. Java has no socket option for it: setsockopt(2) is called through {@link Libc}.
 *
 * <p>Threads: any. The number is a {@link ConnectionSocket}'s, which it calls under its lock (see there), or a
 * test's own socket.
 */
public final class TcpCork {
    // Linux's numbers (netinet/in.h, linux/tcp.h), fixed in its ABI; the JDK names neither, and Libc is the one place
    // that calls setsockopt(2), for this option only, so they stay here.
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_CORK = 3;
    /** Empty when TCP_CORK can be set; else why not, for the start-up line. */
    public static final Optional<String> UNAVAILABLE = Libc.UNAVAILABLE;
    private static final Object ON = UNAVAILABLE.isEmpty() ? Libc.intOf(1) : null;
    private static final Object OFF = UNAVAILABLE.isEmpty() ? Libc.intOf(0) : null;

    private TcpCork() {
    }

    /**
     * Sets or clears TCP_CORK on socket descriptor {@code fd}; false when it could not. Only through
     * {@link ConnectionSocket#cork}, which keeps the number the connection's during the call.
     */
    static boolean set(int fd, boolean corked) {
        return Libc.setsockopt(fd, IPPROTO_TCP, TCP_CORK, corked ? ON : OFF, Integer.BYTES) == 0;
    }

    /** Whether TCP_CORK is set on {@code channel}, read back from the kernel; for tests (their own open channel). */
    static boolean isSet(SocketChannel channel) {
        Object value = Libc.intOf(-1);
        if (Libc.getsockopt(Libc.descriptor(channel), IPPROTO_TCP, TCP_CORK, value, Libc.intOf(Integer.BYTES)) != 0) {
            throw new IllegalStateException("getsockopt(TCP_CORK) failed");
        }
        return Libc.getInt(value, 0) != 0;
    }
}
