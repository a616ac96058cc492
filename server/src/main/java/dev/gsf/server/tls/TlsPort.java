package dev.gsf.server.tls;

import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Supplier;
import org.glassfish.grizzly.filterchain.Filter;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.ssl.SSLBaseFilter;

/**
 * The HTTPS port: a second Grizzly listener with the same filters and handler as the plain port, and Grizzly's SSL
 * filter below them ({@link RecordFilter}: its writes are sealed into pooled records). Just below it, {@link RecordSplitter} hands it a read's last record apart from those before it,
 * so that a request is answered before the close_notify behind it is unwrapped; below that, a filter the server's
 * wiring gives answers plain HTTP with a 400 (the HTTP layer's {@code PlainHttpRefusal}). {@link HandshakeTimeout}
 * closes connections whose handshake does not complete in time. A reload renews the certificate for the connections accepted after it
 * ({@link #read}, then {@link #use}).
 *
 * <p>Threads: built on the thread that starts the server; {@link #read} and {@link #use} on the reloading thread.
 */
public final class TlsPort implements AutoCloseable {
    private final TlsEngines engines;
    private final HandshakeTimeout handshakes;

    private TlsPort(TlsEngines engines, HandshakeTimeout handshakes) {
        this.engines = engines;
        this.handshakes = handshakes;
    }

    /**
     * Makes {@code listener} (not yet started) serve TLS with {@code config}'s certificate and key.
     *
     * @param handshakeTimeout read at each accept ({@code tls-handshake-timeout} of the configuration in force)
     * @param plainHttp        answers plain HTTP sent to the port; put just below the SSL filter, where it sees a
     *                         connection's first bytes before they are taken for a TLS record
     * @throws ConfigException naming {@code tls-cert} or {@code tls-key}: a file missing, unreadable, without a
     *                         certificate or key, or a key that is not the certificate's
     */
    public static TlsPort secure(NetworkListener listener, ServerConfig config, Supplier<Duration> handshakeTimeout,
                                 Filter plainHttp) {
        TlsEngines engines = new TlsEngines(read(config), config.tlsProvider(), config.http2());
        HandshakeTimeout handshakes = new HandshakeTimeout(handshakeTimeout);
        listener.setSecure(true);
        listener.setSSLEngineConfig(engines);
        listener.getTransport().getConnectionMonitoringConfig().addProbes(handshakes);
        listener.registerAddOn((secured, chain) -> {
            int ssl = chain.indexOfType(SSLBaseFilter.class);
            SSLBaseFilter sslFilter = new RecordFilter(engines); // Grizzly's, with the writes sealed into our records
            chain.set(ssl, sslFilter);
            sslFilter.addHandshakeListener(engines.lifecycle());
            sslFilter.addHandshakeListener(handshakes.listener());
            sslFilter.addHandshakeListener(FilterRecords.afterHandshakes());
            sslFilter.addHandshakeListener(HandshakeAlerts.listener());
            sslFilter.addHandshakeListener(TlsClose.handshakes());
            chain.add(ssl, plainHttp);
            chain.add(ssl + 1, new RecordSplitter()); // between the two: plain HTTP is refused before it
            int http = chain.indexOfType(HttpServerFilter.class);
            ((HttpServerFilter) chain.get(http)).getMonitoringConfig().addProbes(FilterRecords.afterResponses());
        });
        return new TlsPort(engines, handshakes);
    }

    /**
     * Reads {@code config}'s certificate chain and key, checked as at start.
     *
     * @throws ConfigException naming {@code tls-cert} or {@code tls-key}
     */
    public static PemFiles read(ServerConfig config) {
        return PemFiles.read(config.tlsCert().orElseThrow(), config.tlsKey().orElseThrow());
    }

    /**
     * New connections get {@code pem}'s chain from now on; open connections keep theirs.
     *
     * @return whether it differs from the chain and key in use before
     */
    public boolean use(PemFiles pem) {
        if (same(pem, engines.pem())) {
            return false;
        }
        engines.use(pem);
        return true;
    }

    /** The part of the start-up line that describes the HTTPS port at {@code address}. */
    public String describe(String address, Duration handshakeTimeout) {
        X509Certificate leaf = engines.pem().chain()[0];
        return "https://" + address + " (tls-provider=" + engines.describe() + " tls="
                + String.join(",", TlsEngines.PROTOCOLS) + " alpn="
                + String.join(",", engines.applicationProtocols()) + " cert=" + engines.pem().chain().length
                + "-certificate chain, " + leaf.getPublicKey().getAlgorithm() + " key, expires "
                + leaf.getNotAfter().toInstant() + " tls-handshake-timeout=" + handshakeTimeout.toMillis() + "ms"
                + " zero-copy=off on TLS: records are encrypted in user space, so every byte is read and copied;"
                + " sendfile would send the file's plain bytes " + KernelTls.probe() + ")";
    }

    /** Handshakes closed by the timeout since start. */
    public long handshakesTimedOut() {
        return handshakes.expired();
    }

    /** SSL engines made and not yet released: their connections are open (or closing). */
    public int enginesLive() {
        return engines.live();
    }

    /** Accepted connections whose handshake has not completed yet. */
    public int handshakesPending() {
        return handshakes.pending();
    }

    private static boolean same(PemFiles a, PemFiles b) {
        try {
            if (a.chain().length != b.chain().length || !Arrays.equals(a.key().getEncoded(), b.key().getEncoded())) {
                return false;
            }
            for (int i = 0; i < a.chain().length; i++) {
                if (!Arrays.equals(a.chain()[i].getEncoded(), b.chain()[i].getEncoded())) {
                    return false;
                }
            }
            return true;
        } catch (CertificateEncodingException e) {
            return false;
        }
    }

    @Override
    public void close() {
        handshakes.close();
        engines.close();
    }
}
