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

/**
 * How a run speaks TLS to an https target: the JDK's TLS 1.3 and 1.2 with its default strong suites, ALPN
 * {@code http/1.1} (or {@code h2} alone for --http2), SNI from the URL's host (unless it is an address), the certificate checked against {@code --ca}
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

    private TlsClient(SSLContext context, String host, int port, boolean insecure, String[] alpn) {
        this.context = context;
        this.host = host;
        this.port = port;
        this.insecure = insecure;
        this.alpn = alpn;
    }

    /** The same client offering only {@code h2} by ALPN (--http2): a server that does not choose it is an error. */
    public TlsClient http2() {
        return new TlsClient(context, host, port, insecure, ALPN_H2);
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
            context.init(null, insecure ? PemTrust.anything() : ca == null ? null : PemTrust.of(ca), null);
            return new TlsClient(context, target.host(), target.port(), insecure, ALPN);
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

    /** A client-mode engine for one connection, ready to begin its handshake. */
    SSLEngine engine() {
        SSLEngine engine = context.createSSLEngine(host, port); // host and port key the session cache: resumption
        engine.setUseClientMode(true);
        engine.setSSLParameters(parameters());
        return engine;
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
