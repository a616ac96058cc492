package dev.gsf.server.generation;

import dev.gsf.algorithms.SendAlgorithm;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.config.ServerConfig.Key;
import dev.gsf.server.ops.AccessLog;
import dev.gsf.server.send.WorkerPool;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a live reload replaces: the send algorithm with its own worker pool and send settings, the access log and the
 * send buffer of new connections, all from one {@link ServerConfig}. A request holds the generation it began under
 * until its response, download included, has ended; so a download in flight finishes under the algorithm, pool and
 * settings it started with. A replaced generation is retired: it loses the server's hold, and when its last request
 * lets go it is closed (algorithm, pool threads, its share of the access log) on a thread of its own.
 *
 * <p>Threads: {@link #tryAcquire()} and {@link #release()} are called on Grizzly's HTTP threads and on whichever
 * thread ends a download (a worker of this very pool, a selector, a virtual thread); they never block.
 */
public final class Generation {
    /**
     * The keys a generation is built from: the ones that change without a restart. {@code shutdown-grace} is only
     * read when the server stops, from the configuration of the current generation; the TLS certificate, key and
     * handshake timeout are read by the HTTPS listener for the connections it accepts after a reload.
     */
    static final Set<Key> KEYS = Collections.unmodifiableSet(EnumSet.of(Key.ALGORITHM, Key.WORKERS, Key.QUEUE,
            Key.CHUNK, Key.ZERO_COPY, Key.ZERO_COPY_MIN, Key.INLINE_MAX, Key.MAX_DOWNLOADS, Key.WRITE_TIMEOUT,
            Key.SEND_BUFFER, Key.TCP_NOPUSH, Key.ACCESS_LOG, Key.SHUTDOWN_GRACE, Key.TLS_CERT, Key.TLS_KEY,
            Key.TLS_HANDSHAKE_TIMEOUT, Key.MAX_RANGES, Key.PRECOMPRESSED, Key.INDEX, Key.AUTOINDEX));

    final int number;
    public final ServerConfig config;
    public final SendAlgorithm algorithm;
    public final AccessLog accessLog;
    /** The Server header of every answer under this generation, the file handler's or the strict filter's. */
    public final String serverHeader;
    /** Null for VTA, which runs every download on a virtual thread of its own. */
    private final WorkerPool workers;
    /** Requests holding this generation, plus one while it is the server's current one; 0: retired and closing. */
    private final AtomicInteger holds = new AtomicInteger(1);
    /** Set at the end of {@link #close()}, under this object's lock. */
    private volatile boolean stopped;

    private Generation(int number, ServerConfig config, SendAlgorithm algorithm, WorkerPool workers,
                       AccessLog accessLog) {
        this.number = number;
        this.config = config;
        this.algorithm = algorithm;
        this.workers = workers;
        this.accessLog = accessLog;
        this.serverHeader = "grizzly-sendfile/0.1 (" + algorithm.kind() + ")";
    }

    /**
     * Builds generation {@code number} from {@code config}; it shares the access log of {@code previous} (null for
     * the first) when both name the same file.
     *
     * @throws ConfigException when the access log cannot be opened; nothing is left open then
     */
    static Generation create(int number, ServerConfig config, Generation previous) {
        AccessLog accessLog;
        if (previous != null && previous.config.accessLog().equals(config.accessLog())) {
            accessLog = previous.accessLog.share();
        } else {
            try {
                accessLog = AccessLog.of(config.accessLog());
            } catch (IOException e) {
                throw new ConfigException(Key.ACCESS_LOG.name + ": cannot open "
                        + config.accessLog().orElseThrow() + " for appending: " + e, e);
            }
        }
        // VTA runs no turn on the pool: it gets none rather than idle prestarted threads.
        WorkerPool workers = config.algorithm().usesWorkerPool()
                ? new WorkerPool(config.workerThreads(), "gsf-worker-g" + number + "-") : null;
        return new Generation(number, config,
                SendAlgorithm.create(config.algorithm(), config.sendSettings(), workers), workers, accessLog);
    }

    /** Takes a hold for one request; false when this generation is retired and has already let go. */
    boolean tryAcquire() {
        for (int n = holds.get(); n > 0; n = holds.get()) {
            if (holds.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Gives a hold back; the last one of a retired generation closes it, off the calling thread. */
    public void release() {
        if (holds.decrementAndGet() == 0) {
            // The caller may be one of this pool's own workers, which closing waits for.
            Thread.ofPlatform().daemon().name("gsf-retire-g" + number).start(this::close);
        }
    }

    /** Drops the server's hold: no new request takes this generation, and the last one to end closes it. */
    void retire() {
        release();
    }

    /** Workers of this generation running a turn right now. */
    int busyWorkers() {
        return workers == null ? 0 : workers.busy();
    }

    /** Threads of this generation's worker pool. */
    int workerThreads() {
        return workers == null ? 0 : workers.getMaximumPoolSize();
    }

    /** True once {@link #close()} has finished: no thread of this generation runs any more. */
    boolean isStopped() {
        return stopped;
    }

    /**
     * Ends its downloads still in progress (none for a retired one), stops its threads and its share of the log. A
     * caller that finds another thread closing it waits until that has finished, so the server's close stops them all.
     */
    synchronized void close() {
        if (stopped) {
            return;
        }
        algorithm.close();
        if (workers != null) {
            workers.stop();
        }
        try {
            accessLog.close();
        } catch (IOException ignored) {
            // the log is best effort; the generation is going either way
        }
        stopped = true;
    }
}
