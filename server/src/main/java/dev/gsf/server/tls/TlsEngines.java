package dev.gsf.server.tls;

import dev.gsf.server.config.TlsProvider;
import io.netty.util.IllegalReferenceCountException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * The SSL engine of every connection the HTTPS port accepts, from the provider {@code tls-provider} chose:
 * BoringSSL's ({@link OpenSslEngines}) or the JDK's ({@link JdkEngines}), with one policy: server mode, TLS 1.3 and
 * 1.2 only, the AEAD suites with forward secrecy in the server's order, ALPN {@code h2} (with {@code http2=on}) then {@code http/1.1}, client-initiated
 * renegotiation (TLS 1.2) refused. {@link #use} swaps the certificate: connections accepted after it handshake with
 * the new one, established ones keep the engine they have.
 *
 * <p>Every engine is counted from its making to its connection's close, whichever way the connection ends (a
 * normal close, an abort, a failed or timed-out handshake, the server's stop): {@link #lifecycle} registers the close
 * listener that releases it (BoringSSL's engines hold native memory until released) as soon as the SSL filter has
 * attached it to its connection.
 *
 * <p>Threads: {@link #createSSLEngine} and the lifecycle listener on the selector thread that reads a connection's
 * first bytes; the release on the thread that closes the connection; {@link #use} and {@link #close} on any (a
 * reload, the stop). None blocks.
 */
public final class TlsEngines extends SSLEngineConfigurator implements AutoCloseable {
    static final String REFUSE_RENEGOTIATION = "jdk.tls.rejectClientInitiatedRenegotiation";
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    /** ALPN, in the server's order of preference: h2 first with {@code http2=on}. */
    static final String[] HTTP1_ONLY = {"http/1.1"};
    static final String[] H2_FIRST = {"h2", "http/1.1"};
    /** Set on a connection once its engine's release is registered (a TLS 1.2 rehandshake starts again). */
    private static final Attribute<Boolean> TRACKED =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(TlsEngines.class.getName() + ".tracked");

    static {
        // TLS 1.2 client-initiated renegotiation costs the server a handshake per request of the client's (a DoS
        // lever testssl.sh flags; nginx refuses it). Read once, when the JDK's first server handshake starts, which
        // is after this: no engine exists before this class. (BoringSSL has no renegotiation on a server.)
        if (System.getProperty(REFUSE_RENEGOTIATION) == null) {
            System.setProperty(REFUSE_RENEGOTIATION, "true");
        }
    }

    /** How one provider makes engines from one certificate chain and key. */
    interface Source extends AutoCloseable {
        SSLEngine newEngine();

        String[] cipherSuites();

        /** Gives back what {@code engine}, made by a source of this provider, holds outside the heap. */
        void release(SSLEngine engine);

        /** The source's own hold on its context; the engines made from it keep theirs. */
        @Override
        void close();
    }

    /** The source engines are made from, and the files it came from. */
    private record Current(Source source, PemFiles pem) {
    }

    private final TlsProvider provider;
    private final String[] applicationProtocols;
    /** The start-up line's words for the provider: which runs and, for {@code auto}, why. */
    private final String description;
    private final AtomicInteger live = new AtomicInteger();
    private volatile Current current;

    /**
     * Engines from {@code wanted}'s provider for {@code pem}.
     *
     * @throws dev.gsf.server.config.ConfigException naming {@code tls-provider} when BoringSSL was asked for and its
     *                                               natives do not load, or {@code tls-key} when the provider refuses
     *                                               the key or chain
     */
    public TlsEngines(PemFiles pem, TlsProvider wanted, boolean http2) {
        this.applicationProtocols = http2 ? H2_FIRST : HTTP1_ONLY;
        Optional<String> unavailable = wanted == TlsProvider.JDK ? Optional.empty() : OpenSslEngines.unavailable();
        if (wanted == TlsProvider.OPENSSL && unavailable.isPresent()) {
            throw new dev.gsf.server.config.ConfigException("tls-provider: openssl: BoringSSL's natives do not load"
                    + " here (" + unavailable.get() + "); tls-provider=jdk or auto serves with the JDK's TLS");
        }
        this.provider = wanted == TlsProvider.JDK || unavailable.isPresent() ? TlsProvider.JDK : TlsProvider.OPENSSL;
        this.description = provider == TlsProvider.OPENSSL ? "openssl(" + OpenSslEngines.describe() + ")"
                : unavailable.map(why -> "jdk(natives not loaded: " + why + ")").orElse("jdk");
        use(pem);
    }

    /** The ALPN protocols offered, in order of preference. */
    String[] applicationProtocols() {
        return applicationProtocols.clone();
    }

    /** The provider that runs: {@code openssl} or {@code jdk}, never {@code auto}. */
    public TlsProvider provider() {
        return provider;
    }

    /** For the start-up line: {@code openssl(BoringSSL …)}, {@code jdk} or {@code jdk(natives not loaded: …)}. */
    String describe() {
        return description;
    }

    /**
     * From now on new engines present {@code pem}'s chain. The previous source's context is given back now; its
     * engines still open keep it until they are released.
     *
     * @throws dev.gsf.server.config.ConfigException naming {@code tls-key} when the provider refuses the key or
     *                                               chain; nothing changes then
     */
    public void use(PemFiles pem) {
        Source source = provider == TlsProvider.OPENSSL
                ? OpenSslEngines.of(pem, JdkEngines.strongSuites(), applicationProtocols)
                : JdkEngines.of(pem, applicationProtocols);
        Current before = current;
        current = new Current(source, pem);
        if (before != null) {
            before.source().close();
        }
    }

    /** The chain in use now. */
    public PemFiles pem() {
        return current.pem();
    }

    /** Engines made and not yet released (their connection still open, or closing). */
    public int live() {
        return live.get();
    }

    @Override
    public SSLEngine createSSLEngine(String peerHost, int peerPort) {
        while (true) {
            Source source = current.source();
            try {
                SSLEngine engine = source.newEngine();
                live.incrementAndGet();
                return engine;
            } catch (IllegalReferenceCountException e) {
                // a reload gave the source's context back between the read and the making: the next one is in place
                if (source == current.source()) {
                    throw e;
                }
            }
        }
    }

    @Override
    public SSLEngine configure(SSLEngine engine) {
        return engine; // made whole by its source
    }

    /** The JDK's context with {@code tls-provider=jdk}; null with BoringSSL, whose engines are no JDK context's. */
    @Override
    public SSLContext getSslContext() {
        return current.source() instanceof JdkEngines jdk ? jdk.context() : null;
    }

    @Override
    public String[] getEnabledProtocols() {
        return PROTOCOLS.clone();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return current.source().cipherSuites();
    }

    /**
     * The SSL filter's listener that ties each engine to its connection's close: the filter tells the engine it made
     * when it makes it ({@code onInit}, on its fast read path) or the handshake's start (on its other path), and the
     * engine is released, and uncounted, when the connection closes (at once if it already has).
     */
    SSLBaseFilter.HandshakeListener lifecycle() {
        return new SSLBaseFilter.HandshakeListener() {
            @Override
            public void onInit(Connection<?> connection, SSLEngine engine) {
                track(connection, engine);
            }

            @Override
            public void onStart(Connection<?> connection) {
                track(connection, SSLUtils.getSSLEngine(connection));
            }

            @Override
            public void onComplete(Connection<?> connection) {
            }

            @Override
            public void onFailure(Connection<?> connection, Throwable t) {
            }
        };
    }

    private void track(Connection<?> connection, SSLEngine engine) {
        if (engine == null || TRACKED.isSet(connection)) {
            return;
        }
        TRACKED.set(connection, Boolean.TRUE);
        connection.addCloseListener((closed, type) -> {
            TlsClose.ending(connection, engine); // its close_notify, while the engine is still there
            live.decrementAndGet();
            current.source().release(engine); // every source of a provider releases alike
        });
    }

    /** Gives back the current context; engines still open keep theirs until their connections close. */
    @Override
    public void close() {
        current.source().close();
    }
}
