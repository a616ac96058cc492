package dev.gsf.server.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * What this test JVM holds outside its heap, read from /proc: its open descriptors, and its resident memory (VmRSS),
 * which counts native memory (a TLS library's) that the JVM's heap figures do not. Linux (glibc) only; any thread.
 */
public final class ProcessFigures {
    private ProcessFigures() {
    }

    /** Descriptors this process has open now. */
    public static long openDescriptors() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * This process's resident set after a GC and glibc's malloc_trim(0), in KB: memory the heap and malloc have freed
     * but kept (C2's compiler arenas, a TLS library's freed buffers) is given back first, so that what stays is what
     * is in use.
     */
    public static long residentAfterTrimKb() {
        System.gc();
        try { // jcmd's System.trim_native_heap: malloc_trim(0) on glibc
            ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "systemTrimNativeHeap", new Object[] {null}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("System.trim_native_heap", e);
        }
        return residentKb();
    }

    /** This process's resident set (VmRSS of /proc/self/status), in KB. */
    public static long residentKb() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/status"))) {
            return lines.filter(line -> line.startsWith("VmRSS:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("\\D", ""))).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no VmRSS in /proc/self/status"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
