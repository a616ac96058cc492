package dev.gsf.server;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.Optional;

/**
 * TCP_CORK on a socket (Linux): while it is set the kernel sends only full segments and holds a partial last one
 * until the cork comes off (or 200 ms pass). nginx sets it while it sends a file ({@code tcp_nopush}); see
 * {@link NoPush} for why we do.
 *
 * <p>Java has no socket option for it. setsockopt(2) is called through the Foreign Function API (final in JDK 22;
 * reached by reflection so that the build still targets JDK 21), on the descriptor number the JDK keeps in
 * {@code sun.nio.ch} (exported to us by the jar's manifest and the test runner's JVM options). Where any part is
 * missing {@link #UNAVAILABLE} says why, and sockets are left as they are.
 *
 * <p>Threads: any. A call races only with the connection's close; callers check that it is open just before.
 */
final class TcpCork {
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_CORK = 3;
    /** (int fd, int level, int name, MemorySegment value, int length) int, the segment typed as Object. */
    private static final MethodHandle SETSOCKOPT;
    /** (int fd, int level, int name, MemorySegment value, MemorySegment length) int; for tests. */
    private static final MethodHandle GETSOCKOPT;
    /** (Object channel) int: the descriptor number of a JDK socket channel. */
    private static final MethodHandle DESCRIPTOR;
    private static final Object ON;
    private static final Object OFF;
    /** Empty when TCP_CORK can be set; else why not, for the start-up line. */
    static final Optional<String> UNAVAILABLE;

    static {
        MethodHandle set = null;
        MethodHandle get = null;
        MethodHandle descriptor = null;
        Object on = null;
        Object off = null;
        String why = null;
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            why = "TCP_CORK is Linux's";
        } else if (Runtime.version().feature() < 22) {
            why = "needs JDK 22+ (Foreign Function API)";
        } else {
            try {
                descriptor = MethodHandles.lookup().findVirtual(Class.forName("sun.nio.ch.SelChImpl"), "getFDVal",
                        MethodType.methodType(int.class)).asType(MethodType.methodType(int.class, Object.class));
                Class<?> linker = Class.forName("java.lang.foreign.Linker");
                Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
                Class<?> values = Class.forName("java.lang.foreign.ValueLayout");
                Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
                Class<?> descriptorOf = Class.forName("java.lang.foreign.FunctionDescriptor");
                Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
                Object nativeLinker = linker.getMethod("nativeLinker").invoke(null);
                Object lookup = linker.getMethod("defaultLookup").invoke(nativeLinker);
                Object jint = values.getField("JAVA_INT").get(null);
                Object address = values.getField("ADDRESS").get(null);
                MethodHandle find = MethodHandles.publicLookup().findVirtual(
                        Class.forName("java.lang.foreign.SymbolLookup"), "find",
                        MethodType.methodType(Optional.class, String.class));
                Object[] noOptions = (Object[]) Array.newInstance(option, 0);
                var downcall = linker.getMethod("downcallHandle", segment, descriptorOf, noOptions.getClass());
                var describe = descriptorOf.getMethod("of", layout, Array.newInstance(layout, 0).getClass());
                Object[] setArguments = arguments(layout, jint, jint, jint, address, jint);
                Object[] getArguments = arguments(layout, jint, jint, jint, address, address);
                MethodType objectSegments = MethodType.methodType(int.class, int.class, int.class, int.class,
                        Object.class, int.class);
                set = ((MethodHandle) downcall.invoke(nativeLinker, ((Optional<?>) find.invoke(lookup, "setsockopt"))
                        .orElseThrow(), describe.invoke(null, jint, setArguments), noOptions)).asType(objectSegments);
                get = ((MethodHandle) downcall.invoke(nativeLinker, ((Optional<?>) find.invoke(lookup, "getsockopt"))
                        .orElseThrow(), describe.invoke(null, jint, getArguments), noOptions))
                        .asType(objectSegments.changeParameterType(4, Object.class));
                on = intSegment(segment, jint, 1);
                off = intSegment(segment, jint, 0);
                try (SocketChannel probe = SocketChannel.open()) {
                    if ((int) descriptor.invokeExact((Object) probe) < 0) {
                        throw new IllegalStateException("no descriptor for a socket channel");
                    }
                }
            } catch (IllegalAccessException e) {
                why = "the JVM does not export sun.nio.ch (--add-exports java.base/sun.nio.ch=ALL-UNNAMED)";
            } catch (Throwable e) {
                why = "cannot call setsockopt: " + e;
            }
        }
        UNAVAILABLE = Optional.ofNullable(why);
        SETSOCKOPT = why == null ? set : null;
        GETSOCKOPT = why == null ? get : null;
        DESCRIPTOR = descriptor;
        ON = on;
        OFF = off;
    }

    private TcpCork() {
    }

    /**
     * Sets or clears TCP_CORK on {@code channel}; false when it could not (unavailable, or the connection closed).
     * Clearing it sends what the kernel held.
     */
    static boolean set(SocketChannel channel, boolean corked) {
        if (SETSOCKOPT == null || !channel.isOpen()) {
            return false;
        }
        try {
            Object value = corked ? ON : OFF;
            return (int) SETSOCKOPT.invokeExact((int) DESCRIPTOR.invokeExact((Object) channel), IPPROTO_TCP, TCP_CORK,
                    value, Integer.BYTES) == 0;
        } catch (Throwable e) {
            throw new IllegalStateException("setsockopt(TCP_CORK)", e);
        }
    }

    /** Whether TCP_CORK is set on {@code channel}, read back from the kernel; for tests. */
    static boolean isSet(SocketChannel channel) throws Throwable {
        if (GETSOCKOPT == null) {
            throw new IllegalStateException("TCP_CORK unavailable: " + UNAVAILABLE.orElseThrow());
        }
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        Object jint = Class.forName("java.lang.foreign.ValueLayout").getField("JAVA_INT").get(null);
        Object value = intSegment(segment, jint, -1); // a few bytes for the life of the JVM: tests only
        Object length = intSegment(segment, jint, Integer.BYTES);
        int result = (int) GETSOCKOPT.invokeExact((int) DESCRIPTOR.invokeExact((Object) channel), IPPROTO_TCP,
                TCP_CORK, value, length);
        if (result != 0) {
            throw new IllegalStateException("getsockopt(TCP_CORK) failed");
        }
        Class<?> ofInt = Class.forName("java.lang.foreign.ValueLayout$OfInt");
        return (int) segment.getMethod("get", ofInt, long.class).invoke(value, jint, 0L) != 0;
    }

    private static Object[] arguments(Class<?> layout, Object... layouts) {
        Object[] array = (Object[]) Array.newInstance(layout, layouts.length);
        System.arraycopy(layouts, 0, array, 0, layouts.length);
        return array;
    }

    /** A native int holding {@code value}, for the life of the JVM (Arena.global()). */
    private static Object intSegment(Class<?> segment, Object jint, int value) throws ReflectiveOperationException {
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Object global = arena.getMethod("global").invoke(null);
        Object memory = arena.getMethod("allocate", long.class).invoke(global, (long) Integer.BYTES);
        Class<?> ofInt = Class.forName("java.lang.foreign.ValueLayout$OfInt");
        segment.getMethod("set", ofInt, long.class, int.class).invoke(memory, jint, 0L, value);
        return memory;
    }
}
