package dev.gsf.server.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Whose TLS the HTTPS port runs ({@code tls-provider}): BoringSSL through Netty's engine, the JDK's own, or the first
 * where its natives load.
 */
public enum TlsProvider {
    /** BoringSSL where its natives load on this machine, else the JDK's; the start-up line says which and why. */
    AUTO,
    /** BoringSSL (Netty's reference-counted OpenSSL engine); the server does not start when its natives do not load. */
    OPENSSL,
    /** The JDK's SSLEngine. */
    JDK;

    /** The name as the key takes it. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code auto}, {@code openssl} or {@code jdk}. */
    public static TlsProvider parse(String text) {
        return Arrays.stream(values()).filter(p -> p.key().equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not one of " + names()));
    }

    /** The names the key takes, for help texts. */
    public static String names() {
        return Arrays.stream(values()).map(TlsProvider::key).collect(Collectors.joining("|"));
    }
}
