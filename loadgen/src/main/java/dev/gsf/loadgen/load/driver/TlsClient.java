package dev.gsf.loadgen.load.driver;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * How a run speaks TLS to an https target: the JDK's TLS 1.3 and 1.2 with its default strong suites, ALPN
 * {@code http/1.1}, SNI from the URL's host (unless it is an address), the certificate checked against {@code --ca}
 * (or the JDK's trust store) and the host name, or not checked at all with {@code --insecure}. One context for the
 * whole run, so that later connections may resume the sessions of earlier ones. Immutable; any thread may make
 * engines and sockets from it.
 */
public final class TlsClient {
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    private static final String[] ALPN = {"http/1.1"};

    private final SSLContext context;
    private final String host;
    private final int port;
    private final boolean insecure;

    private TlsClient(SSLContext context, String host, int port, boolean insecure) {
        this.context = context;
        this.host = host;
        this.port = port;
        this.insecure = insecure;
    }

    /**
     * A client for {@code target} trusting the PEM certificates in {@code ca}, or the JDK's trust store when null, or
     * anything when {@code insecure}. A CA file that cannot be read or holds no certificate is an
     * IllegalArgumentException saying so.
     */
    public static TlsClient of(Target target, Path ca, boolean insecure) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, insecure ? new TrustManager[] {new TrustingAnything()} : trustManagers(ca), null);
            return new TlsClient(context, target.host(), target.port(), insecure);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /** Null for the JDK's default trust store. */
    private static TrustManager[] trustManagers(Path ca) throws GeneralSecurityException {
        if (ca == null) {
            return null;
        }
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(ca)) {
            certificates = java.security.cert.CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + ca + ": " + e.getMessage(), e);
        } catch (CertificateException e) {
            throw new IllegalArgumentException(ca + " is not a PEM certificate file: " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException(ca + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
        }
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            trusted.load(null, null);
        } catch (IOException e) {
            throw new IllegalStateException("an empty key store cannot fail to load", e);
        }
        int i = 0;
        for (Certificate c : certificates) {
            trusted.setCertificateEntry("ca-" + i++, c);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trusted);
        return factory.getTrustManagers();
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
        p.setApplicationProtocols(ALPN);
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

    /** --insecure: every certificate chain is accepted, for any host. */
    private static final class TrustingAnything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
