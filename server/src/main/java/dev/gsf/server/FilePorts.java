package dev.gsf.server;

import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.generation.Generations;
import dev.gsf.server.h2.H2Filter;
import dev.gsf.server.http.FileHandler;
import dev.gsf.server.http.PlainHttpRefusal;
import dev.gsf.server.http.RequestHead;
import dev.gsf.server.http.StrictHttpFilter;
import dev.gsf.server.ops.ConnectionCount;
import dev.gsf.server.tls.PemFiles;
import dev.gsf.server.tls.TlsPort;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;

/**
 * The file ports of a running server: Grizzly's HTTP server with the plain listener and, with {@code tls-port}, the
 * HTTPS one, both reading requests through the strict filter into the same file handler, their connections counted.
 * How a port reads requests, keeps connections and sizes their send buffer is here; the HTTPS port's certificate is
 * {@link TlsPort}'s.
 *
 * <p>Threads: opened on the thread that starts the server; the accessors on any; the certificate is read and swapped
 * on the reloading thread; the send-buffer probe runs on the selector thread that accepts a connection.
 *
 * @param tlsListener the HTTPS port's listener, and {@code tls} what renews its certificate; both null without
 *                    {@code tls-port}
 */
record FilePorts(HttpServer http, NetworkListener listener, NetworkListener tlsListener, TlsPort tls) {
    private static final Logger LOG = Logger.getLogger(FilePorts.class.getName());

