package dev.gsf.server.send;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.Optional;

/**
 * The few C library calls the server makes on its sockets (setsockopt, getsockopt, poll, sendfile),
 * through the Foreign Function API: final in JDK 22, reached by reflection so that the build still targets JDK 21. A
 * socket channel's descriptor number comes from {@code sun.nio.ch} (exported to us by the jar's manifest,
 * serve.jvm-options and the test runner's JVM options). Where any part is missing, {@link #UNAVAILABLE} says why, and
 * callers do without.
 *
 * <p>Native memory is a "segment", typed as Object here. Threads: any. A socket's number is used only
 * through {@link ConnectionSocket}, which keeps it the connection's while a call runs.
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
        Class<?> values = foreign("ValueLayout");
        Class<?> segment = foreign("MemorySegment");
        Class<?> arena = foreign("Arena");
        Object jint = values.getField("JAVA_INT").get(null);
        Object jshort = values.getField("JAVA_SHORT").get(null);
        handles[1] = function("setsockopt", "JAVA_INT", "JAVA_INT", "JAVA_INT", "JAVA_INT", "ADDRESS", "JAVA_INT");
        handles[2] = function("getsockopt", "JAVA_INT", "JAVA_INT", "JAVA_INT", "JAVA_INT", "ADDRESS", "ADDRESS");
        handles[3] = function("poll", "JAVA_INT", "ADDRESS", "JAVA_LONG", "JAVA_INT");
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

    private static Class<?> foreign(String name) throws ClassNotFoundException {
        return Class.forName("java.lang.foreign." + name);
    }

    /**
     * A handle on the C library's function {@code name}, every pointer typed as Object for invokeExact; result and
     * parameters are ValueLayout constants' names. {@code options}: the Linker.Options it is linked with, if any
     * (errno capture adds a first parameter, the state's memory).
     */
    private static MethodHandle functionWith(Object options, String name, String result, String... parameters)
            throws Throwable {
        Class<?> linker = foreign("Linker");
        Class<?> layout = foreign("MemoryLayout");
        Class<?> values = foreign("ValueLayout");
        Class<?> descriptorOf = foreign("FunctionDescriptor");
        Object[] typed = (Object[]) Array.newInstance(layout, parameters.length);
        for (int i = 0; i < parameters.length; i++) {
            typed[i] = values.getField(parameters[i]).get(null);
        }
        Object descriptor = descriptorOf.getMethod("of", layout, typed.getClass())
                .invoke(null, values.getField(result).get(null), typed);
        Object nativeLinker = linker.getMethod("nativeLinker").invoke(null);
        Object symbols = linker.getMethod("defaultLookup").invoke(nativeLinker);
        Object symbol = ((Optional<?>) foreign("SymbolLookup").getMethod("find", String.class)
                .invoke(symbols, name)).orElseThrow();
        Class<?> segment = foreign("MemorySegment");
        MethodHandle function = (MethodHandle) linker.getMethod("downcallHandle", segment, descriptorOf,
                options.getClass()).invoke(nativeLinker, symbol, descriptor, options);
        return function.asType(erased(function.type(), segment));
    }

    private static MethodHandle function(String name, String result, String... parameters) throws Throwable {
        return functionWith(Array.newInstance(foreign("Linker$Option"), 0), name, result, parameters);
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

    /** Empty when {@link #sendfile} can be called; else why not, for the start-up line. */
    static Optional<String> sendfileUnavailable() {
        return SendfileCall.UNAVAILABLE;
    }

    /**
     * sendfile(2) of up to {@code count} bytes of file {@code in} from {@code position} to socket {@code out}; the
     * file's own offset is left alone (an off_t* is passed). Returns the bytes sent, or minus errno on failure.
     */
    static long sendfile(int out, int in, long position, long count) {
        if (SendfileCall.UNAVAILABLE.isPresent()) {
            throw new IllegalStateException("sendfile unavailable: " + SendfileCall.UNAVAILABLE.get());
        }
        try {
            return SendfileCall.call(out, in, position, count);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * sendfile(2), linked apart from the calls above (it needs errno, captured by the linker), so that a JDK that
     * cannot link it still has TCP_CORK and poll. The off_t and errno live in native memory of a confined arena per
     * call (a malloc and a free, no system call): the caller may be a virtual thread, which a per-thread buffer would
     * not outlive.
     */
    private static final class SendfileCall {
        static final Optional<String> UNAVAILABLE;
        /** (Object errnoState, int out, int in, Object offset, long count) long. */
        private static final MethodHandle SENDFILE;
        /** () Object: a confined arena; (Object arena) void: its close; (Object arena, long bytes) Object. */
        private static final MethodHandle OPEN_ARENA;
        private static final MethodHandle CLOSE_ARENA;
        private static final MethodHandle ALLOCATE_IN;
        /** (Object segment, long offset) Object: the rest of a segment. */
        private static final MethodHandle SLICE;
        /** (Object segment, long offset, long value) void. */
        private static final MethodHandle SET_LONG;
        private static final long STATE_BYTES;
        private static final long ERRNO_OFFSET;

        static {
            MethodHandle[] handles = new MethodHandle[6];
            long[] state = new long[2];
            String why = Libc.UNAVAILABLE.orElse(null);
            if (why == null) {
                try {
                    link(handles, state);
                } catch (Throwable e) {
                    why = "cannot link sendfile: " + e;
                }
            }
            UNAVAILABLE = Optional.ofNullable(why);
            SENDFILE = handles[0];
            OPEN_ARENA = handles[1];
            CLOSE_ARENA = handles[2];
            ALLOCATE_IN = handles[3];
            SLICE = handles[4];
            SET_LONG = handles[5];
            STATE_BYTES = state[0];
            ERRNO_OFFSET = state[1];
        }

        static long call(int out, int in, long position, long count) throws Throwable {
            Object arena = (Object) OPEN_ARENA.invokeExact();
            try {
                Object memory = (Object) ALLOCATE_IN.invokeExact(arena, Long.BYTES + STATE_BYTES);
                SET_LONG.invokeExact(memory, 0L, position);
                Object errnoState = (Object) SLICE.invokeExact(memory, (long) Long.BYTES);
                long sent = (long) SENDFILE.invokeExact(errnoState, out, in, memory, count);
                return sent >= 0 ? sent : -(long) getInt(errnoState, ERRNO_OFFSET);
            } finally {
                CLOSE_ARENA.invokeExact(arena);
            }
        }

        private static void link(MethodHandle[] handles, long[] state) throws Throwable {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> segment = foreign("MemorySegment");
            Class<?> option = foreign("Linker$Option");
            Class<?> arena = foreign("Arena");
            Class<?> pathElement = foreign("MemoryLayout$PathElement");
            Object[] options = (Object[]) Array.newInstance(option, 1);
            options[0] = option.getMethod("captureCallState", String[].class)
                    .invoke(null, (Object) new String[] {"errno"});
            Object stateLayout = option.getMethod("captureStateLayout").invoke(null);
            Object[] path = (Object[]) Array.newInstance(pathElement, 1);
            path[0] = pathElement.getMethod("groupElement", String.class).invoke(null, "errno");
            state[0] = (long) foreign("MemoryLayout").getMethod("byteSize").invoke(stateLayout);
            state[1] = (long) foreign("MemoryLayout").getMethod("byteOffset", path.getClass())
                    .invoke(stateLayout, (Object) path);
            handles[0] = functionWith(options, "sendfile", "JAVA_LONG", "JAVA_INT", "JAVA_INT", "ADDRESS", "JAVA_LONG");
            handles[1] = lookup.findStatic(arena, "ofConfined", MethodType.methodType(arena))
                    .asType(MethodType.methodType(Object.class));
            handles[2] = lookup.findVirtual(arena, "close", MethodType.methodType(void.class))
                    .asType(MethodType.methodType(void.class, Object.class));
            handles[3] = lookup.findVirtual(arena, "allocate", MethodType.methodType(segment, long.class))
                    .asType(MethodType.methodType(Object.class, Object.class, long.class));
            handles[4] = lookup.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class))
                    .asType(MethodType.methodType(Object.class, Object.class, long.class));
            Class<?> ofLong = foreign("ValueLayout$OfLong");
            handles[5] = MethodHandles.insertArguments(lookup.findVirtual(segment, "set",
                    MethodType.methodType(void.class, ofLong, long.class, long.class)), 1,
                    foreign("ValueLayout").getField("JAVA_LONG").get(null))
                    .asType(MethodType.methodType(void.class, Object.class, long.class, long.class));
        }
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
