package dev.gsf.server.config;

import static dev.gsf.server.config.ConfigChecks.require;
import static dev.gsf.server.config.ConfigChecks.requireTls;
import static dev.gsf.server.config.ConfigValues.parse;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.SendSettings;
import dev.gsf.common.ByteSize;
import dev.gsf.common.Durations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

/**
 * The server's whole configuration. {@link #from} parses the text of the keys, the canonical constructor checks every
 * value, so no invalid configuration exists. Every key has a default; a config file (Java properties) and
 * command-line flags may set any of them, flags winning.
 *
 * @param root           directory whose files are served
 * @param host           address to listen on
 * @param port           port to listen on, 0 for any free port
 * @param algorithm      send algorithm
 * @param workers        threads in the worker pool (SBA, EBA, ENBA, ADA), or {@link #AUTO_WORKERS}: see
 *                       {@link #workerThreads()}
 * @param queue          downloads that may wait for their first turn; one more gets 503
 * @param chunk          bytes per write, or {@link #AUTO_CHUNK}: see {@link #chunkSize()}
 * @param zeroCopy       sendfile (FileChannel.transferTo) instead of copying through a buffer; on by default: it kept
 *                       10,000 slow clients at 99-100% of their rate where copying gave 94%, and was as fast or faster
 *                       for fast clients (docs/algorithms.md, "Zero-copy")
 * @param zeroCopyMin    with zero-copy on, ranges shorter than this are still copied (one gathered write with the
 *                       head; sendfile needs a second write for the head)
 * @param inlineMax      bodies of at most this many bytes are written at once by the thread that read the request,
 *                       bypassing the algorithm's queue and threads (the small-file fast path); 0: every body goes
 *                       through the algorithm
 * @param maxDownloads   downloads in progress at once, 0 for no cap
 * @param writeTimeout   a download whose client takes no byte for this long is dropped
 * @param idleTimeout    a connection with no complete request for this long is closed (whole seconds)
 * @param sendBuffer     SO_SNDBUF of every accepted connection, 0 to let the kernel autotune it
 * @param tcpNoPush      TCP_CORK over a download's writes that follow one another (nginx's tcp_nopush): see NoPush
 * @param followSymlinks serve symbolic links that point outside the root
 * @param accessLog      file for a Combined Log Format line per request, empty for none
 * @param openFileCache  how long a looked-up path and its attributes are trusted and an unused file is kept open
 *                       for the downloads after it; zero opens and looks up afresh for every request
 * @param shutdownGrace  on SIGTERM, how long downloads in progress may go on before they are cut
 * @param adminHost      address of the admin listener (metrics, status page)
 * @param adminPort      port of the admin listener, 0 for any free port; empty: no admin listener and no metrics
 * @param resultsLog     file for a JSON line per download (JSON Lines), empty for none
 * @param tlsPort        port of the HTTPS listener, 0 for any free port; empty: no HTTPS
 * @param tlsCert        PEM certificate chain of the HTTPS listener (present exactly when tlsPort is)
 * @param tlsKey         PEM private key of that certificate (present exactly when tlsPort is)
 * @param tlsHandshakeTimeout how long after accept a TLS handshake may take before its connection is closed
 * @param tlsProvider    whose TLS the HTTPS listener runs: BoringSSL's, the JDK's, or the first that loads
 * @param maxRanges      ranges one request may ask for; more get the whole file with 200 (nginx's max_ranges)
 * @param precompressed  the codings served from sidecar files, in order of preference; empty: none (docs/http.md)
 * @param index          the file a directory URL serves, empty for none (nginx's index)
 * @param autoindex      what a directory without that file answers: 403, or a listing (nginx's autoindex)
 * @param http2          HTTP/2 beside HTTP/1.1: h2c by prior knowledge on the plain port, h2 by ALPN on the HTTPS one
 * @param h2MaxFrame     the longest HTTP/2 DATA frame sent (shorter when the peer's SETTINGS_MAX_FRAME_SIZE is)
 * @param h2InFlight     bytes of DATA an HTTP/2 connection has in flight at most, whatever windows its client opens
 */