    /**
     * Binds and starts the file ports of {@code config}.
     *
     * @throws ConfigException naming the key, when a port or host cannot be listened on or the certificate or key
     *                         cannot be used; nothing is left listening then
     */
    static FilePorts open(ServerConfig config, Generations generations, FileHandler handler,
                          StrictHttpFilter strictHttp, H2Filter http2, ConnectionCount connections) {
        NetworkListener listener = listener("gsf", config.port(), config, generations);
        HttpServer http = new HttpServer();
        serveFiles(http, listener, strictHttp, http2, connections);
        http.getServerConfiguration().addHttpHandler(handler, "/");
        http.getServerConfiguration().setDefaultQueryEncoding(StandardCharsets.UTF_8);
        NetworkListener tlsListener = null;
        TlsPort tls = null;
        try {
            if (config.tlsPort().isPresent()) {
                // The same filters and handler as the plain port, under Grizzly's SSL filter.
                tlsListener = listener("gsf-tls", config.tlsPort().getAsInt(), config, generations);
                tls = TlsPort.secure(tlsListener, config, () -> generations.config().tlsHandshakeTimeout(),
                        new PlainHttpRefusal(generations));
                serveFiles(http, tlsListener, strictHttp, http2, connections);
            }
            listen(http, config);
        } catch (ConfigException e) {
            http.shutdownNow();
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
        return new FilePorts(http, listener, tlsListener, tls);
    }

    /**
     * Adds {@code listener} to {@code http}, with the strict filter in its chain and its connections counted. Request
     * heads are checked strictly before Grizzly's parser, which is lenient and cannot be made strict; its own size
     * limit sits above ours so that ours decide (414/431 rather than a bare 400). With {@code http2} (null for
     * {@code http2=off}) before it, a connection that opens with the HTTP/2 preface is HTTP/2's.
     */
    private static void serveFiles(HttpServer http, NetworkListener listener, StrictHttpFilter strictHttp,
                                   H2Filter http2, ConnectionCount connections) {
        listener.getTransport().getConnectionMonitoringConfig().addProbes(connections);
        listener.registerAddOn(strictHttp);
        if (http2 != null) {
            listener.registerAddOn(http2); // placed before the strict filter
        }
        listener.setMaxHttpHeaderSize(2 * RequestHead.MAX_HEAD);
        listener.setMaxRequestHeaders(2 * RequestHead.MAX_FIELDS);
        http.addListener(listener);
    }

    /** A file port's listener: how it reads requests and keeps connections, and their send buffer. */
    private static NetworkListener listener(String name, int port, ServerConfig config, Generations generations) {
        NetworkListener listener = new NetworkListener(name, config.host(), port);
        // Requests are parsed and answered on the selector threads that read them (the handler never waits for a
        // client, as nginx's event loop does not); file bytes move on the algorithm's threads. A hop to a pool of
        // HTTP threads cost a third of the requests per second of a 1 KB file.
        listener.getTransport().setIOStrategy(SameThreadIOStrategy.getInstance());
        listener.getKeepAlive().setMaxRequestsCount(-1); // a load client may reuse a connection forever
        // Also ends connections whose request never completes (bytes that are not HTTP leave Grizzly waiting).
        listener.getKeepAlive().setIdleTimeoutInSeconds((int) Math.max(1, config.idleTimeout().toSeconds()));
        // Grizzly's own setting only ever raises SO_SNDBUF; capping it needs the socket option on accept. Read per
        // connection, so that a reload applies to the connections accepted after it.
        listener.getTransport().getConnectionMonitoringConfig().addProbes(new ConnectionProbe.Adapter() {
            @Override
            public void onAcceptEvent(Connection serverConnection, Connection clientConnection) {
                int sendBuffer = generations.config().sendBuffer();
                if (sendBuffer == 0) {
                    return;
                }
                try {
                    ((SocketChannel) ((NIOConnection) clientConnection).getChannel())
                            .setOption(StandardSocketOptions.SO_SNDBUF, sendBuffer);
                } catch (IOException e) {
                    LOG.warning(() -> "send-buffer: cannot set SO_SNDBUF: " + e);
                }
            }
        });
        return listener;
    }

    /**
     * Binds and starts {@code http}'s listeners; a port or host it cannot listen on is a ConfigException naming the
     * key (the port of the listener that failed: they start one after another).
     */
    private static void listen(HttpServer http, ServerConfig config) {
        try {
            http.start();
        } catch (IOException e) {
            NetworkListener failed = http.getListeners().stream().filter(l -> !l.isStarted()).findFirst()
                    .orElse(http.getListeners().iterator().next());
            boolean tls = failed.isSecure();
            String at = config.host() + ":" + failed.getPort() + ": " + e.getMessage();
            if (e instanceof BindException) {
                throw new ConfigException((tls ? "tls-port" : "port") + ": cannot listen on " + at
                        + " (is another server using it?)", e);
            }
            throw new ConfigException("host: cannot listen on " + at, e);
        }
    }

    /** The plain port actually bound. */
    int port() {
        return listener.getPort();
    }

    /** The HTTPS port actually bound; empty without tls-port. */
    OptionalInt tlsPort() {
        return tlsListener == null ? OptionalInt.empty() : OptionalInt.of(tlsListener.getPort());
    }

    /** Handshakes on the HTTPS port closed by tls-handshake-timeout since start; 0 without one. */
    long handshakesTimedOut() {
        return tls == null ? 0 : tls.handshakesTimedOut();
    }

    /** SSL engines of the HTTPS port made and not yet released; 0 without one. */
    int tlsEnginesLive() {
        return tls == null ? 0 : tls.enginesLive();
    }

    /** The start-up line's part for the HTTPS port under {@code config}; "" without one. */
    String describeHttps(ServerConfig config) {
        return tls == null ? ""
                : tls.describe(hostPort(config.host(), tlsListener.getPort()), config.tlsHandshakeTimeout());
    }

    /**
     * Reads {@code next}'s certificate chain and key, checked as at start; null without an HTTPS port.
     *
     * @throws ConfigException naming {@code tls-cert} or {@code tls-key}
     */
    PemFiles readCertificate(ServerConfig next) {
        return tls == null ? null : TlsPort.read(next);
    }

    /** New HTTPS connections get {@code pem}'s chain from now on; whether it differs from the one in use before. */
    boolean useCertificate(PemFiles pem) {
        return pem != null && tls.use(pem);
    }

    /** Both ports refuse new connections from now on; accepted ones go on. */
    void unbind() {
        listener.getTransport().unbindAll();
        if (tlsListener != null) {
            tlsListener.getTransport().unbindAll();
        }
    }

    /** Stops both ports at once, closing their connections. */
    void close() {
        http.shutdownNow();
        if (tls != null) {
            tls.close();
        }
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
