package dev.gsf.loadgen.load.plan;

import dev.gsf.common.ByteSize;
import dev.gsf.common.Durations;
import dev.gsf.common.FileSet;
import dev.gsf.common.options.ClientTlsOptions;
import dev.gsf.common.options.ManifestOption;
import dev.gsf.common.options.OutOption;
import dev.gsf.common.options.Phases;
import dev.gsf.loadgen.load.driver.Connecting;
import dev.gsf.loadgen.load.driver.Http2Options;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.driver.Throttle;
import dev.gsf.loadgen.load.driver.TlsClient;
import dev.gsf.loadgen.load.metrics.ServerScraper;
import dev.gsf.loadgen.load.workload.RangeSpec;
import dev.gsf.loadgen.load.workload.ThinkTime;
import dev.gsf.loadgen.segment.Segment;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * gsf load's options that say what a run is to do (a picocli mixin: every option but the distributed run's), and
 * their validation into a {@link LoadPlan}. Used by the command's thread.
 */
public final class PlanOptions {
    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "server and directory, e.g. http://127.0.0.1:8080/")
    String url;

    @Mixin
    ManifestOption manifest;

    @Option(names = "--mix", paramLabel = "NAME[=W],...", defaultValue = "",
            description = "only these files, with relative weights (default: every file, equal weights)")
    String mix;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "10",
            description = "simulated clients, each on its own keep-alive connection; open model: most connections (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--arrival-rate", paramLabel = "R/s",
            description = "open model: start downloads at this rate; latency counts from the scheduled start")
    String arrivalRate;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "none",
            description = "per-client download limit, e.g. 1MB/s, 20KB/s (default: ${DEFAULT-VALUE})")
    String rate;

    @Option(names = "--burst", paramLabel = "SIZE",
            description = "throttle bucket: most bytes read at once (default: 64K, one loopback segment)")
    String burst;

    @Option(names = "--rcvbuf", paramLabel = "SIZE",
            description = "SO_RCVBUF per connection (default: max(64K, burst) when throttled, system default otherwise)")
    String receiveBuffer;

    @Option(names = "--think", paramLabel = "TIME", defaultValue = "0",
            description = "pause between a client's downloads: 100ms (fixed) or exp:100ms (negative exponential mean)")
    String think;

    @Mixin
    Phases phases = new Phases(new Phases.Lengths(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(2)));

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = LoadPlan.DEFAULT_TIMEOUT,
            description = "connect timeout, and the longest a download may make no progress (default: ${DEFAULT-VALUE})")
    String timeout;

    @Option(names = "--interval", paramLabel = "TIME", defaultValue = LoadPlan.DEFAULT_INTERVAL,
            description = "time series interval (default: ${DEFAULT-VALUE})")
    String interval;

    @Option(names = "--threads", paramLabel = "N", description = "event loop threads (default: cores)")
    Integer threads;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
            description = "repeat the whole run N times; the summary shows each and the spread (default: ${DEFAULT-VALUE})")
    int runs;

    @Mixin
    CriteriaOptions criteria;

    /** summary.txt, summary.json and report.html; 'none' for none. */
    @Mixin
    OutOption out = new OutOption(PlanOptions::newOutDir);

    @Option(names = "--server-metrics", paramLabel = "URL",
            description = "scrape this Prometheus /metrics every interval (busy workers, queue, downloads in progress,"
                    + " RSS) and chart it beside the throughput, e.g. http://127.0.0.1:9090/metrics")
    String serverMetrics;

    @Option(names = "--segment", paramLabel = "I/N", defaultValue = "0/1",
            description = "drive only segment I of N (0-based) of the run: every N-th client and arrival, so that N"
                    + " agents given 0/N .. N-1/N are together exactly the whole run (default: ${DEFAULT-VALUE}, all)")
    String segment;

    @Option(names = "--start-at", paramLabel = "INSTANT",
            description = "start the ramp-up at this instant, ISO-8601 UTC, e.g. 2026-11-24T22:30:00Z (at most "
                    + StartAt.MAX_AWAY_HOURS + " h away); a late start is reported with its skew")
    String startAt;

    /** --ca and --insecure; without either, the JDK's trust store. */
    @Mixin
    ClientTlsOptions trust;

    @Option(names = "--source-address", paramLabel = "A[,B...]",
            description = "bind connections to these local addresses in turn (each reaches one server through at"
                    + " most the ephemeral port range's ports)")
    String sourceAddresses;

    @Option(names = "--tls-provider", paramLabel = "auto|openssl|jdk", defaultValue = "auto",
            description = "https: whose TLS the connections speak: openssl (BoringSSL, native handshakes, as the"
                    + " server's tls-provider), jdk, or auto: openssl where its natives load, else jdk (default:"
                    + " ${DEFAULT-VALUE}); the probe's handshakes are the JDK's")
    String tlsProvider;

    @Option(names = "--http2",
            description = "speak HTTP/2: h2c by prior knowledge for http://, ALPN h2 for https://; each simulated"
                    + " client is a stream, --streams of them share a connection")
    boolean http2;

    @Option(names = "--streams", paramLabel = "N", defaultValue = "1",
            description = "--http2: concurrent streams per connection; connections = clients / N"
                    + " (default: ${DEFAULT-VALUE})")
    int streams;

    @Option(names = "--h2-window", paramLabel = "SIZE",
            description = "--http2: every stream's receive window (SETTINGS_INITIAL_WINDOW_SIZE); the connection's is"
                    + " streams x SIZE. WINDOW_UPDATE: a stream's consumed bytes are returned once they reach half"
                    + " its window and, with --rate, once its token bucket has paid for them; the connection's once"
                    + " they reach half its window (default: 1M unthrottled, the --burst when throttled)")
    String h2Window;

    @Option(names = "--ranges", paramLabel = "SPEC",
            description = "ask every download for byte ranges and verify each part (206, Content-Range, MD5 per part,"
                    + " multipart/byteranges framing): fixed ranges, e.g. 0-99,200-299 (also 500- and -100), or NxSIZE,"
                    + " e.g. 3x1K: N random ranges that do not overlap, " + RangeSpec.VARIANTS + " draws per file")
    String ranges;

    @Option(names = "--local-files", paramLabel = "DIR",
            description = "--ranges: where the local copies of the files are, whose bytes the parts must match"
                    + " (default: the manifest's directory)")
    Path localFiles;

    @Option(names = "--seed", paramLabel = "N", defaultValue = LoadPlan.DEFAULT_SEED, description = "seed of file choices and think times")
    long seed;

    /**
     * Validates the options into a plan; IllegalArgumentException names the option and what is wrong.
     *
     * @param sourcesHere asked, after the options before it, whether --source-address names addresses of this host:
     *                    not when this process coordinates agents on other hosts (see the agents' options)
     */
    public LoadPlan plan(BooleanSupplier sourcesHere) {
        Target target = Target.parse(url);
        if (clients < 1 || clients > 1_000_000) {
            throw new IllegalArgumentException("--clients must be 1 to 1000000, not " + clients);
        }
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1");
        }
        long bytesPerSecond = option("--rate", () -> Units.bytesPerSecond(rate));
        long bucket = burst == null ? Throttle.defaultBurst(bytesPerSecond) : option("--burst", () -> ByteSize.parse(burst));
        if (bytesPerSecond > 0 && bucket < 1) {
            throw new IllegalArgumentException("--burst must be at least 1 byte");
        }
        int rcvbuf = receiveBuffer != null
                ? (int) Math.min(Integer.MAX_VALUE, option("--rcvbuf", () -> ByteSize.parse(receiveBuffer)))
                : LoadPlan.receiveBuffer(bytesPerSecond, bucket);
        int loops = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (loops < 1 || loops > 256) {
            throw new IllegalArgumentException("--threads must be 1 to 256");
        }
        Segment share = option("--segment", () -> Segment.parse(segment));
        if (share.count() > clients) {
            throw new IllegalArgumentException("--segment " + share + ": " + clients + " clients cannot be divided"
                    + " into " + share.count() + " segments of at least one");
        }
        Instant start = startAt == null ? null : option("--start-at", () -> StartAt.parse(startAt, Instant.now()));
        Phases.Lengths lengths = phases.get();
        var plan = new LoadPlan(target, manifest.in(FileSet.defaultDirectory()), mix, clients,
                arrivalRate == null ? 0 : option("--arrival-rate", () -> Units.perSecond(arrivalRate)),
                bytesPerSecond, bucket, rcvbuf, option("--think", () -> ThinkTime.parse(think)),
                lengths.rampUp(), lengths.steady(), lengths.rampDown(), option("--timeout", () -> Durations.parse(timeout)),
                option("--interval", () -> Durations.parse(interval)), loops, criteria.criteria(), outDir(), seed, runs,
                serverMetrics == null ? null : option("--server-metrics", () -> ServerScraper.url(serverMetrics)),
                share, start, connecting(target, sourcesHere, bytesPerSecond, bucket), rangesOption());
        if (plan.steady().isZero()) {
            throw new IllegalArgumentException("--steady must be longer than 0: only steady state is measured");
        }
        if (plan.timeout().toMillis() < 1 || plan.interval().toMillis() < 10) {
            throw new IllegalArgumentException("--timeout must be at least 1ms and --interval at least 10ms");
        }
        return plan;
    }

    /**
     * --ca, --insecure and --source-address, checked: a CA file that holds no certificate, a foreign address; and
     * --http2 with its --streams and --h2-window.
     */
    private Connecting connecting(Target target, BooleanSupplier sourcesHere, long rate, long bucket) {
        trust.check(target.tls(), url);
        if (!List.of("auto", "openssl", "jdk").contains(tlsProvider)) {
            throw new IllegalArgumentException("--tls-provider must be auto, openssl or jdk, not '" + tlsProvider
                    + "'");
        }
        TlsClient tls = TlsClient.forOptions(target, trust);
        tls = tls == null ? null : tls.provider(tlsProvider);
        // a coordinator of agents on other hosts cannot bind their addresses: they check them where they run
        boolean here = sourcesHere.getAsBoolean();
        List<InetSocketAddress> sources = sourceAddresses == null ? List.of()
                : option("--source-address", () -> Connecting.sources(sourceAddresses, here));
        Connecting connecting = new Connecting(tls, sources);
        if (!http2) {
            if (streams != 1 || h2Window != null) {
                throw new IllegalArgumentException("--streams and --h2-window are for --http2, which is not given");
            }
            return connecting;
        }
        Long window = h2Window == null ? null : option("--h2-window", () -> ByteSize.parse(h2Window));
        return connecting.http2(Http2Options.of(streams, window, rate, bucket));
    }

    /** --ranges and --local-files, null without --ranges. */
    private LoadPlan.RangesOption rangesOption() {
        if (ranges == null) {
            if (localFiles != null) {
                throw new IllegalArgumentException("--local-files is for --ranges, which is not given");
            }
            return null;
        }
        RangeSpec spec = option("--ranges", () -> RangeSpec.parse(ranges));
        Path dir = localFiles;
        if (dir == null) {
            Path parent = manifest.in(FileSet.defaultDirectory()).toAbsolutePath().getParent();
            dir = parent == null ? Path.of(".") : parent;
        }
        return new LoadPlan.RangesOption(spec, dir);
    }

    /** --out, null for 'none'. */
    private Path outDir() {
        Path dir = out.directory();
        return dir.toString().equalsIgnoreCase("none") ? null : dir;
    }

    /** results/load-TIME, in the checkout when run through ./gsf. */
    private static Path newOutDir() {
        String home = System.getProperty("gsf.home");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return (home == null ? Path.of("results") : Path.of(home, "results")).resolve("load-" + stamp);
    }

    /** Parses one option, prefixing any problem with the option's name. */
    private static <T> T option(String option, Supplier<T> parse) {
        return OptionValue.parse(option, parse);
    }
}
