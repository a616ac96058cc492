package dev.gsf.server.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether this kernel could encrypt TLS records itself (kTLS), so that sendfile would work on TLS connections again:
 * it needs the {@code tls} upper-layer protocol. The server does not use kTLS (the JDK's SSL engine cannot hand over
 * its traffic keys; docs/tls.md has the design); the start-up line says whether it could. Any thread.
 */
public final class KernelTls {
    static final Path AVAILABLE_ULP = Path.of("/proc/sys/net/ipv4/tcp_available_ulp");

    private KernelTls() {
    }

    /** {@code ktls=available(not used)}, {@code ktls=unavailable(no tls ulp)}, or why it cannot be told. */
    public static String probe() {
        return probe(AVAILABLE_ULP);
    }

    static String probe(Path availableUlp) {
        try {
            String[] ulps = Files.readString(availableUlp).trim().split("\\s+");
            return Arrays.asList(ulps).contains("tls") ? "ktls=available(not used)" : "ktls=unavailable(no tls ulp)";
        } catch (IOException e) {
            return "ktls=unavailable(cannot read " + availableUlp + ")";
        }
    }
}
