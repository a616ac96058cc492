package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.SendSettings;
import dev.gsf.common.ByteSize;
import dev.gsf.common.Durations;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The server's whole configuration. {@link #from} parses the text of the keys, the canonical constructor checks every
 * value, so no invalid configuration exists. Every key has a default; a config file (Java properties) and
 * command-line flags may set any of them, flags winning.
 *
 * @param root           directory whose files are served
 * @param host           address to listen on
 * @param port           port to listen on, 0 for any free port
 * @param algorithm      send algorithm
 * @param workers        threads in the worker pool (SBA, EBA, ENBA)
 * @param queue          downloads that may wait for their first turn; one more gets 503
 * @param chunk          bytes per write
 * @param zeroCopy       sendfile (FileChannel.transferTo) instead of copying through a buffer; off by default because
 *                       on the machines measured (loopback, a 2-core VM) sendfile was 1.5-2.9x slower for every
 *                       algorithm and file size
 * @param maxDownloads   downloads in progress at once, 0 for no cap
 * @param writeTimeout   a download whose client takes no chunk for this long is dropped
 * @param idleTimeout    a connection with no complete request for this long is closed (whole seconds)
 * @param sendBuffer     SO_SNDBUF of every accepted connection, 0 to let the kernel autotune it
 * @param followSymlinks serve symbolic links that point outside the root
 * @param accessLog      file for a Common Log Format line per request, empty for none
 * @param openFileCache  how long a looked-up path and its attributes are trusted and an unused file is kept open
 *                       for the downloads after it; zero opens and looks up afresh for every request
 */
