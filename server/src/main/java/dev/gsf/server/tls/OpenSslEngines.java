package dev.gsf.server.tls;

import dev.gsf.server.config.ConfigException;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.util.ReferenceCountUtil;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;

/**
 * Engines of BoringSSL ({@code tls-provider=openssl}): Netty's reference-counted OpenSSL engine, made from one
 * {@link SslContext} per certificate and key. It opens no descriptor (its network side is a memory BIO) and does the
 * key exchange and signature natively, where the JDK's X25519 and ECDSA are Java.
 *
 * <p>The same policy as the JDK's engines: TLS 1.3 and 1.2, the AEAD suites with forward secrecy in the server's
 * order, ALPN {@code h2} (with {@code http2=on}) then {@code http/1.1}, no client certificates, no renegotiation (BoringSSL has none on a server). Key exchange
 * groups in nginx's order with OpenSSL 3's defaults, x25519 first. Sessions as nginx's defaults ({@code
 * ssl_session_tickets on}, {@code ssl_session_cache none}, {@code ssl_session_timeout 5m}): tickets under keys
 * BoringSSL makes for the context, nothing stored on the server.
 *
 * <p>Native memory: every engine holds an SSL object and a reference to its context's SSL_CTX until it is released
 * ({@link TlsEngines} releases it when its connection closes); the context holds its own reference, given back by
 * {@link #close} (a reload, the port's close), and is freed with the last engine made from it.
 *
 * <p>Threads: {@link #newEngine} on a selector thread, {@link #close} on a reloading or stopping thread; Netty's
 * engine locks itself, so a release racing a wrap on another thread only makes that wrap say CLOSED.
 */
final class OpenSslEngines implements TlsEngines.Source {
    /** nginx's key exchange groups (OpenSSL 3's default list), less those BoringSSL lacks (x448, ffdhe). */
    static final String[] GROUPS = {"X25519", "P-256", "P-521", "P-384"};
    /** Session lifetime, nginx's ssl_session_timeout. */
    private static final long SESSION_SECONDS = 300;
    /** For the copies a heap buffer given to the engine needs; pooled, so a record does not allocate. */
    private static final ByteBufAllocator ALLOCATOR = PooledByteBufAllocator.DEFAULT;

    private final SslContext context;

    private OpenSslEngines(SslContext context) {
        this.context = context;
    }

    /** Why BoringSSL cannot run here, or empty when its natives load. */
    static Optional<String> unavailable() {
        if (OpenSsl.isAvailable()) {
            return Optional.empty();
        }
        Throwable cause = OpenSsl.unavailabilityCause();
        Throwable root = cause;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return Optional.of(root.getMessage() == null ? root.toString() : root.getMessage());
    }

    /** What runs, for the start-up line: the library Netty's natives link, and the key exchange groups. */
    static String describe() {
        return OpenSsl.versionString() + " groups=" + String.join(":", GROUPS);
    }

    /**
     * A context for {@code pem}'s chain and key.
     *
     * @param suites the TLS 1.2 and 1.3 suites the JDK's engines are given, in their order
     * @param applicationProtocols ALPN, in the server's order of preference
     * @throws ConfigException naming {@code tls-key} when BoringSSL refuses the key or chain
     */
    static OpenSslEngines of(PemFiles pem, List<String> suites, String[] applicationProtocols) {
        try {
            SslContext context = SslContextBuilder.forServer(pem.key(), pem.chain())
                    .sslProvider(SslProvider.OPENSSL_REFCNT)
                    .protocols(TlsEngines.PROTOCOLS)
                    .ciphers(suites, SupportedCipherSuiteFilter.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            // Not FATAL_ALERT: Netty's OpenSSL engine does not take it. A client offering only other
                            // protocols gets no ALPN answer, where the JDK's engine ends the handshake.
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            applicationProtocols))
                    .clientAuth(ClientAuth.NONE)
                    .option(OpenSslContextOption.GROUPS, GROUPS.clone())
                    // the handshake's steps run in the engine's calls, on the selector thread, as Grizzly would run
                    // its delegated tasks there anyway (NEED_TASK only made a task object per step)
                    .option(OpenSslContextOption.USE_TASKS, false)
                    .sessionTimeout(SESSION_SECONDS)
                    .build();
            OpenSslSessionContext sessions = (OpenSslSessionContext) context.sessionContext();
            sessions.setSessionCacheEnabled(false);
            sessions.setTicketKeys(); // no keys given: tickets on (Netty turns them off), under BoringSSL's own keys
            return new OpenSslEngines(context);
        } catch (SSLException | RuntimeException e) {
            throw new ConfigException("tls-key: BoringSSL (tls-provider=openssl) cannot use this key and certificate: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public SSLEngine newEngine() {
        return new BoringEngine(context.newEngine(ALLOCATOR));
    }

    @Override
    public String[] cipherSuites() {
        return context.cipherSuites().toArray(String[]::new);
    }

    @Override
    public void release(SSLEngine engine) {
        ((BoringEngine) engine).release();
    }

    /** Gives back the context's own reference; engines still open keep its SSL_CTX until their release. */
    @Override
    public void close() {
        ReferenceCountUtil.release(context);
    }

    @Override
    public String toString() {
        return "openssl(" + describe() + ")";
    }
}
