package dev.gsf.server.send;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.Optional;

/**
 * The few C library calls the server makes on its sockets (setsockopt, getsockopt, poll), through the Foreign Function
 * API: final in JDK 22, reached by reflection so that the build still targets JDK 21. A socket channel's descriptor
 * number comes from {@code sun.nio.ch} (exported to us by the jar's manifest, serve.jvm-options and the test runner's
 * JVM options). Where any part is missing, {@link #UNAVAILABLE} says why, and callers do without.
 *
 * <p>Native memory is a "segment", typed as Object here. Threads: any. A call on a socket races only with its close;
 * callers check that it is open just before.
 */
final class Libc {
    /** Empty when the calls below can be made (Linux); else why not, for the start-up line. */
    static final Optional<String> UNAVAILABLE;
    /** (Object channel) int. */
    private static final MethodHandle DESCRIPTOR;
    /** (int fd, int level, int name, Object value, int length) int. */
    private static final MethodHandle SETSOCKOPT;
    /** (int fd, int level, int name, Object value, Object length) int. */
    private static final MethodHandle GETSOCKOPT;
    /** (Object fds, long count, int timeoutMillis) int. */
    private static final MethodHandle POLL;
    /** (long bytes) Object: zeroed native memory, freed once unreachable (Arena.ofAuto). */
    private static final MethodHandle ALLOCATE;
    /** (Object segment, long offset) int, and (Object segment, long offset, int value) void. */
    private static final MethodHandle GET_INT;
    private static final MethodHandle SET_INT;
    /** (Object segment, long offset, short value) void. */
    private static final MethodHandle SET_SHORT;