public record ServerConfig(Path root, String host, int port, Algorithm algorithm, int workers, int queue, int chunk,
                           boolean zeroCopy, int maxDownloads, Duration writeTimeout, Duration idleTimeout,
                           int sendBuffer, boolean followSymlinks, Optional<Path> accessLog,
                           Duration openFileCache) {

    /** Every configuration key, its default and what it allows. Flags and the config file use these names. */
    public enum Key {
        ROOT("root", "files", "directory whose files are served"),
        HOST("host", "127.0.0.1", "address to listen on"),
        PORT("port", "8080", "TCP port, 0-65535 (0: any free port)"),
        ALGORITHM("algorithm", "SBA", "send algorithm: " + Algorithm.names()),
        WORKERS("workers", "50", "worker pool threads, 1-10000 (unused by VTA)"),
        QUEUE("queue", "10000", "downloads waiting for a first turn before 503, 0-1000000"),
        CHUNK("chunk", "64K", "bytes per write, 1K-64M (EBA/ENBA: bytes per turn)"),
        ZERO_COPY("zero-copy", "false", "send with sendfile (true) or copy through a buffer (false; measured faster here)"),
        MAX_DOWNLOADS("max-downloads", "0", "downloads in progress at once, 0 for no cap"),
        WRITE_TIMEOUT("write-timeout", "30s", "drop a client that takes no chunk for this long (e.g. 500ms, 30s, 2m)"),
        SEND_BUFFER("send-buffer", "0", "SO_SNDBUF per connection, e.g. 64K; 0 lets the kernel autotune"),
        IDLE_TIMEOUT("idle-timeout", "30s", "close a connection that sends no complete request for this long (1s-1h)"),
        FOLLOW_SYMLINKS("follow-symlinks", "false", "serve symbolic links that lead outside the root"),
        ACCESS_LOG("access-log", "", "file for Common Log Format lines, empty for none"),
        OPEN_FILE_CACHE("open-file-cache", "1s",
                "share one open file among its downloads and trust its path and attributes this long, 0-60m (0: off)");

        public final String name;
        public final String defaultValue;
        public final String help;

        Key(String name, String defaultValue, String help) {
            this.name = name;
            this.defaultValue = defaultValue;
            this.help = help;
        }

        static Optional<Key> byName(String name) {
            return Arrays.stream(values()).filter(k -> k.name.equals(name)).findFirst();
        }

        /** The key of a record component: {@code zeroCopy} is {@code zero-copy}. */
        static Key of(RecordComponent component) {
            String name = component.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
            return byName(name).orElseThrow(() -> new IllegalStateException(
                    "record component " + component.getName() + " has no key named " + name));
        }
    }

    /** Every value is checked here, so no invalid configuration can exist; the message names the key. */
    public ServerConfig {
        Objects.requireNonNull(root, Key.ROOT.name);
        Objects.requireNonNull(algorithm, Key.ALGORITHM.name);
        Objects.requireNonNull(accessLog, Key.ACCESS_LOG.name);
        if (host == null || host.isBlank()) {
            throw new ConfigException(Key.HOST.name + ": must not be empty (" + Key.HOST.help + ")");
        }
        require(Key.PORT, port, 0, 65535, Integer.toString(port));
        require(Key.WORKERS, workers, 1, 10_000, Integer.toString(workers));
        require(Key.QUEUE, queue, 0, 1_000_000, Integer.toString(queue));
        require(Key.CHUNK, chunk, 1024, 64L << 20, ByteSize.format(chunk));
        require(Key.MAX_DOWNLOADS, maxDownloads, 0, 1_000_000, Integer.toString(maxDownloads));
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new ConfigException(Key.WRITE_TIMEOUT.name + ": must be longer than zero (" + Key.WRITE_TIMEOUT.help + ")");
        }
        require(Key.IDLE_TIMEOUT, idleTimeout, Duration.ofSeconds(1), Duration.ofHours(1));
        require(Key.SEND_BUFFER, sendBuffer, 0, 64L << 20, ByteSize.format(sendBuffer));
        require(Key.OPEN_FILE_CACHE, openFileCache, Duration.ZERO, Duration.ofHours(1));
    }

    /** The send settings this configuration gives every algorithm. */
    public SendSettings sendSettings() {
        return new SendSettings(chunk, zeroCopy, writeTimeout, queue, maxDownloads);
    }

    /**
     * The keys whose values differ in {@code other}. Every record component is one key, so a key added later is
     * compared too.
     */
    public Set<Key> changedKeys(ServerConfig other) {
        Set<Key> changed = EnumSet.noneOf(Key.class);
        for (RecordComponent component : ServerConfig.class.getRecordComponents()) {
            if (!Objects.equals(value(component), other.value(component))) {
                changed.add(Key.of(component));
            }
        }
        return changed;
    }

    /** Every key's value as text that {@link #from} reads back to the same value (durations to the millisecond). */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        for (RecordComponent component : ServerConfig.class.getRecordComponents()) {
            values.put(Key.of(component).name, switch (value(component)) {
                case Duration duration -> Durations.format(duration);
                case Optional<?> optional -> optional.map(Object::toString).orElse("");
                case Object other -> other.toString();
            });
        }
        return values;
    }

    /**
     * This configuration with some keys set anew, from text as in a config file (e.g. the body of an admin request);
     * checked like any other.
     *
     * @throws ConfigException naming the key, for an unknown key or an invalid value
     */
    public ServerConfig with(Map<String, String> changes) {
        requireKnown(changes.keySet(), "the changes");
        Map<String, String> values = values();
        values.putAll(changes);
        return from(values);
    }

    private Object value(RecordComponent component) {
        try {
            return component.getAccessor().invoke(this);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + component.getName(), e);
        }
    }

    /** Reads a properties file; unknown keys are errors, so a typo cannot go unnoticed. */
    public static Map<String, String> readFile(Path file) {
        try (Reader reader = Files.newBufferedReader(file)) {
            return read(reader, file.toString());
        } catch (IOException e) {
            throw new ConfigException("config: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads key values in the properties format from {@code source}, named {@code where} in messages; unknown keys
     * are errors, so a typo cannot go unnoticed.
     */
    public static Map<String, String> read(Reader source, String where) throws IOException {
        Properties properties = new Properties();
        properties.load(source);
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            values.put(name, properties.getProperty(name).trim());
        }
        requireKnown(values.keySet(), where);
        return values;
    }

    private static void requireKnown(Set<String> names, String where) {
        for (String name : names) {
            if (Key.byName(name).isEmpty()) {
                throw new ConfigException("config: unknown key '" + name + "' in " + where + "; known keys: "
                        + Arrays.stream(Key.values()).map(k -> k.name).collect(Collectors.joining(", ")));
            }
        }
    }

    /** Builds the configuration from the given key values, the defaults filling the rest. */
    public static ServerConfig from(Map<String, String> values) {
        Function<Key, String> get = key -> values.getOrDefault(key.name, key.defaultValue);
        return new ServerConfig(
                parse(Key.ROOT, get, Path::of),
                parse(Key.HOST, get, Function.identity()),
                parse(Key.PORT, get, ServerConfig::whole),
                parse(Key.ALGORITHM, get, Algorithm::parse),
                parse(Key.WORKERS, get, ServerConfig::whole),
                parse(Key.QUEUE, get, ServerConfig::whole),
                parse(Key.CHUNK, get, ServerConfig::size),
                parse(Key.ZERO_COPY, get, ServerConfig::bool),
                parse(Key.MAX_DOWNLOADS, get, ServerConfig::whole),
                parse(Key.WRITE_TIMEOUT, get, Durations::parse),
                parse(Key.IDLE_TIMEOUT, get, Durations::parse),
                parse(Key.SEND_BUFFER, get, ServerConfig::size),
                parse(Key.FOLLOW_SYMLINKS, get, ServerConfig::bool),
                parse(Key.ACCESS_LOG, get, s -> s.isBlank() ? Optional.<Path>empty() : Optional.of(Path.of(s))),
                parse(Key.OPEN_FILE_CACHE, get, Durations::parse));
    }

    /** Checks what only the file system can tell; called once before the server starts. */
    public ServerConfig requireRootDirectory() {
        if (!Files.isDirectory(root)) {
            throw new ConfigException("root: '" + root + "' is not a directory (" + Key.ROOT.help + ")");
        }
        return this;
    }

    /** The start-up line: everything that decides what a benchmark measures. */
    public String describe(String address) {
        return String.format(Locale.ROOT,
                "gsf serving %s on http://%s  algorithm=%s workers=%d queue=%d chunk=%s zero-copy=%s"
                        + " max-downloads=%s write-timeout=%dms idle-timeout=%ds send-buffer=%s open-file-cache=%s",
                root.toAbsolutePath().normalize(), address, algorithm, workers, queue, ByteSize.format(chunk),
                zeroCopy, maxDownloads == 0 ? "unlimited" : maxDownloads, writeTimeout.toMillis(),
                idleTimeout.toSeconds(), sendBuffer == 0 ? "auto" : ByteSize.format(sendBuffer),
                openFileCache.isZero() ? "off" : openFileCache.toMillis() + "ms");
    }

    private static <T> T parse(Key key, Function<Key, String> get, Function<String, T> parser) {
        String text = get.apply(key);
        try {
            return parser.apply(text);
        } catch (RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new ConfigException(key.name + ": " + why + " (" + key.help + ")", e);
        }
    }

    private static void require(Key key, long value, long min, long max, String shown) {
        if (value < min || value > max) {
            throw new ConfigException(key.name + ": " + shown + " is out of range (" + key.help + ")");
        }
    }

    private static void require(Key key, Duration value, Duration min, Duration max) {
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new ConfigException(key.name + ": " + Durations.format(value) + " is out of range (" + key.help + ")");
        }
    }

    private static int whole(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number");
        }
    }

    private static int size(String text) {
        long bytes = ByteSize.parse(text);
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
        return (int) bytes;
    }

    private static boolean bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("'" + s + "' is not true or false");
        };
    }
}
