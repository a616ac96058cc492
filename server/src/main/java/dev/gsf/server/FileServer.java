package dev.gsf.server;

import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.SendAlgorithm;
import dev.gsf.server.results.ResultDispatcher;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
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
    private final ResultDispatcher results;

    private FileServer(ServerConfig config, HttpServer http, NetworkListener listener, WorkerPool workers,
                       SendAlgorithm algorithm, AccessLog accessLog, OpenFiles openFiles, ResultDispatcher results) {
        this.config = config;
        this.http = http;
        this.listener = listener;
        this.workers = workers;
        this.algorithm = algorithm;
        this.accessLog = accessLog;
        this.openFiles = openFiles;
        this.results = results;
    }

    /**
     * Binds and starts serving.
     *
     * @throws ConfigException when the root is not a directory or the address cannot be bound
     */
    public static FileServer start(ServerConfig config) throws IOException {
        return start(config, ResultDispatcher.QUEUE_CAPACITY);
    }

    /** {@link #start(ServerConfig)} with another results queue (tests fill a small one). */
    static FileServer start(ServerConfig config, int resultsQueue) throws IOException {
        config.requireRootDirectory();
        PathResolver resolver = new PathResolver(config.root(), config.followSymlinks());
        AccessLog accessLog = config.accessLog().isPresent() ? AccessLog.to(config.accessLog().get()) : AccessLog.off();
        ResultDispatcher results;
        try {
            results = ResultDispatcher.start(config.resultsLog(), resultsQueue);
        } catch (ConfigException e) {
            accessLog.close();
            throw e;
        }
        WorkerPool workers = new WorkerPool(config.workers());
        SendAlgorithm algorithm = SendAlgorithm.create(config.algorithm(), config.sendSettings(), workers);
        OpenFiles files = new OpenFiles(resolver, config.openFileCache());
        FileHandler handler = new FileHandler(files, algorithm, accessLog, results);

        HttpServer http = new HttpServer();
        NetworkListener listener = new NetworkListener("gsf", config.host(), config.port());
        // Requests are parsed and answered on a small pool of Grizzly threads; file bytes move on ours.
        int httpThreads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        listener.getTransport().setWorkerThreadPoolConfig(ThreadPoolConfig.defaultConfig()
                .setPoolName("grizzly-http").setCorePoolSize(httpThreads).setMaxPoolSize(httpThreads));
        listener.getKeepAlive().setMaxRequestsCount(-1); // a load client may reuse a connection forever
        // Also ends connections whose request never completes (bytes that are not HTTP leave Grizzly waiting).
        listener.getKeepAlive().setIdleTimeoutInSeconds((int) Math.max(1, config.idleTimeout().toSeconds()));
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
            close(algorithm, workers, accessLog, results);
            files.close();
            throw new ConfigException("port: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage() + " (is another server using it?)", e);
        } catch (IOException e) {
            close(algorithm, workers, accessLog, results);
            files.close();
            throw new ConfigException("host: cannot listen on " + config.host() + ":" + config.port() + ": "
                    + e.getMessage(), e);
        }
        return new FileServer(config, http, listener, workers, algorithm, accessLog, files, results);
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

    /**
     * Download results that were not recorded because the results queue was full (a result sink slow or blocked);
     * 0 when no results log or sink is configured. Any thread.
     */
    public long resultsDropped() {
        return results.dropped();
    }

    @Override
    public void close() {
        http.shutdownNow();
        close(algorithm, workers, accessLog, results);
        openFiles.close(); // after the downloads have ended: files they still hold close on release
    }

    private static void close(SendAlgorithm algorithm, WorkerPool workers, AccessLog accessLog,
                              ResultDispatcher results) {
        algorithm.close();
        workers.stop();
        results.close(); // after the downloads have ended: their results are delivered first
        try {
            accessLog.close();
        } catch (IOException ignored) {
            // the log is best effort; the server is stopping either way
        }
    }
}
