package dev.gsf.common;

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
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * What a TLS client trusts, for every client of the project (gsf load, gsf conformance, the benchmarks' own): the
 * certificates of a PEM file, as {@code curl --cacert} takes them (a CA, or a server's own self-signed certificate),
 * or, insecurely, any certificate for any host. Stateless; any thread.
 */
public final class PemTrust {
    private PemTrust() {
    }

    /**
     * Trust managers that trust the certificates in {@code file} and nothing else.
     *
     * @throws IllegalArgumentException saying in one line why the file cannot be used
     */
    public static TrustManager[] of(Path file) {
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
            return factory.getTrustManagers();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust the certificates in " + file + ": " + e.getMessage(), e);
        }
    }

    /** A trust manager that accepts every server certificate for any host: encrypted, but to whom is not checked. */
    public static TrustManager[] anything() {
        return new TrustManager[] {new AcceptingAll()};
    }

    /**
     * Checks no server. Extended, so that the JDK does not wrap it in a manager that checks the host and the
     * algorithms after all. A client is never asked to check a client's certificate; if it were, it refuses.
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

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a TLS client accepts no client");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
