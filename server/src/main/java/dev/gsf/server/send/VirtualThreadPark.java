package dev.gsf.server.send;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * Parks a virtual thread until its socket can take bytes again, in the JDK's own poller, as a blocking
 * {@code SocketChannel} write on a virtual thread does ({@code sun.nio.ch.SelChImpl.park}): the carrier thread is free
 * meanwhile, and no Grizzly selector takes part. That is how VTA's virtual thread waits for a full socket
 * ({@link BlockingWrites}); without it (no {@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED}, another JDK) its
 * writes go through the connection's write queue as before and {@link #UNAVAILABLE} says why.
 *
 * <p>Threads: virtual threads only (a platform thread would block in poll(2) here: {@link BlockingWrites} uses
 * {@link Libc} for those).
 */
public final class VirtualThreadPark {
    /** Empty when virtual threads can park here; else why not (for the start-up line). */
    public static final Optional<String> UNAVAILABLE;
    /** The JDK's socket channel class family; a channel of another provider cannot park here. */
    private static final Class<?> PARKABLE;
    /** (Object channel, int event, long nanos) void. */
    private static final MethodHandle PARK;
    /** The poll(2) event "writable", as the JDK's poller names it. */
    private static final int POLLOUT;

    static {
        Class<?> parkable = null;
        MethodHandle park = null;
        int pollout = 0;
        String why = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            parkable = Class.forName("sun.nio.ch.SelChImpl");
            park = lookup.findVirtual(parkable, "park", MethodType.methodType(void.class, int.class, long.class))
                    .asType(MethodType.methodType(void.class, Object.class, int.class, long.class));
            pollout = (short) lookup.findStaticGetter(Class.forName("sun.nio.ch.Net"), "POLLOUT", short.class)
                    .invoke();
        } catch (IllegalAccessException e) {
            why = "the JVM does not export sun.nio.ch (--add-exports java.base/sun.nio.ch=ALL-UNNAMED)";
        } catch (Throwable e) {
            why = "cannot reach the JDK's poller: " + e;
        }
        UNAVAILABLE = Optional.ofNullable(why);
        PARKABLE = why == null ? parkable : null;
        PARK = why == null ? park : null;
        POLLOUT = pollout;
    }

    private VirtualThreadPark() {
    }

    /** Whether the calling virtual thread can wait here for {@code channel}. */
    static boolean canPark(SocketChannel channel) {
        return PARKABLE != null && PARKABLE.isInstance(channel);
    }

    /**
     * Parks the calling virtual thread until {@code channel} is writable, for at most {@code nanos}; returns early, too,
     * when the channel is closed under it. Says nothing of which: the caller writes again and looks.
     */
    static void untilWritable(SocketChannel channel, long nanos) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted while the socket was full"); // park would return at once
        }
        try {
            PARK.invokeExact((Object) channel, POLLOUT, nanos);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
    }
}
