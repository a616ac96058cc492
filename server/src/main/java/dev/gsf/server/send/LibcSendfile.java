package dev.gsf.server.send;

import dev.gsf.algorithms.Sendfile;
import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * A file's {@link Sendfile} that calls sendfile(2) itself, through {@link Libc}: one system call per write.
 * {@code FileChannel.transferTo} (JDK 25) pays, per call, an fstat for the file's size, a copy_file_range that fails
 * on a socket, and the locks and thread bookkeeping of both channels around the one sendfile that does the work
 * (strace: docs/results/2026-11-27-sendfile-syscalls.md). Targets other than a non-blocking socket channel (a blocking
 * one would need the JDK's parking), and files sendfile refuses (EINVAL), go through {@code transferTo}.
 *
 * <p>The file's descriptor comes from where the file is opened ({@code FileInputStream.getFD()}, read with
 * {@code sun.nio.ch.IOUtil.fdVal}, exported as {@code SelChImpl} is); the file stays open while its downloads hold it.
 * The socket's is read on each call, after a check that the channel is open, as JDK 21's transferTo does; JDK 25's
 * also holds the socket channel's write lock, which the channel's close waits for. So a close on another thread at
 * that moment (a write timeout, a stop) races with the call as it does with TCP_CORK's setsockopt and with JDK 21's
 * transferTo. The window is narrow: the JDK releases the descriptor of a channel registered with a selector (Grizzly's
 * all are) only when that selector deregisters it on its next wake-up, and the number must then be taken by a new
 * connection before the call starts.
 *
 * <p>Threads: any, many at once (one per download of the file).
 */
public final class LibcSendfile {
    private static final int EINTR = 4, EAGAIN = 11, EINVAL = 22, EPIPE = 32, ENOSYS = 38, ECONNRESET = 104;
    /** The most one sendfile(2) moves (Linux). */
    private static final long MAX_COUNT = 0x7ffff000L;
    /** Empty when sendfile(2) is called directly; else why transferTo is used, for the start-up line. */
    public static final Optional<String> UNAVAILABLE;
    /** (FileDescriptor) int: sun.nio.ch.IOUtil.fdVal. */
    private static final MethodHandle FD_VAL;

    static {
        MethodHandle fdVal = null;
        String why = Libc.sendfileUnavailable().orElse(null);
        if (why == null) {
            try {
                fdVal = MethodHandles.lookup().findStatic(Class.forName("sun.nio.ch.IOUtil"), "fdVal",
                        MethodType.methodType(int.class, FileDescriptor.class));
            } catch (ReflectiveOperationException e) {
                why = "no file descriptor numbers (sun.nio.ch.IOUtil.fdVal): " + e;
            }
        }
        UNAVAILABLE = Optional.ofNullable(why);
        FD_VAL = fdVal;
    }

    private LibcSendfile() {
    }

    /**
     * How {@code channel}'s bytes are sent: by sendfile(2) on {@code descriptor} (the channel's own file) when it
     * can be called, else by transferTo. Each sendfile(2) call is counted in {@code calls}.
     */
    public static Sendfile of(FileChannel channel, FileDescriptor descriptor, LongAdder calls) {
        Sendfile transferTo = Sendfile.transferTo(channel);
        if (UNAVAILABLE.isPresent()) {
            return transferTo;
        }
        try {
            int fd = (int) FD_VAL.invokeExact(descriptor);
            return fd < 0 ? transferTo : new Direct(fd, transferTo, calls);
        } catch (Throwable e) {
            return transferTo;
        }
    }

    /** sendfile(2) on file descriptor {@code file}; {@code fallback} for what it cannot send. */
    private record Direct(int file, Sendfile fallback, LongAdder calls) implements Sendfile {
        @Override
        public long send(long position, long count, WritableByteChannel target) throws IOException {
            if (!(target instanceof SocketChannel socket) || socket.isBlocking()) {
                return fallback.send(position, count, target);
            }
            if (!socket.isOpen()) {
                throw new ClosedChannelException();
            }
            int out = Libc.descriptor(socket);
            long wanted = Math.min(count, MAX_COUNT);
            while (true) {
                calls.increment();
                long sent = Libc.sendfile(out, file, position, wanted);
                if (sent > 0 || (sent == 0 && wanted == 0)) {
                    return sent;
                } else if (sent == 0) {
                    return -1; // nothing at position: the file ended (a full socket answers EAGAIN)
                }
                switch ((int) -sent) {
                    case EINTR -> {
                        // interrupted by a signal before it sent anything: again
                    }
                    case EAGAIN -> {
                        return 0;
                    }
                    case EINVAL, ENOSYS -> {
                        return fallback.send(position, count, target); // a file sendfile cannot read from
                    }
                    case EPIPE -> throw new IOException("Broken pipe");
                    case ECONNRESET -> throw new IOException("Connection reset by peer");
                    default -> throw new IOException("sendfile failed: errno " + -sent);
                }
            }
        }
    }
}
