package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.SendAlgorithm;
import dev.gsf.server.admin.AdminListener;
import dev.gsf.server.admin.ServerMetrics;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;

/**
 * A running file server: Grizzly's HTTP listener, the {@link FileHandler} that speaks HTTP, the send algorithm and
 * its worker pool, all built from one {@link ServerConfig}.
 */
public final class FileServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FileServer.class.getName());
    private final ServerConfig config;
    private final HttpServer http;
    private final NetworkListener listener;
    private final WorkerPool workers;
    private final SendAlgorithm algorithm;
    private final AccessLog accessLog;
    private final OpenFiles openFiles;
    private final DownloadTracker downloads;
    private final ConnectionCount connections;
    private final Instant startedAt = Instant.now();
    private AdminListener admin; // set once in start(), null when admin-port is empty

    private FileServer(ServerConfig config, HttpServer http, NetworkListener listener, WorkerPool workers,
                       SendAlgorithm algorithm, AccessLog accessLog, OpenFiles openFiles, DownloadTracker downloads,
                       ConnectionCount connections) {
        this.config = config;
        this.http = http;
        this.listener = listener;
        this.workers = workers;
        this.algorithm = algorithm;
        this.accessLog = accessLog;
        this.openFiles = openFiles;
        this.downloads = downloads;
        this.connections = connections;
    }

    /**
     * Binds and starts serving.
     *
     * @throws ConfigException when the root is not a directory or the address cannot be bound
     */
    public static FileServer start(ServerConfig config) throws IOException {
        config.requireRootDirectory();
        PathResolver resolver = new PathResolver(config.root(), config.followSymlinks());
        AccessLog accessLog = config.accessLog().isPresent() ? AccessLog.to(config.accessLog().get()) : AccessLog.off();
        WorkerPool workers = new WorkerPool(config.workers());
        SendAlgorithm algorithm = SendAlgorithm.create(config.algorithm(), config.sendSettings(), workers);
        OpenFiles files = new OpenFiles(resolver, config.openFileCache());
        // Meters exist only with an admin listener to show them: without one the server keeps none.
        ServerMetrics metrics = config.adminPort().isPresent() ? new ServerMetrics() : null;
        DownloadTracker downloads = new DownloadTracker(metrics == null ? DownloadObserver.NONE : metrics);
        FileHandler handler = new FileHandler(files, algorithm, accessLog, downloads);

        HttpServer http = new HttpServer();
        NetworkListener listener = new NetworkListener("gsf", config.host(), config.port());
        // Requests are parsed and answered on a small pool of Grizzly threads; file bytes move on ours.
        int httpThreads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        listener.getTransport().setWorkerThreadPoolConfig(ThreadPoolConfig.defaultConfig()
                .setPoolName("grizzly-http").setCorePoolSize(httpThreads).setMaxPoolSize(httpThreads));
        listener.getKeepAlive().setMaxRequestsCount(-1); // a load client may reuse a connection forever
        // Also ends connections whose request never completes (bytes that are not HTTP leave Grizzly waiting).
        listener.getKeepAlive().setIdleTimeoutInSeconds((int) Math.max(1, config.idleTimeout().toSeconds()));
        ConnectionCount connections = new ConnectionCount();
        listener.getTransport().getConnectionMonitoringConfig().addProbes(connections);
        if (config.sendBuffer() > 0) {
            // Grizzly's own setting only ever raises SO_SNDBUF; capping it needs the socket option on accept.
            listener.getTransport().getConnectionMonitoringConfig().addProbes(new ConnectionProbe.Adapter() {
                @Override
                public void onAcceptEvent(Connection serverConnection, Connection clientConnection) {
                    try {
                        ((SocketChannel) ((NIOConnection) clientConnection).getChannel())
                                .setOption(StandardSocketOptions.SO_SNDBUF, config.sendBuffer());
                    } catch (IOException e) {
                        LOG.warning(() -> "send-buffer: cannot set SO_SNDBUF: " + e);
                    }
                }
            });
        }
        http.addListener(listener);
        http.getServerConfiguration().addHttpHandler(handler, "/");
        http.getServerConfiguration().setDefaultQueryEncoding(java.nio.charset.StandardCharsets.UTF_8);
        try {
            http.start();
        } catch (BindException e) {
            close(algorithm, workers, accessLog);
            files.close();
            throw new ConfigException("port: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage() + " (is another server using it?)", e);
        } catch (IOException e) {
            close(algorithm, workers, accessLog);
            files.close();
            throw new ConfigException("host: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage(), e);
        }
        FileServer server = new FileServer(config, http, listener, workers, algorithm, accessLog, files, downloads,
                connections);
        if (metrics != null) {
            try {
                server.admin = AdminListener.start(server, metrics);
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
        }
        return server;
    }

    public ServerConfig config() {
        return config;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return listener.getPort();
    }

    /** host:port as a client would dial it. */
    public String address() {
        String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
        return host + ":" + port();
    }

    public AlgorithmStats.Snapshot algorithmStats() {
        return algorithm.stats();
    }

    /** Workers running a turn right now. */
    public int busyWorkers() {
        return workers.busy();
    }

    /** Threads of the worker pool. */
    public int workerThreads() {
        return workers.getMaximumPoolSize();
    }

    /**
     * Counters of the algorithms downloads run under now, by algorithm. Today one: the configured algorithm; a
     * server that switches algorithms also lists those whose downloads are still running.
     */
    public Map<Algorithm, AlgorithmStats.Snapshot> algorithmStatsByKind() {
        return Map.of(algorithm.kind(), algorithm.stats());
    }

    /** The downloads in progress now (those waiting for a first turn too), oldest first. */
    public List<ActiveDownload> downloadsInProgress() {
        return downloads.inProgress();
    }

    /**
     * Counts the bytes that downloads in progress have sent so far into {@code gsf_sent_bytes_total} (a download's
     * bytes are otherwise counted when it ends). Called before metrics are read; any thread.
     */
    public void reportDownloadProgress() {
        downloads.reportProgress();
    }

    /** Files held open now by the open-file cache and by downloads. */
    public int openFiles() {
        return openFiles.openCount();
    }

    /** Client connections open on the file port. */
    public int connectionsOpen() {
        return connections.open();
    }

    public Instant startedAt() {
        return startedAt;
    }

    /** The admin listener's port, empty when there is none ({@code admin-port} not set). */
    public OptionalInt adminPort() {
        return admin == null ? OptionalInt.empty() : OptionalInt.of(admin.port());
    }

    @Override
    public void close() {
        if (admin != null) {
            admin.close();
        }
        http.shutdownNow();
        close(algorithm, workers, accessLog);
        openFiles.close(); // after the downloads have ended: files they still hold close on release
    }

    private static void close(SendAlgorithm algorithm, WorkerPool workers, AccessLog accessLog) {
        algorithm.close();
        workers.stop();
        try {
            accessLog.close();
        } catch (IOException ignored) {
            // the log is best effort; the server is stopping either way
        }
    }
}
