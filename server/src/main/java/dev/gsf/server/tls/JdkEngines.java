package dev.gsf.server.tls;

import dev.gsf.server.config.ConfigException;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Engines of the JDK ({@code tls-provider=jdk}, or {@code auto} where BoringSSL's natives do not load): server mode,
 * TLS 1.3 and 1.2 only, the JDK's strong suites (AEAD with forward secrecy: TLS 1.3's, ECDHE with AES-GCM or
 * ChaCha20-Poly1305) in the server's order, ALPN {@code h2} (with {@code http2=on}) then {@code http/1.1}, the JDK's named groups (x25519 first). Nothing
 * to release: an engine is garbage with its connection.
 *
 * <p>Threads: made on the thread that starts the server or reloads; {@link #newEngine} on selector threads.
 *
 * @param context    the JDK's context holding the certificate chain and key
 * @param parameters what every engine gets
 */
record JdkEngines(SSLContext context, SSLParameters parameters) implements TlsEngines.Source {

    /**
     * A context for {@code pem}'s chain and key.
     *
     * @throws ConfigException naming {@code tls-key} when the JDK refuses the key or chain
     */
    static JdkEngines of(PemFiles pem, String[] applicationProtocols) {
        SSLContext context = context(pem);
        return new JdkEngines(context, parameters(context, applicationProtocols));
    }

    /** The suites JDK engines are given, in their order: the policy the other provider follows too. */
    static List<String> strongSuites() {
        try {
            return Arrays.stream(SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites())
                    .filter(JdkEngines::strong).toList();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no default TLS context", e);
        }
    }

    @Override
    public SSLEngine newEngine() {
        SSLEngine engine = context.createSSLEngine();
        engine.setUseClientMode(false);
        engine.setSSLParameters(parameters);
        return engine;
    }

    @Override
    public String[] cipherSuites() {
        return parameters.getCipherSuites();
    }

    @Override
    public void release(SSLEngine engine) {
    }

    @Override
    public void close() {
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
        } catch (GeneralSecurityException | IOException e) {
            throw new ConfigException("tls-key: the JDK cannot use this key and certificate: " + e.getMessage(), e);
        }
    }

    private static SSLParameters parameters(SSLContext context, String[] applicationProtocols) {
        SSLParameters parameters = context.getDefaultSSLParameters();
        parameters.setProtocols(TlsEngines.PROTOCOLS.clone());
        parameters.setCipherSuites(Arrays.stream(parameters.getCipherSuites())
                .filter(JdkEngines::strong).toArray(String[]::new));
        parameters.setUseCipherSuitesOrder(true);
        parameters.setApplicationProtocols(applicationProtocols.clone());
        parameters.setNeedClientAuth(false);
        return parameters;
    }

    /** TLS 1.3's suites (all AEAD), and TLS 1.2's with ECDHE and an AEAD cipher. */
    static boolean strong(String suite) {
        return suite.startsWith("TLS_AES_") || suite.startsWith("TLS_CHACHA20_")
                || suite.startsWith("TLS_ECDHE_") && (suite.contains("_GCM_") || suite.contains("_CHACHA20_"));
    }
}
