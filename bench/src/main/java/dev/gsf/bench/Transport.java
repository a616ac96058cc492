package dev.gsf.bench;

import dev.gsf.common.PemTrust;
import dev.gsf.loadgen.load.driver.Connecting;
import dev.gsf.loadgen.load.driver.Http2Options;
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
    static final Transport PLAIN = new Transport(null, false);

    private final LoopbackCertificate certificate;
    /** --http2: the clients speak h2 (h2c without TLS), nginx is given {@code http2}. */
    private final boolean http2;

    private Transport(LoopbackCertificate certificate, boolean http2) {
        this.certificate = certificate;
        this.http2 = http2;
    }

    /** Plain HTTP, or HTTPS with a new certificate when {@code tls}. */
    static Transport of(boolean tls) throws IOException {
        return of(tls, false);
    }

    /** As {@link #of(boolean)}, speaking HTTP/2 when {@code http2}. */
    static Transport of(boolean tls, boolean http2) throws IOException {
        return new Transport(tls ? LoopbackCertificate.create() : null, http2);
    }

    boolean http2() {
        return http2;
    }

    boolean tls() {
        return certificate != null;
    }

    /** "TLS 1.3" for titles, "" for plain HTTP. */
    String label() {
        return (tls() ? "TLS 1.3" : "") + (http2 ? (tls() ? ", h2" : "h2c") : "");
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
        // the client's TLS as gsf load's default (BoringSSL where it loads): the servers' handshakes are measured,
        // not the JDK client's
        Connecting connecting = !tls() ? plan.connecting() : new Connecting(TlsClient.of(plan.target(),
                certificate.ca(), false).provider("auto"), plan.connecting().sources());
        if (http2) { // as h2load is run: H2load.DEFAULT_STREAMS streams per connection
            connecting = connecting.http2(Http2Options.of(Math.min(H2load.DEFAULT_STREAMS, plan.clients()), null,
                    plan.rate(), plan.burst()));
        }
        return plan.connectingBy(connecting);
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
