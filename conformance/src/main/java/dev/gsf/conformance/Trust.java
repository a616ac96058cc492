package dev.gsf.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Which server certificates a TLS {@link Connector} accepts: those the certificates of a PEM file vouch for (a CA, or
 * the server's own self-signed certificate), or, insecurely, any. Immutable; any thread.
 *
 * @param context  makes the TLS sockets, with the trust managers that check the server's chain
 * @param insecure whether every certificate is accepted, for any host
 */
public record Trust(SSLContext context, boolean insecure) {

    /**
     * Trusts the certificates in {@code file} (PEM, as {@code curl --cacert} takes them) and nothing else.
     *
     * @throws IllegalArgumentException saying in one line why the file cannot be used
     */
    public static Trust ca(Path file) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(file)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot read " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (CertificateException e) {
            throw new IllegalArgumentException(file + " is not a PEM certificate file (-----BEGIN CERTIFICATE-----)",
                    e);
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no certificate (-----BEGIN CERTIFICATE-----)");
        }
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int n = 0;
            for (Certificate certificate : certificates) {
                trusted.setCertificateEntry("ca-" + n++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            return new Trust(context(factory.getTrustManagers()), false);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust the certificates in " + file + ": " + e.getMessage(), e);
        }
    }

    /** Accepts every certificate for any host: the connection is encrypted, but to whom is not checked. */
    public static Trust anything() {
        try {
            return new Trust(context(new TrustManager[] {new AcceptingAll()}), true);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no TLS context", e);
        }
    }

    private static SSLContext context(TrustManager[] trustManagers) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trustManagers, null);
        return context;
    }

    /**
     * Checks nothing. Extended, so that the JDK does not wrap it in a manager that checks the host and the
     * algorithms after all.
     */
    private static final class AcceptingAll extends X509ExtendedTrustManager {
        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        /** A client's certificate is never asked for: the runner has none to check. */
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("the conformance runner accepts no client");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("the conformance runner accepts no client");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("the conformance runner accepts no client");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
