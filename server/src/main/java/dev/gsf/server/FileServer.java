package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.admin.AdminListener;
import dev.gsf.server.admin.RunningServer;
import dev.gsf.server.admin.ServerMetrics;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.files.OpenFiles;
import dev.gsf.server.files.PathResolver;
import dev.gsf.server.generation.Generations;
import dev.gsf.server.http.FileHandler;
import dev.gsf.server.http.PlainHttpRefusal;
import dev.gsf.server.http.RequestHead;
import dev.gsf.server.http.StrictHttpFilter;
import dev.gsf.server.ops.ActiveDownload;
import dev.gsf.server.ops.ConnectionCount;
import dev.gsf.server.ops.DownloadObserver;
import dev.gsf.server.ops.DownloadTracker;
import dev.gsf.server.results.ResultDispatcher;
import dev.gsf.server.results.ResultSinkException;
import dev.gsf.server.send.BodyWriter;
import dev.gsf.server.tls.PemFiles;
import dev.gsf.server.tls.TlsPort;
import dev.gsf.server.tls.TlsWrites;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;

/**
 * A running file server: Grizzly's HTTP listener, the {@link FileHandler} that speaks HTTP, the send algorithm and
 * its worker pool, all built from one {@link ServerConfig}. {@link #reconfigure} replaces the algorithm, its pool and
 * the send settings while the server runs (a new {@link Generation}); downloads in flight finish under the old ones.
 */
