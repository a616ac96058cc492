package dev.gsf.server;

import dev.gsf.server.files.FileSet;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf serve}: starts the file server in the foreground until interrupted. */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serves a directory over HTTP/1.1; download bodies are sent by the chosen send algorithm.",
                "Options override the config file; the config file overrides the defaults."})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--config", paramLabel = "FILE", description = "Java properties file with any of the keys below")
    Path configFile;

    @Option(names = "--root", paramLabel = "DIR", description = "directory to serve (default: files/ of this checkout)")
    String root;

    @Option(names = "--host", paramLabel = "H", description = "address to listen on (default: 127.0.0.1)")
    String host;

    @Option(names = "--port", paramLabel = "N", description = "port, 0 for any free one (default: 8080)")
    String port;

    @Option(names = "--algorithm", paramLabel = "SBA|EBA|ENBA|VTA", description = "send algorithm (default: SBA)")
    String algorithm;

    @Option(names = "--workers", paramLabel = "N", description = "worker pool threads (default: 50)")
    String workers;

    @Option(names = "--queue", paramLabel = "N",
            description = "downloads that may wait for a first turn before 503 (default: 10000)")
    String queue;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "bytes per write, e.g. 64K (default: 64K)")
    String chunk;

    @Option(names = "--zero-copy", negatable = true,
            description = "send with sendfile; --no-zero-copy copies through a buffer (default: off)")
    Boolean zeroCopy;

    @Option(names = "--zero-copy-min", paramLabel = "SIZE",
            description = "with zero-copy, ranges shorter than this are copied, e.g. 64K (default: 64K)")
    String zeroCopyMin;

    @Option(names = "--max-downloads", paramLabel = "N", description = "downloads in progress at once, 0 for no cap (default: 0)")
    String maxDownloads;

    @Option(names = "--write-timeout", paramLabel = "DURATION", description = "drop a client that takes no chunk for this long (default: 30s)")
    String writeTimeout;

    @Option(names = "--idle-timeout", paramLabel = "DURATION",
            description = "close a connection with no complete request for this long (default: 30s)")
    String idleTimeout;

    @Option(names = "--send-buffer", paramLabel = "SIZE",
            description = "SO_SNDBUF per connection, e.g. 64K; 0 lets the kernel autotune (default: 0)")
    String sendBuffer;

    @Option(names = "--follow-symlinks", negatable = true, description = "serve links that lead outside the root (default: off)")
    Boolean followSymlinks;

    @Option(names = "--access-log", paramLabel = "FILE", description = "write a Common Log Format line per request")
    String accessLog;

    /** Runs {@code serve} alone, for benchmarks that start servers as child processes. */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new ServeCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure();
        ServerConfig config;
        try {
            config = ServerConfig.from(values());
            if (config.root().equals(FileSet.defaultDirectory())) { // the default set is generated on demand
                List<Path> made = FileSet.ensure(config.root(), FileSet.DEFAULT);
                if (!made.isEmpty()) {
                    System.out.println("gsf: generated " + made.size() + " missing file(s) in " + config.root());
                }
            }
            FileServer server = FileServer.start(config);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                stopped.countDown();
            }, "gsf-shutdown"));
            System.out.println(config.describe(server.address()) + " " + jvmSettings());
            System.out.flush();
            stopped.await();
            return 0;
        } catch (ConfigException e) {
            System.err.println("gsf serve: " + e.getMessage());
            return 2;
        }
    }

    /** The JVM settings that decide memory under many clients (heap limit and -X options), for the start-up line. */
    static String jvmSettings() {
        List<String> options = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-X")).toList();
        return "jvm-heap-max=" + (Runtime.getRuntime().maxMemory() >> 20) + "M jvm-options="
                + (options.isEmpty() ? "none" : String.join(",", options));
    }

    /** The file's values, then the flags given, in one map of key names. */
    private Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(ServerConfig.Key.ROOT.name, FileSet.defaultDirectory().toString());
        if (configFile != null) {
            values.putAll(ServerConfig.readFile(configFile));
        }
        put(values, ServerConfig.Key.ROOT, root);
        put(values, ServerConfig.Key.HOST, host);
        put(values, ServerConfig.Key.PORT, port);
        put(values, ServerConfig.Key.ALGORITHM, algorithm);
        put(values, ServerConfig.Key.WORKERS, workers);
        put(values, ServerConfig.Key.QUEUE, queue);
        put(values, ServerConfig.Key.CHUNK, chunk);
        put(values, ServerConfig.Key.ZERO_COPY, zeroCopy);
        put(values, ServerConfig.Key.ZERO_COPY_MIN, zeroCopyMin);
        put(values, ServerConfig.Key.MAX_DOWNLOADS, maxDownloads);
        put(values, ServerConfig.Key.WRITE_TIMEOUT, writeTimeout);
        put(values, ServerConfig.Key.IDLE_TIMEOUT, idleTimeout);
        put(values, ServerConfig.Key.SEND_BUFFER, sendBuffer);
        put(values, ServerConfig.Key.FOLLOW_SYMLINKS, followSymlinks);
        put(values, ServerConfig.Key.ACCESS_LOG, accessLog);
        return values;
    }

    private static void put(Map<String, String> values, ServerConfig.Key key, Object flag) {
        if (flag != null) {
            values.put(key.name, flag.toString());
        }
    }
}
