package dev.gsf.bench;

import dev.gsf.common.PemTrust;
import dev.gsf.loadgen.load.driver.Connecting;
import dev.gsf.loadgen.load.driver.TlsClient;
import dev.gsf.loadgen.load.plan.LoadPlan;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.Optional;
import javax.net.SocketFactory;
import javax.net.ssl.SSLContext;

/**
 * How a benchmark reaches its servers ({@code --tls}): plain HTTP, or HTTPS on a {@link LoopbackCertificate} made for
 * the run, which every server presents and every client trusts. Knows the flags that give our server its TLS port and
 * how each client is set up for it. Immutable; {@link #close()} deletes the certificate.
 */
final class Transport implements AutoCloseable {
    /** Plain HTTP. */
    static final Transport PLAIN = new Transport(null);

    private final LoopbackCertificate certificate;

    private Transport(LoopbackCertificate certificate) {
        this.certificate = certificate;
    }

    /** Plain HTTP, or HTTPS with a new certificate when {@code tls}. */
    static Transport of(boolean tls) throws IOException {
        return tls ? new Transport(LoopbackCertificate.create()) : PLAIN;
    }

    boolean tls() {
        return certificate != null;
    }

    /** "TLS 1.3" for titles, "" for plain HTTP. */
    String label() {
        return tls() ? "TLS 1.3" : "";
    }

    /** The certificate the servers present; empty for plain HTTP. */
    Optional<LoopbackCertificate> certificate() {
        return Optional.ofNullable(certificate);
    }

    /** {@code gsf serve} flags for an HTTPS port on any free port with the certificate; none for plain HTTP. */
    List<String> serveFlags() {
        return !tls() ? List.of() : List.of("--tls-port", "0", "--tls-cert", certificate.chain().toString(),
                "--tls-key", certificate.key().toString());
    }

    /** {@code plan} trusting the run's CA (as {@code gsf load --ca}); unchanged for plain HTTP. */
    LoadPlan plan(LoadPlan plan) {
        return !tls() ? plan : plan.connectingBy(new Connecting(TlsClient.of(plan.target(), certificate.ca(), false),
                plan.connecting().sources()));
    }

    /** Sockets for the built-in client: TLS ones trusting the run's CA, or plain ones. */
    SocketFactory sockets() throws IOException {
        if (!tls()) {
            return SocketFactory.getDefault();
        }
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, PemTrust.of(certificate.ca()), null);
            return context.getSocketFactory();
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException("cannot trust " + certificate.ca() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (certificate != null) {
            certificate.close();
        }
    }
}