public record ServerConfig(Path root, String host, int port, Algorithm algorithm, int workers, int queue, int chunk,
                           boolean zeroCopy, long zeroCopyMin, int inlineMax, int maxDownloads, Duration writeTimeout,
                           Duration idleTimeout, int sendBuffer, boolean tcpNoPush, boolean followSymlinks,
                           Optional<Path> accessLog,
                           Duration openFileCache, Duration shutdownGrace, String adminHost, OptionalInt adminPort,
                           Optional<Path> resultsLog, OptionalInt tlsPort, Optional<Path> tlsCert,
                           Optional<Path> tlsKey, Duration tlsHandshakeTimeout, TlsProvider tlsProvider,
                           int maxRanges, List<ContentCoding> precompressed, String index, Autoindex autoindex,
                           boolean http2, int h2MaxFrame, int h2InFlight) {

    /** Every configuration key, its default and what it allows. Flags and the config file use these names. */
    public enum Key {
        ROOT("root", "files", "directory whose files are served",
                c -> c.root().toAbsolutePath().normalize().toString()),
        HOST("host", "127.0.0.1", "address to listen on",
                ServerConfig::host),
        PORT("port", "8080", "TCP port, 0-65535 (0: any free port)",
                c -> Integer.toString(c.port())),
        ALGORITHM("algorithm", "SBA", "send algorithm: " + Algorithm.names(),
                c -> c.algorithm().name()),
        WORKERS("workers", "auto", "worker pool threads, 1-10000 (unused by VTA); auto: " + AUTO_WORKERS_RULE,
                c -> c.workers() == AUTO_WORKERS ? "auto" : Integer.toString(c.workers())),
        QUEUE("queue", "10000", "downloads waiting for a first turn before 503, 0-1000000",
                c -> Integer.toString(c.queue())),
        CHUNK("chunk", "auto", "bytes per write, 1K-64M (EBA/ENBA: bytes per turn); auto: " + AUTO_CHUNK_RULE,
                c -> c.chunk() == AUTO_CHUNK ? "auto" : ByteSize.format(c.chunk())),
        ZERO_COPY("zero-copy", "true", "send with sendfile (true) or copy through a pooled buffer (false)",
                c -> Boolean.toString(c.zeroCopy())),
        ZERO_COPY_MIN("zero-copy-min", "64K",
                "with zero-copy, ranges shorter than this are still copied, e.g. 64K; 0: sendfile for all",
                c -> ByteSize.format(c.zeroCopyMin())),
        INLINE_MAX("inline-max", "12K", "bodies up to this size (and one chunk) are written at once by the thread"
                + " that read the request, bypassing the algorithm (small-file fast path), 0-12K; 0: every body"
                + " through the algorithm",
                c -> ByteSize.format(c.inlineMax())),
        MAX_DOWNLOADS("max-downloads", "0", "downloads in progress at once, 0 for no cap",
                c -> Integer.toString(c.maxDownloads())),
        // 60 s and 75 s are nginx's send_timeout and keepalive_timeout. At 10,000 clients x 20 KB/s the kernel, past
        // tcp_mem, holds a socket's writes back for over 30 s while its reader still drains megabytes queued earlier;
        // at 30 s both timeouts cut 150-500 healthy downloads a run
        // (docs/results/2026-11-23-errors-10000-slow-clients.md).
        WRITE_TIMEOUT("write-timeout", "60s", "drop a client that takes no byte for this long (e.g. 500ms, 30s, 2m)",
                c -> Durations.format(c.writeTimeout())),
        SEND_BUFFER("send-buffer", "0", "SO_SNDBUF per connection, e.g. 64K; 0 lets the kernel autotune",
                c -> ByteSize.format(c.sendBuffer())),
        TCP_NOPUSH("tcp-nopush", "true", "send only full TCP segments while a download's writes follow one another"
                + " (TCP_CORK, as nginx's tcp_nopush; Linux, JDK 22+)",
                c -> Boolean.toString(c.tcpNoPush())),
        IDLE_TIMEOUT("idle-timeout", "75s", "close a connection that sends no complete request for this long (1s-1h)",
                c -> Durations.format(c.idleTimeout())),
        FOLLOW_SYMLINKS("follow-symlinks", "false", "serve symbolic links that lead outside the root",
                c -> Boolean.toString(c.followSymlinks())),
        ACCESS_LOG("access-log", "", "file for Combined Log Format lines, empty for none",
                c -> c.accessLog().map(Path::toString).orElse("")),
        OPEN_FILE_CACHE("open-file-cache", "1s",
                "share one open file among its downloads and trust its path and attributes this long, 0-60m (0: off)",
                c -> Durations.format(c.openFileCache())),
        SHUTDOWN_GRACE("shutdown-grace", "30s",
                "on SIGTERM, how long downloads in progress may finish before they are cut, 0-1h (e.g. 500ms, 30s, 2m)",
                c -> Durations.format(c.shutdownGrace())),
        ADMIN_HOST("admin-host", "127.0.0.1", "address of the admin listener",
                ServerConfig::adminHost),
        ADMIN_PORT("admin-port", "",
                "port of the admin listener (/metrics, /admin/status), 0 for any free one; empty for none",
                c -> c.adminPort().isPresent() ? Integer.toString(c.adminPort().getAsInt()) : ""),
        RESULTS_LOG("results-log", "", "file for a JSON line per download (JSON Lines), empty for none",
                c -> c.resultsLog().map(Path::toString).orElse("")),
        TLS_PORT("tls-port", "", "TCP port for HTTPS (TLS 1.3 and 1.2), 0 for any free one; empty: no HTTPS",
                c -> c.tlsPort().isPresent() ? Integer.toString(c.tlsPort().getAsInt()) : ""),
        TLS_CERT("tls-cert", "", "PEM file of the certificate chain, the server's first (as nginx's ssl_certificate)",
                c -> c.tlsCert().map(Path::toString).orElse("")),
        TLS_KEY("tls-key", "", "PEM file of the private key, RSA or EC, PKCS#8 or traditional (unencrypted)",
                c -> c.tlsKey().map(Path::toString).orElse("")),
        // 60 s is nginx's client_header_timeout, which bounds its handshakes too.
        TLS_HANDSHAKE_TIMEOUT("tls-handshake-timeout", "60s",
                "close a TLS connection whose handshake has not completed this long after accept, 100ms-1h",
                c -> Durations.format(c.tlsHandshakeTimeout())),
        TLS_PROVIDER("tls-provider", "auto", "TLS of the HTTPS listener: " + TlsProvider.names() + " (auto: openssl,"
                + " i.e. BoringSSL, where its natives load, else jdk)",
                c -> c.tlsProvider().key()),
        // Apache's MaxRanges is 200, nginx's max_ranges unlimited; browsers and download managers ask for one range,
        // and each range of a multipart answer costs a write of its own.
        MAX_RANGES("max-ranges", "32", "ranges one request may ask for, 1-1000; more get the whole file with 200",
                c -> Integer.toString(c.maxRanges())),
        PRECOMPRESSED("precompressed", "", "serve f.br or f.gz for f where the client accepts it and the sidecar is"
                + " not older: br, gzip, or both in order of preference (br,gzip); empty: off",
                c -> ContentCoding.format(c.precompressed())),
        INDEX("index", "index.html", "file a directory URL ending in '/' serves; empty: none",
                ServerConfig::index),
        AUTOINDEX("autoindex", "off", "a directory without index file: off (403), html or json listing",
                c -> c.autoindex().text()),
        HTTP2("http2", "on", "HTTP/2 beside HTTP/1.1: h2c by prior knowledge on the plain port, h2 by ALPN on the"
                + " HTTPS port (on), or HTTP/1.1 only (off); a restart applies it",
                c -> c.http2() ? "on" : "off"),
        H2_MAX_FRAME("h2-max-frame", "64K", "the longest HTTP/2 DATA frame sent, 16K-16M (shorter when the client's"
                + " SETTINGS_MAX_FRAME_SIZE is); a restart applies it", c -> ByteSize.format(c.h2MaxFrame())),
        H2_IN_FLIGHT("h2-in-flight", "256K", "bytes of DATA one HTTP/2 connection has in flight at most, whatever"
                + " windows its client opens: h2-max-frame to 64M; a restart applies it",
                c -> ByteSize.format(c.h2InFlight()));

        public final String name;
        public final String defaultValue;
        public final String help;
        /** The value as text in the grammar the key accepts: {@code from} reads it back as the same value. */
        private final Function<ServerConfig, String> text;

        Key(String name, String defaultValue, String help, Function<ServerConfig, String> text) {
            this.name = name;
            this.defaultValue = defaultValue;
            this.help = help;
            this.text = text;
        }

        /** The key of that name, if there is one. */
        public static Optional<Key> byName(String name) {
            return Arrays.stream(values()).filter(k -> k.name.equals(name)).findFirst();
        }

        /** A true/false key: {@code gsf serve} takes it as {@code --[no-]KEY}, without a value. */
        public boolean isFlag() {
            return defaultValue.equals("true") || defaultValue.equals("false");
        }
    }

    /** {@code chunk=auto}: the chunk follows the algorithm ({@link #chunkSize()}); not 0, which is out of range. */
    public static final int AUTO_CHUNK = -1;
    /** What {@code chunk=auto} means, in words: {@link #chunkSize()} says it in code. */
    public static final String AUTO_CHUNK_RULE = "1M for SBA and VTA, 64K for EBA, ENBA and ADA";

    /**
     * Bytes per write. With {@code chunk=auto}: 1M for SBA and VTA, whose turn is the whole file, one blocking write
     * after another: each write ends with a TCP push of its own, and fewer, larger ones gave 8-19% more requests per
     * second on 1 MB files, 7-15% fewer on 100 MB, still at nginx's rate (docs/algorithms.md, "TCP_CORK"); 64K for
     * EBA and ENBA, whose chunk is a turn: equal chunks taking turns, and 1M turns were slower for ENBA.
     */
    public int chunkSize() {
        if (chunk != AUTO_CHUNK) {
            return chunk;
        }
        return algorithm == Algorithm.SBA || algorithm == Algorithm.VTA ? 1 << 20 : 64 << 10;
    }

    /** {@code workers=auto}: the pool follows the algorithm ({@link #workerThreads()}); 0 is out of range. */
    public static final int AUTO_WORKERS = -1;
    /** What {@code workers=auto} means, in words: {@link #workerThreads()} says it in code. */
    public static final String AUTO_WORKERS_RULE = "one per core for ADA, 50 for the others";

    /**
     * Threads in the worker pool. With {@code workers=auto}: one per core for ADA (nginx's {@code worker_processes
     * auto}), whose turns never wait on a socket and start inline, so a thread past the cores only waits for a CPU:
     * 50 of them sealing TLS records at once kept 10,000 clients' handshakes waiting in the accept queue; 50 (the
     * seed's pool) for SBA and EBA, whose turns wait while a client's socket is full, and for ENBA, whose worker keeps
     * its download while no other turn waits: at 2 workers it lost 9-18% on 1 MB files
     * (docs/results/2026-11-28-workers-per-core.md).
     */
    public int workerThreads() {
        if (workers != AUTO_WORKERS) {
            return workers;
        }
        return algorithm == Algorithm.ADA ? Runtime.getRuntime().availableProcessors() : 50;
    }

    /** Every value is checked here, so no invalid configuration can exist; the message names the key. */
    public ServerConfig {
        Objects.requireNonNull(root, Key.ROOT.name);
        Objects.requireNonNull(algorithm, Key.ALGORITHM.name);
        Objects.requireNonNull(accessLog, Key.ACCESS_LOG.name);
        Objects.requireNonNull(resultsLog, Key.RESULTS_LOG.name);
        Objects.requireNonNull(tlsCert, Key.TLS_CERT.name);
        Objects.requireNonNull(tlsKey, Key.TLS_KEY.name);
        Objects.requireNonNull(tlsProvider, Key.TLS_PROVIDER.name);
        if (host == null || host.isBlank()) {
            throw new ConfigException(Key.HOST.name + ": must not be empty (" + Key.HOST.help + ")");
        }
        require(Key.PORT, port, 0, 65535, Integer.toString(port));
        if (workers != AUTO_WORKERS) {
            require(Key.WORKERS, workers, 1, 10_000, Integer.toString(workers));
        }
        require(Key.QUEUE, queue, 0, 1_000_000, Integer.toString(queue));
        if (chunk != AUTO_CHUNK) {
            require(Key.CHUNK, chunk, 1024, 64L << 20, ByteSize.format(chunk));
        }
        require(Key.ZERO_COPY_MIN, zeroCopyMin, 0, 1L << 40, ByteSize.format(zeroCopyMin));
        // One write must be the whole response: Grizzly finishes a response that is not suspended when the handler
        // returns, and a second write queued later could follow the next response's bytes.
        require(Key.INLINE_MAX, inlineMax, 0, Download.GATHERED, ByteSize.format(inlineMax));
        require(Key.MAX_DOWNLOADS, maxDownloads, 0, 1_000_000, Integer.toString(maxDownloads));
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new ConfigException(Key.WRITE_TIMEOUT.name + ": must be longer than zero ("
                    + Key.WRITE_TIMEOUT.help + ")");
        }
        require(Key.IDLE_TIMEOUT, idleTimeout, Duration.ofSeconds(1), Duration.ofHours(1));
        require(Key.SEND_BUFFER, sendBuffer, 0, 64L << 20, ByteSize.format(sendBuffer));
        require(Key.OPEN_FILE_CACHE, openFileCache, Duration.ZERO, Duration.ofHours(1));
        require(Key.SHUTDOWN_GRACE, shutdownGrace, Duration.ZERO, Duration.ofHours(1));
        Objects.requireNonNull(adminPort, Key.ADMIN_PORT.name);
        if (adminHost == null || adminHost.isBlank()) {
            throw new ConfigException(Key.ADMIN_HOST.name + ": must not be empty (" + Key.ADMIN_HOST.help + ")");
        }
        if (adminPort.isPresent()) {
            require(Key.ADMIN_PORT, adminPort.getAsInt(), 0, 65535, Integer.toString(adminPort.getAsInt()));
            if (adminPort.getAsInt() != 0 && adminPort.getAsInt() == port) {
                throw new ConfigException(Key.ADMIN_PORT.name + ": " + port + " is the file port; the admin listener"
                        + " needs a port of its own");
            }
        }
        requireTls(tlsPort, tlsCert, tlsKey, tlsHandshakeTimeout, port, adminPort);
        require(Key.MAX_RANGES, maxRanges, 1, 1000, Integer.toString(maxRanges));
        require(Key.H2_MAX_FRAME, h2MaxFrame, 16_384, 16_777_215, ByteSize.format(h2MaxFrame)); // RFC 9113 §6.5.2
        require(Key.H2_IN_FLIGHT, h2InFlight, h2MaxFrame, 64L << 20, ByteSize.format(h2InFlight));
        precompressed = List.copyOf(precompressed);
        Objects.requireNonNull(autoindex, Key.AUTOINDEX.name);
        if (index.contains("/") || index.contains("\\") || index.equals(".") || index.equals("..")
                || index.indexOf('\0') >= 0) {
            throw new ConfigException(Key.INDEX.name + ": '" + index + "' is not a file name (" + Key.INDEX.help
                    + ")");
        }
    }

    /** The send settings this configuration gives every algorithm. */
    public SendSettings sendSettings() {
        return new SendSettings(chunkSize(), zeroCopy, zeroCopyMin, writeTimeout, queue, maxDownloads);
    }

    /**
     * The keys whose values differ in {@code other}, compared as {@link #asText()} gives them: every key is compared,
     * and a root named relatively or absolutely is the same root.
     */
    public Set<Key> changedKeys(ServerConfig other) {
        Map<String, String> mine = asText();
        Map<String, String> theirs = other.asText();
        Set<Key> changed = EnumSet.noneOf(Key.class);
        for (Key key : Key.values()) {
            if (!mine.get(key.name).equals(theirs.get(key.name))) {
                changed.add(key);
            }
        }
        return changed;
    }

    /**
     * This configuration with some keys set anew, from text as in a config file (e.g. the body of an admin request);
     * checked like any other.
     *
     * @throws ConfigException naming the key, for an unknown key or an invalid value
     */
    public ServerConfig with(Map<String, String> changes) {
        ConfigFile.requireKnown(changes.keySet(), "the changes");
        Map<String, String> values = asText();
        values.putAll(changes);
        return from(values);
    }

    /** Builds the configuration from the given key values, the defaults filling the rest. */
    public static ServerConfig from(Map<String, String> values) {
        Function<Key, String> get = key -> values.getOrDefault(key.name, key.defaultValue);
        return new ServerConfig(
                parse(Key.ROOT, get, Path::of),
                parse(Key.HOST, get, Function.identity()),
                parse(Key.PORT, get, ConfigValues::whole),
                parse(Key.ALGORITHM, get, Algorithm::parse),
                parse(Key.WORKERS, get, text -> ConfigValues.positiveOrAuto(text, AUTO_WORKERS)),
                parse(Key.QUEUE, get, ConfigValues::whole),
                parse(Key.CHUNK, get, text -> "auto".equals(text) ? AUTO_CHUNK : ConfigValues.size(text)),
                parse(Key.ZERO_COPY, get, ConfigValues::bool),
                parse(Key.ZERO_COPY_MIN, get, ByteSize::parse),
                parse(Key.INLINE_MAX, get, ConfigValues::size),
                parse(Key.MAX_DOWNLOADS, get, ConfigValues::whole),
                parse(Key.WRITE_TIMEOUT, get, Durations::parse),
                parse(Key.IDLE_TIMEOUT, get, Durations::parse),
                parse(Key.SEND_BUFFER, get, ConfigValues::size),
                parse(Key.TCP_NOPUSH, get, ConfigValues::bool),
                parse(Key.FOLLOW_SYMLINKS, get, ConfigValues::bool),
                parse(Key.ACCESS_LOG, get, ConfigValues::optionalFile),
                parse(Key.OPEN_FILE_CACHE, get, Durations::parse),
                parse(Key.SHUTDOWN_GRACE, get, Durations::parse),
                parse(Key.ADMIN_HOST, get, Function.identity()),
                parse(Key.ADMIN_PORT, get, ConfigValues::optionalWhole),
                parse(Key.RESULTS_LOG, get, ConfigValues::optionalFile),
                parse(Key.TLS_PORT, get, ConfigValues::optionalWhole),
                parse(Key.TLS_CERT, get, ConfigValues::optionalFile),
                parse(Key.TLS_KEY, get, ConfigValues::optionalFile),
                parse(Key.TLS_HANDSHAKE_TIMEOUT, get, Durations::parse),
                parse(Key.TLS_PROVIDER, get, TlsProvider::parse),
                parse(Key.MAX_RANGES, get, ConfigValues::whole),
                parse(Key.PRECOMPRESSED, get, ContentCoding::parseList),
                parse(Key.INDEX, get, String::trim),
                parse(Key.AUTOINDEX, get, Autoindex::parse),
                parse(Key.HTTP2, get, ConfigValues::bool),
                parse(Key.H2_MAX_FRAME, get, ConfigValues::size),
                parse(Key.H2_IN_FLIGHT, get, ConfigValues::size));
    }

    /** Checks what only the file system can tell; called once before the server starts. */
    public ServerConfig requireRootDirectory() {
        if (!Files.isDirectory(root)) {
            throw new ConfigException("root: '" + root + "' is not a directory (" + Key.ROOT.help + ")");
        }
        return this;
    }

    /**
     * Every key's value as text in the grammar the key accepts, by key name in key order, so that
     * {@code from(asText())} gives this configuration back (the root made absolute). Each key says how its value is
     * written, so a new key does not compile until it says so, and the handshake cannot leave it out.
     */
    public Map<String, String> asText() {
        Map<String, String> text = new LinkedHashMap<>();
        for (Key key : Key.values()) {
            text.put(key.name, key.text.apply(this));
        }
        return text;
    }
}
