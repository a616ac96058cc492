package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;

/**
 * A running file server: Grizzly's HTTP listener, the {@link FileHandler} that speaks HTTP, the send algorithm and
 * its worker pool, all built from one {@link ServerConfig}. {@link #reconfigure} replaces the algorithm, its pool and
 * the send settings while the server runs (a new {@link Generation}); downloads in flight finish under the old ones.
 */
public final class FileServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FileServer.class.getName());
    private final HttpServer http;
    private final NetworkListener listener;
    private final Generations generations;
    private final OpenFiles openFiles;

    private FileServer(HttpServer http, NetworkListener listener, Generations generations, OpenFiles openFiles) {
        this.http = http;
        this.listener = listener;
        this.generations = generations;
        this.openFiles = openFiles;
    }

    /**
     * Binds and starts serving.
     *
     * @throws ConfigException when the root is not a directory or the address cannot be bound
     */
    public static FileServer start(ServerConfig config) throws IOException {
        config.requireRootDirectory();
        PathResolver resolver = new PathResolver(config.root(), config.followSymlinks());
        Generations generations = new Generations(config);
        OpenFiles files = new OpenFiles(resolver, config.openFileCache());
        FileHandler handler = new FileHandler(files, generations);

        HttpServer http = new HttpServer();
        NetworkListener listener = new NetworkListener("gsf", config.host(), config.port());
        // Requests are parsed and answered on a small pool of Grizzly threads; file bytes move on ours.
        int httpThreads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        listener.getTransport().setWorkerThreadPoolConfig(ThreadPoolConfig.defaultConfig()
                .setPoolName("grizzly-http").setCorePoolSize(httpThreads).setMaxPoolSize(httpThreads));
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
        http.addListener(listener);
        http.getServerConfiguration().addHttpHandler(handler, "/");
        http.getServerConfiguration().setDefaultQueryEncoding(java.nio.charset.StandardCharsets.UTF_8);
        try {
            http.start();
        } catch (BindException e) {
            generations.close();
            files.close();
            throw new ConfigException("port: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage() + " (is another server using it?)", e);
        } catch (IOException e) {
            generations.close();
            files.close();
            throw new ConfigException("host: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage(), e);
        }
        return new FileServer(http, listener, generations, files);
    }

    /** The configuration new requests run under (the latest one {@link #reconfigure} applied). */
    public ServerConfig config() {
        return generations.config();
    }

    /**
     * Applies {@code next} while the server runs, without closing a connection: new requests get a new algorithm,
     * worker pool, send settings, access log and send buffer, while downloads in flight finish under the ones they
     * started with; the old pool's threads end with its last download. Only {@link Generation#KEYS} may differ
     * from the running configuration; otherwise nothing is applied. Any thread; reloads are applied one at a time.
     *
     * @return the keys whose values changed (empty: nothing to do)
     * @throws ConfigException naming the key, when a key that needs a restart differs or the new access log cannot be
     *                         opened; the running configuration stays in force
     */
    public Set<ServerConfig.Key> reconfigure(ServerConfig next) {
        return generations.reconfigure(next);
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return listener.getPort();
    }

    /** host:port as a client would dial it. */
    public String address() {
        String host = config().host();
        host = host.contains(":") ? "[" + host + "]" : host;
        return host + ":" + port();
    }

    /** Counters since start over every algorithm this server has run (reloads included). */
    public AlgorithmStats.Snapshot algorithmStats() {
        return generations.stats();
    }

    /** Counters since start per algorithm, summed over the reloads that ran it. */
    public Map<Algorithm, AlgorithmStats.Snapshot> statsByAlgorithm() {
        return generations.statsByAlgorithm();
    }

    /** Workers running a turn right now, in the current pool and in pools of replaced configurations. */
    public int busyWorkers() {
        return generations.busyWorkers();
    }

    /** Replaced configurations whose downloads are still running. */
    public int retiringGenerations() {
        return generations.retiring();
    }

    @Override
    public void close() {
        http.shutdownNow();
        generations.close();
        openFiles.close(); // after the downloads have ended: files they still hold close on release
    }
}
