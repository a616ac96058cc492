package dev.gsf.server.tls;

import dev.gsf.server.config.ConfigException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;

/**
 * The SSL engine of every connection the HTTPS port accepts: server mode, TLS 1.3 and 1.2 only, the JDK's strong
 * suites (AEAD with forward secrecy: TLS 1.3's, ECDHE with AES-GCM or ChaCha20-Poly1305), the server's order of
 * preference, ALPN {@code http/1.1}, client-initiated renegotiation (TLS 1.2) refused. {@link #use} swaps the
 * certificate: connections accepted after it handshake with the new one, established ones keep the engine they have.
 *
 * <p>Threads: {@link #createSSLEngine} on the selector thread that reads a connection's first bytes; {@link #use} on
 * any (a reload). Neither blocks.
 */
public final class TlsEngines extends SSLEngineConfigurator {
    static final String REFUSE_RENEGOTIATION = "jdk.tls.rejectClientInitiatedRenegotiation";
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    static {
        // TLS 1.2 client-initiated renegotiation costs the server a handshake per request of the client's (a DoS
        // lever testssl.sh flags; nginx refuses it). Read once, when the JDK's first server handshake starts, which
        // is after this: no engine exists before this class.
        if (System.getProperty(REFUSE_RENEGOTIATION) == null) {
            System.setProperty(REFUSE_RENEGOTIATION, "true");
        }
    }
    static final String[] APPLICATION_PROTOCOLS = {"http/1.1"};

    /** The context engines are made from, the parameters they get, and the files both came from. */
    private record Current(SSLContext context, SSLParameters parameters, PemFiles pem) {
    }

    private volatile Current current;

    public TlsEngines(PemFiles pem) {
        use(pem);
    }

    /**
     * From now on new engines present {@code pem}'s chain.
     *
     * @throws ConfigException when the JDK refuses the key or chain (named {@code tls-key}); nothing changes then
     */
    public void use(PemFiles pem) {
        SSLContext context = context(pem);
        current = new Current(context, parameters(context), pem);
    }

    /** The chain in use now. */
    public PemFiles pem() {
        return current.pem();
    }

    @Override
    public SSLEngine createSSLEngine(String peerHost, int peerPort) {
        Current now = current;
        SSLEngine engine = now.context().createSSLEngine(peerHost, peerPort);
        engine.setUseClientMode(false);
        engine.setSSLParameters(now.parameters());
        return engine;
    }

    @Override
    public SSLEngine configure(SSLEngine engine) {
        engine.setUseClientMode(false);
        engine.setSSLParameters(current.parameters());
        return engine;
    }

    @Override
    public SSLContext getSslContext() {
        return current.context();
    }

    @Override
    public String[] getEnabledProtocols() {
        return PROTOCOLS.clone();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return current.parameters().getCipherSuites();
    }

    private static SSLContext context(PemFiles pem) {
        try {
            char[] password = new char[0]; // the in-memory store only hands the key to the key manager
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("server", pem.key(), password, pem.chain());
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new ConfigException("tls-key: the JDK cannot use this key and certificate: " + e.getMessage(), e);
        }
    }

    private static SSLParameters parameters(SSLContext context) {
        SSLParameters parameters = context.getDefaultSSLParameters();
        parameters.setProtocols(PROTOCOLS.clone());
        parameters.setCipherSuites(Arrays.stream(parameters.getCipherSuites())
                .filter(TlsEngines::strong).toArray(String[]::new));
        parameters.setUseCipherSuitesOrder(true);
        parameters.setApplicationProtocols(APPLICATION_PROTOCOLS.clone());
        parameters.setNeedClientAuth(false);
        return parameters;
    }

    /** TLS 1.3's suites (all AEAD), and TLS 1.2's with ECDHE and an AEAD cipher. */
    static boolean strong(String suite) {
        return suite.startsWith("TLS_AES_") || suite.startsWith("TLS_CHACHA20_")
                || suite.startsWith("TLS_ECDHE_") && (suite.contains("_GCM_") || suite.contains("_CHACHA20_"));
    }
}