public final class FileServer implements RunningServer, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FileServer.class.getName());
    private final HttpServer http;
    private final NetworkListener listener;
    private final Generations generations;
    private final OpenFiles openFiles;
    private final StrictHttpFilter strictHttp;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final DownloadTracker downloads;
    private final ConnectionCount connections;
    private final Instant startedAt = Instant.now();
    private final ResultDispatcher results;
    /** The HTTPS port's listener and what renews its certificate; both null without tls-port. */
    private final NetworkListener tlsListener;
    private final TlsPort tls;
    private AdminListener admin; // set once in start(), null when admin-port is empty

    private FileServer(HttpServer http, NetworkListener listener, Generations generations, OpenFiles openFiles,
                       StrictHttpFilter strictHttp, DownloadTracker downloads, ConnectionCount connections,
                       ResultDispatcher results, NetworkListener tlsListener, TlsPort tls) {
        this.tlsListener = tlsListener;
        this.tls = tls;
        this.http = http;
        this.listener = listener;
        this.generations = generations;
        this.openFiles = openFiles;
        this.strictHttp = strictHttp;
        this.downloads = downloads;
        this.connections = connections;
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
        Generations generations = new Generations(config);
        ResultDispatcher results;
        try {
            results = ResultDispatcher.start(config.resultsLog(), resultsQueue);
        } catch (ResultSinkException e) {
            generations.close();
            throw new ConfigException(e.getMessage(), e.getCause());
        }
        OpenFiles files = new OpenFiles(new PathResolver(config.root(), config.followSymlinks()),
                config.openFileCache());
        // Meters exist only with an admin listener to show them: without one the server keeps none.
        ServerMetrics metrics = config.adminPort().isPresent() ? new ServerMetrics() : null;
        DownloadTracker downloads = new DownloadTracker(metrics == null ? DownloadObserver.NONE : metrics, results);
        // A download's body is encrypted into records on the HTTPS port's connections, written as it is elsewhere.
        FileHandler handler = new FileHandler(files, generations, downloads,
                config.tlsPort().isPresent() ? TlsWrites::orPlain : BodyWriter::plain);

        NetworkListener listener = listener("gsf", config.port(), config, generations);
        ConnectionCount connections = new ConnectionCount();
        // Request heads are checked strictly before Grizzly's parser, which is lenient and cannot be made strict;
        // its own size limit sits above ours so that ours decide (414/431 rather than a bare 400).
        StrictHttpFilter strictHttp = new StrictHttpFilter(generations, handler, config.idleTimeout());
        HttpServer http = new HttpServer();
        serveFiles(http, listener, strictHttp, connections);
        http.getServerConfiguration().addHttpHandler(handler, "/");
        http.getServerConfiguration().setDefaultQueryEncoding(java.nio.charset.StandardCharsets.UTF_8);
        NetworkListener tlsListener = null;
        TlsPort tls = null;
        try {
            if (config.tlsPort().isPresent()) {
                // The same filters and handler as the plain port, under Grizzly's SSL filter.
                tlsListener = listener("gsf-tls", config.tlsPort().getAsInt(), config, generations);
                tls = TlsPort.secure(tlsListener, config, () -> generations.config().tlsHandshakeTimeout(),
                        new PlainHttpRefusal(generations));
                serveFiles(http, tlsListener, strictHttp, connections);
            }
            listen(http, config);
        } catch (ConfigException e) {
            http.shutdownNow();
            if (tls != null) {
                tls.close();
            }
            close(generations, results, files);
            throw e;
        }
        FileServer server = new FileServer(http, listener, generations, files, strictHttp, downloads, connections,
                results, tlsListener, tls);
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

    /** Adds {@code listener} to {@code http}, with the strict filter in its chain and its connections counted. */
    private static void serveFiles(HttpServer http, NetworkListener listener, StrictHttpFilter strictHttp,
                                   ConnectionCount connections) {
        listener.getTransport().getConnectionMonitoringConfig().addProbes(connections);
        listener.registerAddOn(strictHttp);
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
     * With an HTTPS port, its certificate and key files are read again: connections accepted from now on handshake
     * with what they hold now, open ones keep theirs; {@code tls-cert} is among the changed keys when they differ.
     *
     * @return the keys whose values changed (empty: nothing to do)
     * @throws ConfigException naming the key, when a key that needs a restart differs, the new access log cannot be
     *                         opened, a certificate or key cannot be used, or the server is stopping; the running
     *                         configuration stays in force
     */
    public Set<ServerConfig.Key> reconfigure(ServerConfig next) {
        // The certificate files are read first, so that a bad one refuses the whole reload; read on every reload,
        // as nginx does, so that a certificate renewed in place (same file names) is picked up.
        PemFiles pem = tls == null ? null : TlsPort.read(next);
        Set<ServerConfig.Key> changed = generations.reconfigure(next);
        if (pem != null && tls.use(pem)) {
            Set<ServerConfig.Key> renewed = EnumSet.of(ServerConfig.Key.TLS_CERT);
            renewed.addAll(changed);
            changed = renewed;
        }
        return changed;
    }

    /** The start-up line: the configuration in force now and the JVM settings that decide memory. */
    public String startLine() {
        ServerConfig config = config();
        return StartLine.of(config, address(), tls == null ? ""
                : tls.describe(hostPort(config.host(), tlsListener.getPort()), config.tlsHandshakeTimeout()));
    }

    /** The HTTPS port actually bound; empty without tls-port. */
    public OptionalInt tlsPort() {
        return tlsListener == null ? OptionalInt.empty() : OptionalInt.of(tlsListener.getPort());
    }

    /** Handshakes on the HTTPS port closed by tls-handshake-timeout since start; 0 without one. */
    public long tlsHandshakesTimedOut() {
        return tls == null ? 0 : tls.handshakesTimedOut();
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return listener.getPort();
    }

    /** host:port as a client would dial it. */
    public String address() {
        return hostPort(config().host(), port());
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** Counters since start over every algorithm this server has run (reloads included). */
    public AlgorithmStats.Snapshot algorithmStats() {
        return generations.stats();
    }

    /**
     * Counters since start by algorithm, each summed over the generations that ran it: the current one, replaced ones
     * still finishing their downloads, and closed ones. Only algorithms this server has run are listed.
     */
    public Map<Algorithm, AlgorithmStats.Snapshot> algorithmStatsByKind() {
        return generations.statsByAlgorithm();
    }

    /** Workers running a turn right now, in the current pool and in pools of replaced configurations. */
    public int busyWorkers() {
        return generations.busyWorkers();
    }

    /** Threads of the worker pools: the current one and those of replaced configurations still finishing. */
    public int workerThreads() {
        return generations.workerThreads();
    }

    /** Replaced configurations whose downloads are still running. */
    public int retiringGenerations() {
        return generations.retiring();
    }

    /**
     * Download results that were not recorded because the results queue was full (a result sink slow or blocked);
     * 0 when no results log or sink is configured. Any thread.
     */
    public long resultsDropped() {
        return results.dropped();
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

    /** Client connections open on the file ports (plain and HTTPS). */
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

    /** The admin listener's base URL, e.g. {@code http://127.0.0.1:9100}; empty when there is none. */
    public Optional<String> adminUrl() {
        return admin == null ? Optional.empty() : Optional.of("http://" + hostPort(config().adminHost(), admin.port()));
    }

    /**
     * What a drain saw.
     *
     * @param inProgress downloads admitted and not ended when the drain began
     * @param finished   downloads that ended during the grace (completed, or ended by their client)
     * @param completed  of those, the ones that sent every byte
     * @param cut        downloads still running when the grace ran out or a cut was asked for, ended by the close
     */
    public record Drained(int inProgress, long finished, long completed, int cut, Duration took) {
        public String describe() {
            return "stopped: " + inProgress + " download(s) in progress at the stop signal; " + finished
                    + " finished in " + took.toMillis() + " ms (" + completed + " completed), " + cut + " cut";
        }
    }

    /**
     * Stops accepting connections at once and answers every new request 503; refuses reloads from now on; lets the
     * downloads in progress, of every generation, run for up to {@code grace} or until {@code cutNow} opens; then
     * closes the server, cutting what is left. Blocks the calling thread for that long.
     */
    public Drained drain(Duration grace, CountDownLatch cutNow) throws InterruptedException {
        long start = System.nanoTime();
        generations.stopping();
        strictHttp.drain();
        listener.getTransport().unbindAll(); // the port refuses new connections; accepted ones go on
        if (tlsListener != null) {
            tlsListener.getTransport().unbindAll();
        }
        AlgorithmStats.Snapshot before = algorithmStats();
        long deadline = start + grace.toNanos();
        AlgorithmStats.Snapshot now = before;
        // Downloads report their end through counters, not events: look every 20 ms (a cut shortens the wait).
        while (running(now) > 0 && System.nanoTime() < deadline && !cutNow.await(20, TimeUnit.MILLISECONDS)) {
            now = algorithmStats();
        }
        now = algorithmStats();
        close();
        return new Drained(running(before), ended(now) - ended(before),
                now.ended(Outcome.COMPLETED) - before.ended(Outcome.COMPLETED), running(now),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private static int running(AlgorithmStats.Snapshot s) {
        return s.inProgress() + s.waiting();
    }

    private static long ended(AlgorithmStats.Snapshot s) {
        return s.ended().values().stream().mapToLong(Long::longValue).sum();
    }

    /** Stops at once: downloads in progress, of every generation, are cut. Safe to call more than once. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (admin != null) {
            admin.close();
        }
        http.shutdownNow();
        if (tls != null) {
            tls.close();
        }
        close(generations, results, openFiles);
    }

    private static void close(Generations generations, ResultDispatcher results, OpenFiles openFiles) {
        generations.close();
        results.close(); // after the downloads have ended: their results are delivered first
        openFiles.close(); // after the downloads have ended: files they still hold close on release
    }
}
