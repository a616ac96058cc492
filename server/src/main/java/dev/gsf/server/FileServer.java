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
import dev.gsf.server.h2.H2Counts;
import dev.gsf.server.h2.H2Filter;
import dev.gsf.server.http.FileHandler;
import dev.gsf.server.http.StrictHttpFilter;
import dev.gsf.server.ops.ActiveDownload;
import dev.gsf.server.ops.ConnectionCount;
import dev.gsf.server.ops.DownloadObserver;
import dev.gsf.server.ops.DownloadTracker;
import dev.gsf.server.results.ResultDispatcher;
import dev.gsf.server.results.ResultSinkException;
import dev.gsf.server.send.BodyWriter;
import dev.gsf.server.tls.PemFiles;
import dev.gsf.server.tls.TlsWrites;
import java.io.IOException;
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
import org.glassfish.grizzly.ConnectionProbe;

/**
 * A running file server, wired from one {@link ServerConfig}: the generations (the send algorithm, its worker pool,
 * the access log), the results dispatcher, the open-file cache, the {@link FileHandler} that speaks HTTP behind the
 * strict filter, the file ports ({@link FilePorts}) and, with {@code admin-port}, the admin listener, which reads the
 * server through {@link RunningServer}. {@link #reconfigure} replaces the algorithm, its pool and the send settings
 * while the server runs (a new generation); downloads in flight finish under the old ones. {@link #drain} and
 * {@link #close} stop it all.
 */
public final class FileServer implements RunningServer, AutoCloseable {
    private final FilePorts ports;
    private final Generations generations;
    private final OpenFiles openFiles;
    private final StrictHttpFilter strictHttp;
    /** Null with {@code http2=off}. */
    private final H2Filter h2Filter;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final DownloadTracker downloads;
    private final ConnectionCount connections;
    private final H2Counts http2;
    private final Instant startedAt = Instant.now();
    private final ResultDispatcher results;
    private AdminListener admin; // set once in start(), null when admin-port is empty

