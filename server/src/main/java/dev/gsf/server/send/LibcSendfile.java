package dev.gsf.server.send;

import dev.gsf.algorithms.Sendfile;
import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * How one file's bytes go to sockets by sendfile(2), called through {@link Libc}: one system call per write.
 * {@code FileChannel.transferTo} (JDK 25) pays, per call, an fstat for the file's size, a copy_file_range that fails
 * on a socket, and the locks and thread bookkeeping of both channels around the one sendfile that does the work
 * (strace: docs/results/2026-11-27-sendfile-syscalls.md). Targets other than a non-blocking socket channel (a blocking
 * one would need the JDK's parking), and files sendfile refuses (EINVAL: a file system without splice, such as some
 * of /proc's files), go through {@code transferTo}; a file refused once is not offered to sendfile(2) again.
 *
 * <p>The file's descriptor comes from where the file is opened ({@code FileInputStream.getFD()}, read with
 * {@code sun.nio.ch.IOUtil.fdVal}, exported as {@code SelChImpl} is); the file stays open while its downloads hold it.
 * The socket's is never used by number: another thread may close the channel at any moment (a write timeout, Grizzly
 * on an error, a stop) and a new connection take the number, and the file's bytes would go to that client. Each
 * download sends through its own {@link SendfileSession}, to the connection's {@link ConnectionSocket}, which keeps
 * the socket's number from being released while a call runs (any other target goes to transferTo).
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

    /** sendfile(2) from {@code file}, -1 when it cannot be called (transferTo sends). */
    private final int file;
    private final Sendfile transferTo;
    private final LongAdder calls;
    /** Set when sendfile(2) refused the file (EINVAL, ENOSYS): it would refuse every later call too. */
    private volatile boolean refused;

    private LibcSendfile(FileChannel channel, int file, LongAdder calls) {
        this.file = file;
        this.transferTo = Sendfile.transferTo(channel);
        this.calls = calls;
    }

    /**
     * How {@code channel}'s bytes are sent: by sendfile(2) on {@code descriptor} (the channel's own file) when it
     * can be called, else by transferTo. Each sendfile(2) call is counted in {@code calls}.
     */
    public static LibcSendfile of(FileChannel channel, FileDescriptor descriptor, LongAdder calls) {
        int fd = -1;
        if (UNAVAILABLE.isEmpty()) {
            try {
                fd = (int) FD_VAL.invokeExact(descriptor);
            } catch (Throwable e) {
                fd = -1;
            }
        }
        return new LibcSendfile(channel, Math.max(fd, -1), calls);
    }

    /**
     * One download's sends of this file, to be {@link SendfileSession#close() closed} when the download ends: the
     * direct calls go to a number that is the connection's while they run ({@link ConnectionSocket}), never to one
     * another connection may have taken.
     */
    public SendfileSession session() {
        return new SendfileSession(this);
    }

    /** Whether sendfile(2) is called directly (else transferTo sends): not for a file it refused once. */
    boolean direct() {
        return file >= 0 && !refused;
    }

    Sendfile transferTo() {
        return transferTo;
    }

    /**
     * sendfile(2) from this file to socket descriptor {@code out} (a {@link ConnectionSocket}'s, under its lock), as
     * {@link Sendfile#send}; {@code target}, the channel whose number {@code out} is, for what sendfile refuses.
     */
    long send(int out, long position, long count, WritableByteChannel target) throws IOException {
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
                    refused = true; // a file sendfile cannot read from: its later sends go to transferTo at once
                    return transferTo.send(position, count, target);
                }
                case EPIPE -> throw new IOException("Broken pipe");
                case ECONNRESET -> throw new IOException("Connection reset by peer");
                default -> throw new IOException("sendfile failed: errno " + -sent);
            }
        }
    }
}
