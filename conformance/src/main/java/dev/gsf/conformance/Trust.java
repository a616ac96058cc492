package dev.gsf.conformance;

import dev.gsf.common.PemTrust;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

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
        try {
            return new Trust(context(PemTrust.of(file)), false);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot trust the certificates in " + file + ": " + e.getMessage(), e);
        }
    }

    /** Accepts every certificate for any host: the connection is encrypted, but to whom is not checked. */
    public static Trust anything() {
        try {
            return new Trust(context(PemTrust.anything()), true);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no TLS context", e);
        }
    }

    private static SSLContext context(TrustManager[] trustManagers) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trustManagers, null);
        return context;
    }
}