    private FileServer(FilePorts ports, Generations generations, OpenFiles openFiles, StrictHttpFilter strictHttp,
                       H2Filter h2Filter, DownloadTracker downloads, ConnectionCount connections, H2Counts http2,
                       ResultDispatcher results) {
        this.ports = ports;
        this.http2 = http2;
        this.generations = generations;
        this.openFiles = openFiles;
        this.strictHttp = strictHttp;
        this.h2Filter = h2Filter;
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
    public static FileServer start(ServerConfig config, int resultsQueue) throws IOException {
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
        ConnectionCount connections = new ConnectionCount();
        StrictHttpFilter strictHttp = new StrictHttpFilter(generations, handler, config.idleTimeout());
        H2Counts http2 = new H2Counts();
        H2Filter h2Filter = config.http2() ? new H2Filter(handler, http2, config.h2MaxFrame(), config.h2InFlight()) : null;
        FilePorts ports;
        try {
            ports = FilePorts.open(config, generations, handler, strictHttp, h2Filter, connections);
        } catch (ConfigException e) {
            close(generations, results, files);
            throw e;
        }
        FileServer server = new FileServer(ports, generations, files, strictHttp, h2Filter, downloads, connections,
                http2, results);
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

    /** The configuration new requests run under (the latest one {@link #reconfigure} applied). */
    public ServerConfig config() {
        return generations.config();
    }

    /**
     * Applies {@code next} while the server runs, without closing a connection: new requests get a new algorithm,
     * worker pool, send settings, access log and send buffer, while downloads in flight finish under the ones they
     * started with; the old pool's threads end with its last download. Only {@code Generation.KEYS} may differ
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
        PemFiles pem = ports.readCertificate(next);
        Set<ServerConfig.Key> changed = generations.reconfigure(next);
        if (ports.useCertificate(pem)) {
            Set<ServerConfig.Key> renewed = EnumSet.of(ServerConfig.Key.TLS_CERT);
            renewed.addAll(changed);
            changed = renewed;
        }
        return changed;
    }

    /** The start-up line: the configuration in force now and the JVM settings that decide memory. */
    public String startLine() {
        ServerConfig config = config();
        return StartLine.of(config, address(), ports.describeHttps(config));
    }

    /** The HTTPS port actually bound; empty without tls-port. */
    public OptionalInt tlsPort() {
        return ports.tlsPort();
    }

    /** Handshakes on the HTTPS port closed by tls-handshake-timeout since start; 0 without one. */
    public long tlsHandshakesTimedOut() {
        return ports.handshakesTimedOut();
    }

    /**
     * SSL engines of the HTTPS port made and not yet released (BoringSSL's hold native memory until then): one per
     * open TLS connection that has sent its first bytes; 0 without an HTTPS port.
     */
    public int tlsEnginesLive() {
        return ports.tlsEnginesLive();
    }

    /**
     * Adds {@code probe} to the file ports' transports: tests watch the server's side of their connections with it
     * (the write queue an HTTP/2 connection holds, {@code H2BufferBoundTest}).
     */
    public void addConnectionProbe(ConnectionProbe probe) {
        ports.listener().getTransport().getConnectionMonitoringConfig().addProbes(probe);
        if (ports.tlsListener() != null) {
            ports.tlsListener().getTransport().getConnectionMonitoringConfig().addProbes(probe);
        }
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return ports.port();
    }

    /** host:port as a client would dial it. */
    public String address() {
        return FilePorts.hostPort(config().host(), port());
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

    /** sendfile(2) calls the server made itself (zero-copy without FileChannel.transferTo), since it started. */
    public long sendfileCalls() {
        return openFiles.sendfileCalls();
    }

    /** Client connections open on the file ports (plain and HTTPS). */
    public int connectionsOpen() {
        return connections.open();
    }

    @Override
    public int http2ConnectionsOpen() {
        return (int) http2.connectionsOpen();
    }

    /** HTTP/2 streams open now (admitted, not yet ended, reset or closed with their connection). */
    public long http2StreamsOpen() {
        return http2.streamsOpen();
    }

    /** HTTP/2's direct frame slabs in use now: 0 once no batch is being built or written (none with http2=off). */
    public int http2FrameSlabsInUse() {
        return h2Filter == null ? 0 : h2Filter.frameSlabsInUse();
    }

    @Override
    public long http2Streams() {
        return http2.streams();
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
        return admin == null ? Optional.empty() : Optional.of("http://" + FilePorts.hostPort(config().adminHost(), admin.port()));
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
        if (h2Filter != null) {
            h2Filter.drain();
        }
        ports.unbind(); // the ports refuse new connections; accepted ones go on
        AlgorithmStats.Snapshot before = algorithmStats();
        long deadline = start + grace.toNanos();
        AlgorithmStats.Snapshot now = before;
        // Downloads report their end through counters, not events: look every 20 ms (a cut shortens the wait).
        // HTTP/2 connections close themselves, lingering, once their streams have ended: closing them first would
        // cut what their clients still send.
        while ((running(now) > 0 || http2.connectionsOpen() > 0) && System.nanoTime() < deadline
                && !cutNow.await(20, TimeUnit.MILLISECONDS)) {
            now = algorithmStats();
        }
        now = algorithmStats();
        close();
        return new Drained(running(before), now.endedTotal() - before.endedTotal(),
                now.ended(Outcome.COMPLETED) - before.ended(Outcome.COMPLETED), running(now),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private static int running(AlgorithmStats.Snapshot s) {
        return s.inProgress() + s.waiting();
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
        ports.close();
        close(generations, results, openFiles);
    }

    private static void close(Generations generations, ResultDispatcher results, OpenFiles openFiles) {
        generations.close();
        results.close(); // after the downloads have ended: their results are delivered first
        openFiles.close(); // after the downloads have ended: files they still hold close on release
    }
}
