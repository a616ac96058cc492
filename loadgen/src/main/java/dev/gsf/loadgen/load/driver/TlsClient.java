package dev.gsf.loadgen.load.driver;

import dev.gsf.common.PemTrust;
import dev.gsf.common.options.ClientTlsOptions;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * How a run speaks TLS to an https target: the JDK's TLS 1.3 and 1.2 with its default strong suites (or BoringSSL's,
 * {@link #provider}), ALPN {@code http/1.1} (or {@code h2} alone for --http2), SNI from the URL's host (unless it is
 * an address), the certificate checked against {@code --ca}
 * (or the JDK's trust store) and the host name, or not checked at all with {@code --insecure}. One context for the
 * whole run, so that later connections may resume the sessions of earlier ones. Immutable; any thread may make
 * engines and sockets from it.
 */
public final class TlsClient {
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    private static final String[] ALPN = {"http/1.1"};
    private static final String[] ALPN_H2 = {"h2"};

    private final SSLContext context;
    private final String host;
    private final int port;
    private final boolean insecure;
    /** What ALPN offers: http/1.1, or h2 alone for --http2. */
    private final String[] alpn;
    /** What the context trusts (null: the JDK's trust store), kept for BoringSSL's context. */
    private final TrustManager[] trust;
    /** --tls-provider openssl: the connections' engines are BoringSSL's (made on first use); null: the JDK's. */
    private final Engines engines;

    /** BoringSSL's client context for one ALPN list, made on first use (the ALPN list is settled by then). */
    private static final class Engines {
        private volatile BoringClient client;

        synchronized BoringClient client(TlsClient of) {
            if (client == null) {
                client = BoringClient.of(of.host, of.port, of.trust, of.insecure, PROTOCOLS, of.alpn);
            }
            return client;
        }

        /** Gives back the context's own reference; engines still open keep it until their release. */
        synchronized void close() {
            if (client != null) {
                client.close();
                client = null; // a later run makes a new one
            }
        }
    }

    private TlsClient(SSLContext context, String host, int port, boolean insecure, String[] alpn,
                      TrustManager[] trust, Engines engines) {
        this.context = context;
        this.host = host;
        this.port = port;
        this.insecure = insecure;
        this.alpn = alpn;
        this.trust = trust;
        this.engines = engines;
    }

    /** The same client offering only {@code h2} by ALPN (--http2): a server that does not choose it is an error. */
    public TlsClient http2() {
        return new TlsClient(context, host, port, insecure, ALPN_H2, trust, engines == null ? null : new Engines());
    }

    /**
     * The same client with the connections' engines from {@code provider} (--tls-provider): {@code jdk}, {@code
     * openssl} (BoringSSL; an IllegalArgumentException when its natives do not load here) or {@code auto} (BoringSSL
     * where it loads, else the JDK's). The probe's few handshakes are the JDK's in any case.
     */
    public TlsClient provider(String provider) {
        java.util.Optional<String> unavailable = provider.equals("jdk") ? java.util.Optional.empty()
                : BoringClient.unavailable();
        if (provider.equals("openssl") && unavailable.isPresent()) {
            throw new IllegalArgumentException("--tls-provider openssl: BoringSSL's natives do not load here ("
                    + unavailable.get() + "); --tls-provider jdk or auto uses the JDK's TLS");
        }
        boolean boring = !provider.equals("jdk") && unavailable.isEmpty();
        return new TlsClient(context, host, port, insecure, alpn, trust, boring ? new Engines() : null);
    }

    /**
     * The runs with this client are over: BoringSSL's context gives back its native memory (its engines were
     * released with their connections). Nothing for the JDK's. A later run makes a new context.
     */
    public void close() {
        if (engines != null) {
            engines.close();
        }
    }

    /** For the log: {@code openssl(BoringSSL ...)} or {@code jdk}. */
    public String providerName() {
        return engines != null ? "openssl(" + BoringClient.describe() + ")" : "jdk";
    }

    /** This client offers h2 (and only h2) by ALPN. */
    boolean offersH2() {
        return alpn == ALPN_H2;
    }

    /**
     * A client for {@code target} trusting the PEM certificates in {@code ca}, or the JDK's trust store when null, or
     * anything when {@code insecure}. A CA file that cannot be read or holds no certificate is an
     * IllegalArgumentException saying so.
     */
    public static TlsClient of(Target target, Path ca, boolean insecure) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            // no trust managers: the JDK's default trust store
            TrustManager[] trust = insecure ? PemTrust.anything() : ca == null ? null : PemTrust.of(ca);
            context.init(null, trust, null);
            return new TlsClient(context, target.host(), target.port(), insecure, ALPN, trust, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /**
     * gsf load's TLS set-up from its options, once {@link ClientTlsOptions#check} passed them: null for an http://
     * target, else a client as {@link #of} makes it. A CA file that cannot be read is an IllegalArgumentException
     * naming --ca.
     */
    public static TlsClient forOptions(Target target, ClientTlsOptions options) {
        if (!target.tls()) {
            return null;
        }
        try {
            return of(target, options.ca(), options.insecure());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--ca: " + e.getMessage(), e);
        }
    }

    /** A client-mode engine for one connection, ready to begin its handshake; give it back by {@link #release}. */
    SSLEngine engine() {
        if (engines != null) {
            return engines.client(this).engine();
        }
        SSLEngine engine = context.createSSLEngine(host, port); // host and port key the session cache: resumption
        engine.setUseClientMode(true);
        engine.setSSLParameters(parameters());
        return engine;
    }

    /** Frees a connection's engine: BoringSSL's native memory; nothing for the JDK's. */
    static void release(SSLEngine engine) {
        BoringClient.release(engine);
    }

    /** The packet and application sizes of this client's engines' sessions, for the loop's shared buffers. */
    int[] sizes() {
        SSLEngine engine = engine();
        try {
            return new int[] {engine.getSession().getPacketBufferSize(),
                    engine.getSession().getApplicationBufferSize()};
        } finally {
            release(engine);
        }
    }

    /** A TLS socket over a connected plain one, for the probe; the handshake is left to the caller. */
    SSLSocket socket(Socket connected) throws IOException {
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(connected, host, port, true);
        socket.setSSLParameters(parameters());
        return socket;
    }

    public boolean insecure() {
        return insecure;
    }

    private SSLParameters parameters() {
        SSLParameters p = context.getDefaultSSLParameters();
        p.setProtocols(PROTOCOLS);
        p.setApplicationProtocols(alpn);
        if (!insecure) {
            p.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the URL's host
        }
        if (!isAddressLiteral(host)) {
            p.setServerNames(List.of(new SNIHostName(host)));
        }
        return p;
    }

    /** SNI names hosts only, never addresses (RFC 6066). */
    private static boolean isAddressLiteral(String host) {
        return host.contains(":") || host.matches("[0-9.]+");
    }

    /**
     * Says whether a handshake failed over the server's certificate (untrusted, expired, another host's) rather than
     * over the protocol: the JDK reports both as SSLHandshakeException and tells them apart only by the cause.
     */
    static boolean certificateProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertificateException || t instanceof java.security.cert.CertPathValidatorException
                    || t instanceof java.security.cert.CertPathBuilderException) {
                return true;
            }
        }
        return false;
    }
}
