package dev.gsf.loadgen.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.SSLContext;

/**
 * A real HTTPS file server for the load generator's TLS tests: the JDK's HttpsServer on an ephemeral loopback port,
 * serving a directory with Content-Length (HEAD answered with the head only), and its certificates made at test time
 * by the JDK's keytool, never committed. Public for the driver's tests.
 */
public final class TlsPeer implements AutoCloseable {
    private static final String PASSWORD = "test-only";

    /** A key pair and self-signed certificate: its PKCS#12 key store and the certificate as PEM (the CA to trust). */
    public record Identity(Path keyStore, Path certificatePem) {
        /**
         * Makes one with keytool in {@code dir}; {@code san} as keytool's -ext SAN value, e.g. ip:127.0.0.1.
         */
        public static Identity make(Path dir, String name, String san) throws IOException, InterruptedException {
            Path store = dir.resolve(name + ".p12");
            Path pem = dir.resolve(name + ".pem");
            keytool(dir, "-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                    "CN=" + name, "-ext", "SAN=" + san, "-validity", "2", "-keystore", store.toString(),
                    "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool(dir, "-exportcert", "-rfc", "-alias", name, "-keystore", store.toString(), "-storepass",
                    PASSWORD, "-file", pem.toString());
            return new Identity(store, pem);
        }

        public SSLContext serverContext() throws Exception {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {keyManager(this)}, null, null);
            return context;
        }
    }

    private static void keytool(Path dir, String... args) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new java.util.ArrayList<>(List.of(keytool.toString()));
        command.addAll(dev.gsf.server.testing.ChildJvms.toolOptions());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("keytool.log").toFile()).start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool " + String.join(" ", args) + " failed: "
                        + Files.readString(dir.resolve("keytool.log")));
            }
        } finally {
            p.destroyForcibly();
        }
    }

    private final HttpsServer server;
    private final ExecutorService handlers = Executors.newFixedThreadPool(4);

    public TlsPeer(Path root, Identity identity) throws Exception {
        this(root, identity.serverContext());
    }

    TlsPeer(Path root, SSLContext context) throws Exception {
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setHttpsConfigurator(new HttpsConfigurator(context));
        server.createContext("/", exchange -> serve(root, exchange));
        server.setExecutor(handlers);
        server.start();
    }

    /**
     * A server context that shows {@code first}'s certificate in the first {@code handshakes} handshakes and
     * {@code then}'s in later ones, as a server whose certificate was replaced by a wrong one.
     */
    static SSLContext turning(Identity first, int handshakes, Identity then) throws Exception {
        X509ExtendedKeyManager a = keyManager(first);
        X509ExtendedKeyManager b = keyManager(then);
        AtomicInteger seen = new AtomicInteger();
        X509ExtendedKeyManager switching = new X509ExtendedKeyManager() {
            private X509ExtendedKeyManager now() {
                return seen.get() < handshakes ? a : b;
            }

            @Override
            public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
                String alias = now().chooseEngineServerAlias(keyType, issuers, engine);
                seen.incrementAndGet();
                return alias;
            }

            @Override
            public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
                return now().chooseServerAlias(keyType, issuers, socket);
            }

            @Override
            public X509Certificate[] getCertificateChain(String alias) {
                X509Certificate[] chain = a.getCertificateChain(alias);
                return chain != null ? chain : b.getCertificateChain(alias);
            }

            @Override
            public PrivateKey getPrivateKey(String alias) {
                PrivateKey key = a.getPrivateKey(alias);
                return key != null ? key : b.getPrivateKey(alias);
            }

            @Override
            public String[] getServerAliases(String keyType, Principal[] issuers) {
                return now().getServerAliases(keyType, issuers);
            }

            @Override
            public String[] getClientAliases(String keyType, Principal[] issuers) {
                return null;
            }

            @Override
            public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
                return null;
            }
        };
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(new KeyManager[] {switching}, null, null);
        return context;
    }

    private static X509ExtendedKeyManager keyManager(Identity identity) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(identity.keyStore())) {
            ks.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD.toCharArray());
        return (X509ExtendedKeyManager) kmf.getKeyManagers()[0];
    }

    public String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    private static void serve(Path root, HttpExchange exchange) throws IOException {
        try (exchange) {
            Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Long.toString(Files.size(file)));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            exchange.sendResponseHeaders(200, Files.size(file));
            try (OutputStream out = exchange.getResponseBody()) {
                Files.copy(file, out);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