    static {
        MethodHandle[] handles = new MethodHandle[8];
        String why = null;
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            why = "Linux only";
        } else if (Runtime.version().feature() < 22) {
            why = "needs JDK 22+ (Foreign Function API)";
        } else {
            try {
                link(handles);
            } catch (IllegalAccessException e) {
                why = "the JVM does not export sun.nio.ch (--add-exports java.base/sun.nio.ch=ALL-UNNAMED)";
            } catch (Throwable e) {
                why = "cannot call the C library: " + e;
            }
        }
        UNAVAILABLE = Optional.ofNullable(why);
        boolean ok = why == null;
        DESCRIPTOR = ok ? handles[0] : null;
        SETSOCKOPT = ok ? handles[1] : null;
        GETSOCKOPT = ok ? handles[2] : null;
        POLL = ok ? handles[3] : null;
        ALLOCATE = ok ? handles[4] : null;
        GET_INT = ok ? handles[5] : null;
        SET_INT = ok ? handles[6] : null;
        SET_SHORT = ok ? handles[7] : null;
    }

    private Libc() {
    }

    private static void link(MethodHandle[] handles) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        handles[0] = MethodHandles.lookup().findVirtual(Class.forName("sun.nio.ch.SelChImpl"), "getFDVal",
                MethodType.methodType(int.class)).asType(MethodType.methodType(int.class, Object.class));
        Class<?> linker = Class.forName("java.lang.foreign.Linker");
        Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> values = Class.forName("java.lang.foreign.ValueLayout");
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> descriptorOf = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Object nativeLinker = linker.getMethod("nativeLinker").invoke(null);
        Object symbols = linker.getMethod("defaultLookup").invoke(nativeLinker);
        Object jint = values.getField("JAVA_INT").get(null);
        Object jlong = values.getField("JAVA_LONG").get(null);
        Object jshort = values.getField("JAVA_SHORT").get(null);
        Object address = values.getField("ADDRESS").get(null);
        MethodHandle find = lookup.findVirtual(Class.forName("java.lang.foreign.SymbolLookup"), "find",
                MethodType.methodType(Optional.class, String.class));
        Object[] noOptions = (Object[]) Array.newInstance(option, 0);
        var downcall = linker.getMethod("downcallHandle", segment, descriptorOf, noOptions.getClass());
        var describe = descriptorOf.getMethod("of", layout, Array.newInstance(layout, 0).getClass());
        // C functions, with every pointer typed as Object for invokeExact
        Object[][] signatures = {
                {"setsockopt", new Object[] {jint, jint, jint, address, jint}},
                {"getsockopt", new Object[] {jint, jint, jint, address, address}},
                {"poll", new Object[] {address, jlong, jint}}};
        for (int i = 0; i < signatures.length; i++) {
            Object[] parameters = (Object[]) signatures[i][1];
            Object[] typed = (Object[]) Array.newInstance(layout, parameters.length);
            System.arraycopy(parameters, 0, typed, 0, parameters.length);
            MethodHandle function = (MethodHandle) downcall.invoke(nativeLinker,
                    ((Optional<?>) find.invoke(symbols, signatures[i][0])).orElseThrow(),
                    describe.invoke(null, jint, typed), noOptions);
            handles[1 + i] = function.asType(erased(function.type(), segment));
        }
        Object auto = arena.getMethod("ofAuto").invoke(null);
        handles[4] = lookup.findVirtual(arena, "allocate", MethodType.methodType(segment, long.class)).bindTo(auto)
                .asType(MethodType.methodType(Object.class, long.class));
        Class<?> ofInt = Class.forName("java.lang.foreign.ValueLayout$OfInt");
        Class<?> ofShort = Class.forName("java.lang.foreign.ValueLayout$OfShort");
        handles[5] = MethodHandles.insertArguments(lookup.findVirtual(segment, "get",
                MethodType.methodType(int.class, ofInt, long.class)), 1, jint)
                .asType(MethodType.methodType(int.class, Object.class, long.class));
        handles[6] = MethodHandles.insertArguments(lookup.findVirtual(segment, "set",
                MethodType.methodType(void.class, ofInt, long.class, int.class)), 1, jint)
                .asType(MethodType.methodType(void.class, Object.class, long.class, int.class));
        handles[7] = MethodHandles.insertArguments(lookup.findVirtual(segment, "set",
                MethodType.methodType(void.class, ofShort, long.class, short.class)), 1, jshort)
                .asType(MethodType.methodType(void.class, Object.class, long.class, short.class));
        try (SocketChannel probe = SocketChannel.open()) {
            if ((int) handles[0].invokeExact((Object) probe) < 0) {
                throw new IllegalStateException("no descriptor for a socket channel");
            }
        }
    }

    /** {@code type} with every MemorySegment parameter typed as Object. */
    private static MethodType erased(MethodType type, Class<?> segment) {
        for (int i = 0; i < type.parameterCount(); i++) {
            if (type.parameterType(i) == segment) {
                type = type.changeParameterType(i, Object.class);
            }
        }
        return type;
    }

    /** The descriptor number of a JDK socket channel. */
    static int descriptor(SocketChannel channel) {
        return invoke(() -> (int) DESCRIPTOR.invokeExact((Object) channel));
    }

    static int setsockopt(int fd, int level, int name, Object value, int length) {
        return invoke(() -> (int) SETSOCKOPT.invokeExact(fd, level, name, value, length));
    }

    static int getsockopt(int fd, int level, int name, Object value, Object length) {
        return invoke(() -> (int) GETSOCKOPT.invokeExact(fd, level, name, value, length));
    }

    static int poll(Object fds, long count, int timeoutMillis) {
        return invoke(() -> (int) POLL.invokeExact(fds, count, timeoutMillis));
    }

    /** Zeroed native memory, freed once unreachable. */
    static Object allocate(long bytes) {
        try {
            return (Object) ALLOCATE.invokeExact(bytes);
        } catch (Throwable e) {
            throw new IllegalStateException("allocate", e);
        }
    }

    /** A native int holding {@code value}, freed once unreachable. */
    static Object intOf(int value) {
        Object memory = allocate(Integer.BYTES);
        setInt(memory, 0, value);
        return memory;
    }

    static int getInt(Object segment, long offset) {
        return invoke(() -> (int) GET_INT.invokeExact(segment, offset));
    }

    static void setInt(Object segment, long offset, int value) {
        invoke(() -> {
            SET_INT.invokeExact(segment, offset, value);
            return 0;
        });
    }

    static void setShort(Object segment, long offset, short value) {
        invoke(() -> {
            SET_SHORT.invokeExact(segment, offset, value);
            return 0;
        });
    }

    private interface Call {
        int run() throws Throwable;
    }

    private static int invoke(Call call) {
        if (UNAVAILABLE.isPresent()) {
            throw new IllegalStateException("C library calls unavailable: " + UNAVAILABLE.get());
        }
        try {
            return call.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
