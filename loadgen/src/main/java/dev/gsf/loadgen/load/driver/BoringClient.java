package dev.gsf.loadgen.load.driver;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.ReferenceCounted;
import java.security.KeyStore;
import java.security.GeneralSecurityException;
import java.util.Optional;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The load generator's TLS client engines from BoringSSL ({@code --tls-provider openssl}): Netty's reference-counted
 * OpenSSL engine, as the server's {@code tls-provider=openssl} uses on its side, so that the client's handshakes cost
 * what a native client's do and a TLS benchmark measures the server. The same policy as the JDK's client: TLS 1.3
 * and 1.2, the given ALPN protocols, SNI from the host (not for an address), the certificate checked against the
 * trust managers and the host name unless insecure. One context per run, given back by {@link #close} when the
 * runs are over; every engine holds native memory until {@link #release} (the connection's close).
 *
 * <p>Threads: made on the command's thread; {@link #engine} and {@link #release} from any event loop.
 */
final class BoringClient {
    private static final ByteBufAllocator ALLOCATOR = PooledByteBufAllocator.DEFAULT;
    /** nginx's key exchange groups with OpenSSL 3's defaults, x25519 first, as the server's. */
    private static final String[] GROUPS = {"X25519", "P-256", "P-521", "P-384"};

    private final SslContext context;
    private final String host;
    private final int port;

    private BoringClient(SslContext context, String host, int port) {
        this.context = context;
        this.host = host;
        this.port = port;
    }

    /** Why BoringSSL cannot run here, or empty when its natives load. */
    static Optional<String> unavailable() {
        if (OpenSsl.isAvailable()) {
            return Optional.empty();
        }
        Throwable root = OpenSsl.unavailabilityCause();
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return Optional.of(root.getMessage() == null ? root.toString() : root.getMessage());
    }

    /** The library Netty's natives link, for the log line. */
    static String describe() {
        return OpenSsl.versionString();
    }

    /**
     * A client context trusting {@code trust} (null: the JDK's default trust store), checking the host name unless
     * {@code insecure}, offering {@code alpn}.
     */
    static BoringClient of(String host, int port, TrustManager[] trust, boolean insecure, String[] protocols,
                           String[] alpn) {
        try {
            SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.OPENSSL_REFCNT)
                    .protocols(protocols)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn))
                    .endpointIdentificationAlgorithm(insecure ? null : "HTTPS")
                    .option(OpenSslContextOption.GROUPS, GROUPS.clone())
                    // the handshake's steps run inside wrap and unwrap, on the event loop, as the JDK's tasks do
                    .option(OpenSslContextOption.USE_TASKS, false);
            if (trust != null) {
                builder.trustManager(trust[0]);
            } else {
                TrustManagerFactory defaults = TrustManagerFactory.getInstance(
                        TrustManagerFactory.getDefaultAlgorithm());
                defaults.init((KeyStore) null);
                builder.trustManager(defaults);
            }
            return new BoringClient(builder.build(), host, port);
        } catch (SSLException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException("cannot set up BoringSSL's TLS client (--tls-provider openssl): "
                    + e.getMessage(), e);
        }
    }

    /** A client-mode engine for one connection (SNI and the session cache keyed by host and port). */
    SSLEngine engine() {
        return context.newEngine(ALLOCATOR, host, port);
    }

    /** Gives back the context's own reference: freed once the last engine made from it is released too. */
    void close() {
        ReferenceCountUtil.release(context);
    }

    /** Frees an engine's native memory; for the JDK's engines, nothing. */
    static void release(SSLEngine engine) {
        if (engine instanceof ReferenceCounted counted && counted.refCnt() > 0) {
            ReferenceCountUtil.release(counted);
        }
    }
}
