package dev.gsf.server.testing;

import java.util.List;

/**
 * JVM options for the short-lived JVMs that tests start (a gsf process that runs for seconds, keytool, jcmd): the
 * client compiler alone and the serial collector. Such a JVM ends before C2's compilations pay for themselves, and
 * G1's threads are for larger heaps; both took CPU from the tests running beside it (keytool -genkeypair: 1.0 s of
 * CPU, 0.45 s with these). Not for a JVM whose heap, allocation or compiled code a test measures (TlsHeapTest's
 * server): C1 does no escape analysis, so it allocates what C2 would not.
 */
public final class ChildJvms {
    /** For {@code java}. */
    public static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private ChildJvms() {
    }

    /** For a JDK tool (keytool, jcmd), which hands -J options to its JVM. */
    public static List<String> toolOptions() {
        return OPTIONS.stream().map(option -> "-J" + option).toList();
    }
}
