package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.FileSet;
import dev.gsf.common.options.DurationConverter;
import dev.gsf.common.options.MixinDefaults;
import dev.gsf.common.options.OutOption;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gsf compare}: our server (each algorithm) beside Grizzly's StaticHttpHandler (file cache on and off) and
 * nginx, driven by the same client on the same files in interleaved rounds, with the loopback limit measured by
 * iperf3 for scale. Ratios are to nginx.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = MixinDefaults.class,
        description = {"Compares our server (every algorithm) with Grizzly's StaticHttpHandler and nginx on the same"
                + " client and files, in interleaved rounds; prints medians, spreads and the ratio to nginx, and writes"
                + " compare.json and compare.html. Missing peers (nginx-light, wrk, iperf3) are installed from Debian"
                + " when running as root, else skipped with a note.",
                "Passes: wrk (1 KB, 1 MB, 100 MB), load (the same files through gsf load, every download verified),"
                + " throttled (the seed's mix, 200 clients at 1 MB/s) and many (10,000 clients at 20 KB/s, one server"
                + " at a time: share of the target throughput, p99 init time, and the server's largest RSS, open fds"
                + " and the kernel's TCP memory).",
                "--tls: every server over HTTPS on a certificate made for the run (a throwaway CA, deleted at the end):"
                + " our servers on their TLS port, nginx with ssl and TLS 1.3, clients trusting the CA; Grizzly's"
                + " StaticHttpHandler is left out."})
public final class CompareCommand implements Callable<Integer> {

    @Mixin
    RoundsOptions measuring;

    @Option(names = "--tls", description = "compare over HTTPS (TLS 1.3) on a throwaway certificate; Grizzly's"
            + " static handler is left out")
    boolean tls;

    @Option(names = "--http2", description = "compare over HTTP/2: h2c by prior knowledge, or h2 by ALPN with --tls;"
            + " nginx gets listen ... http2, h2load (nghttp2-client, -m" + H2load.DEFAULT_STREAMS + ") replaces wrk,"
            + " gsf load runs --http2 with " + H2load.DEFAULT_STREAMS + " streams per connection; Grizzly's static"
            + " handler is left out")
    boolean http2;

    @Option(names = "--quick", description = "2 rounds of 2 seconds after a 3 s warm-up (else 10 s), and the many pass"
            + " with a 10 s ramp-up and 20 s steady state: about 7 minutes")
    boolean quick;

    /** What compare can run; {@code --passes} picks some. */
    enum PassKind { wrk, load, throttled, many }

    @Option(names = "--passes", paramLabel = "P,...", split = ",",
            description = "passes to run: wrk, load, throttled, many (default: all)")
    List<PassKind> passKinds = List.of(PassKind.values());

    @Option(names = "--algorithms", paramLabel = "A,...", split = ",",
            description = "our algorithms in the wrk, load and throttled passes (default: all)")
    List<Algorithm> algorithms = List.of(Algorithm.values());

    @Option(names = "--files", paramLabel = "F,...", split = ",",
            description = "files of the wrk and load passes, of ${COMPLETION-CANDIDATES} (default: all three)")
    List<PassFile> passFiles = List.of(PassFile.values());

    /** The wrk and load passes' files, with the connections that keep each busy. */
    enum PassFile {
        KB1("1KB.bin", 50), MB1("1MB.bin", 50), MB100("100MB.bin", 8);

        final String file;
        final int connections;

        PassFile(String file, int connections) {
            this.file = file;
            this.connections = connections;
        }

        @Override
        public String toString() {
            return file;
        }
    }

    @Option(names = "--many-clients", paramLabel = "N", description = "clients of the many pass (default: 10000)")
    int manyClients = 10_000;

    @Option(names = "--many-rate", paramLabel = "RATE", description = "per-client limit of the many pass (default: 20KB/s)")
    String manyRate = "20KB/s";

    @Option(names = "--many-ramp-up", paramLabel = "TIME", converter = DurationConverter.class, defaultValue = "20s",
            description = "ramp-up of the many pass (default: ${DEFAULT-VALUE})")
    Duration manyRampUp;

    @Option(names = "--many-steady", paramLabel = "TIME", converter = DurationConverter.class, defaultValue = "60s",
            description = "steady state of the many pass (default: ${DEFAULT-VALUE})")
    Duration manySteady;

    @Option(names = "--many-algorithms", paramLabel = "A,...", split = ",",
            description = "our algorithms in the many pass, beside nginx (default: ENBA,VTA,ADA; SBA and EBA hold a worker"
                    + " per slow client and starve)")
    List<Algorithm> manyAlgorithms = List.of(Algorithm.ENBA, Algorithm.VTA, Algorithm.ADA);

    @Option(names = "--zero-copy-both", description = "also run every algorithm with the other zero-copy setting than"
            + " the default (rows \"gsf A (copy)\"), in every pass; the many pass then runs both settings of its algorithms")
    boolean zeroCopyBoth;

    @Option(names = "--client", paramLabel = "auto|wrk|builtin", description = "load client (default: wrk, installed if missing)")
    BenchAlgorithmsCommand.Client client = BenchAlgorithmsCommand.Client.auto;

    @Option(names = "--throttle", paramLabel = "RATE", description = "per-client limit of the throttled case (default: 1MB/s)")
    String throttle = "1MB/s";

    @Option(names = "--throttled-clients", paramLabel = "N", description = "clients of the throttled case (default: 200)")
    int throttledClients = 200;

    @Option(names = "--no-install", description = "never install missing peers; skip them")
    boolean noInstall;

    /** --server-option, --root and --pin of our servers. */
    @Mixin
    GsfServerOptions gsfServers;

    /** compare.json, compare.html and the servers' logs. */
    @Mixin
    OutOption outDir = new OutOption(() -> Path.of("results"));

    /** What one run is set to, --quick applied. */
    private record Settings(int rounds, Duration duration, Duration firstWarmUp, long throttleRate, long manyRate,
                            Duration manyRampUp, Duration manySteady) {
        int seconds() {
            return (int) duration.toSeconds();
        }
    }

    /** Every pass's measurements, in the order of the passes, and the many pass's rows (empty when not run). */
    record Measured(List<Measurements> passes, List<ManyClientsPass.Row> manyRows) {
    }

    @Override
    public Integer call() throws Exception {
        return gsfServers.pin().runPinned("compare", this::settings, this::compare);
    }

    /** The run itself, this process on the client CPUs when pinned. */
    private int compare(Settings settings, Pinning pinning) throws Exception {
        Path dir = gsfServers.directory();
        Path out = Files.createDirectories(outDir.directory());
        List<String> notes = new ArrayList<>();
        Optional<Path> nginx = find("nginx", "nginx-light", notes).program();
        Optional<Path> iperf3 = find("iperf3", "iperf3", notes).program();
        if (nginx.isPresent() && !nginxCanServe(dir)) {
            return 2;
        }
        Path manifest = dir.resolve(FileSet.MANIFEST);
        Measured measured;
        List<Pass> passes;
        ManyClientsPass many;
        try (Transport transport = Transport.of(tls, http2)) {
            LoadClient load = loadClient(notes, transport, pinning);
            passes = passes(load, manifest, out, settings, transport);
            many = new ManyClientsPass(manyClients, settings.manyRate(), settings.manyRampUp(), settings.manySteady(),
                    manifest, out.resolve("compare-many"), transport);
            List<Peer> peers = new ArrayList<>();
            try {
                startPeers(peers, dir, out, nginx, transport, pinning);
                System.out.printf("compare%s: rounds=%d duration=%ds cores=%d servers=%s%n  %s%n",
                        CompareReport.title(tls, http2), settings.rounds(), settings.seconds(),
                        pinning.cores(), peers.stream().map(Peer::name).toList(),
                        pinning.describe());
                notes.forEach(n -> System.out.println("  " + n));
                System.out.println("  " + ourSettings(((ServerProcess) peers.get(0)).ready().settings()));
                measured = measure(peers, passes, many, settings);
            } finally {
                peers.forEach(Peer::close);
            }
        }
        LoopbackLimit.Figures loopback = LoopbackLimit.both(iperf3, settings.seconds());
        new CompareReport(tls, http2, settings.rounds(), settings.seconds(), nginx.isPresent() ? "nginx" : "gsf SBA", notes,
                pinning).write(passes, measured, many, loopback, out);
        return 0;
    }

    /**
     * Whether nginx's workers can reach the files (started by root, they run as their owner), asked before any server
     * starts; else says which directory they cannot read.
     */
    private static boolean nginxCanServe(Path dir) throws IOException {
        try {
            NginxWorkers.userDirective(dir);
            return true;
        } catch (NginxWorkers.UnreadableRoot e) {
            System.err.println("gsf compare: " + e.getMessage());
            return false;
        }
    }

    /** The options with --quick applied; IllegalArgumentException names a bad one. */
    private Settings settings() {
        Duration duration = quick ? Duration.ofSeconds(2) : measuring.duration();
        Duration firstWarmUp = measuring.warmUpGiven() ? measuring.warmUp() : quick ? QUICK_WARM_UP
                : Measurements.WARM_UP;
        return new Settings(quick ? 2 : measuring.rounds, duration, firstWarmUp, Units.bytesPerSecond(throttle),
                Units.bytesPerSecond(manyRate), quick ? Duration.ofSeconds(10) : manyRampUp,
                quick ? Duration.ofSeconds(20) : manySteady);
    }

    /** --client: wrk unless told (it speaks TLS without checking certificates), installed if missing, else ours. */
    private LoadClient loadClient(List<String> notes, Transport transport, Pinning pinning) throws IOException {
        if (transport.http2()) { // wrk and the built-in client speak HTTP/1.1 only
            if (find("h2load", "nghttp2-client", notes).program().isEmpty()) {
                throw new IOException("--http2 needs h2load (Debian package nghttp2-client), which is missing");
            }
            return H2load.pinned(pinning, H2load.DEFAULT_STREAMS);
        }
        return switch (client) {
            case builtin -> new BuiltinClient(transport.sockets());
            case wrk -> Wrk.pinned(pinning);
            case auto -> {
                DebianPackages.Lookup wrk = find("wrk", "wrk", notes);
                yield wrk.program().isPresent() ? Wrk.pinned(pinning) : new BuiltinClient(transport.sockets());
            }
        };
    }

    /** The --passes that drive every peer on workloads: wrk, load and throttled. */
    private List<Pass> passes(LoadClient load, Path manifest, Path out, Settings settings, Transport transport) {
        List<Workload> workloads = passFiles.stream().distinct().map(f -> Workload.of(f.file, f.connections)).toList();
        List<Pass> passes = new ArrayList<>();
        if (passKinds.contains(PassKind.wrk)) {
            passes.add(new Pass(load, workloads));
        }
        if (passKinds.contains(PassKind.load)) {
            passes.add(new Pass(new GsfLoadClient(manifest, out.resolve("compare-load"), 0, transport), workloads));
        }
        if (passKinds.contains(PassKind.throttled)) {
            // The seed's file mix, 200 clients reading at 1 MB/s each (wrk cannot throttle).
            passes.add(new Pass(new GsfLoadClient(manifest, out.resolve("compare-load"), settings.throttleRate(),
                    transport), List.of(Workload.wholeSet(throttledClients))));
        }
        return passes;
    }

    /** A gsf server's command line: the root, the algorithm, the TLS port if any and the --server-option keys. */
    private List<String> gsfArgs(Path dir, Algorithm algorithm, Transport transport) {
        return gsfServers.commandLine(dir, algorithm, transport.serveFlags(), Map.of());
    }

    /** Starts every peer into {@code peers}, so that the caller closes those that started should one fail. */
    private void startPeers(List<Peer> peers, Path dir, Path out, Optional<Path> nginx, Transport transport,
                            Pinning pinning) throws IOException {
        for (Algorithm a : algorithms()) {
            peers.add(ServerProcess.start("gsf " + a, gsfArgs(dir, a, transport),
                    out.resolve("compare-gsf-" + a + ".log"), pinning));
        }
        if (zeroCopyBoth) {
            for (Algorithm a : algorithms()) {
                BenchAlgorithmsCommand.Variant other = otherZeroCopy(a);
                List<String> args = new ArrayList<>(gsfArgs(dir, a, transport));
                args.add(other.zeroCopy() ? "--zero-copy" : "--no-zero-copy");
                peers.add(ServerProcess.start("gsf " + other.label(), args,
                        out.resolve("compare-gsf-" + a + "-other-zero-copy.log"), pinning));
            }
        }
        // Grizzly's StaticHttpHandler peers serve plain HTTP only.
        // Grizzly's StaticHttpHandler peers serve plain HTTP/1.1 only.
        for (String cache : transport.tls() || transport.http2() ? List.<String>of() : List.of("on", "off")) {
            peers.add(ServerProcess.startJava("grizzly-static cache " + cache, StaticHandlerServer.class.getName(),
                    List.of(dir.toString(), "0", cache), out.resolve("compare-static-" + cache + ".log"), pinning));
        }
        if (nginx.isPresent()) {
            peers.add(NginxPeer.start(nginx.get(), dir, out, transport.certificate(), pinning, transport.http2()));
        }
    }

    /** The servers to start: --algorithms when a pass other than many runs, and the many pass's; each once. */
    private List<Algorithm> algorithms() {
        boolean workloadPasses = passKinds.stream().anyMatch(k -> k != PassKind.many);
        return Stream.concat(workloadPasses ? algorithms.stream() : Stream.of(),
                passKinds.contains(PassKind.many) ? manyAlgorithms.stream() : Stream.of()).distinct().sorted().toList();
    }

    private static BenchAlgorithmsCommand.Variant otherZeroCopy(Algorithm a) {
        return new BenchAlgorithmsCommand.Variant(a, !BenchAlgorithmsCommand.DEFAULT_ZERO_COPY);
    }

    /** Every pass against every peer but our servers started for the many pass only, then the many pass. */
    private Measured measure(List<Peer> peers, List<Pass> passes, ManyClientsPass many, Settings settings)
            throws IOException, InterruptedException {
        List<String> manyOnly = new ArrayList<>();
        algorithms().stream().filter(a -> !algorithms.contains(a)).forEach(a -> {
            manyOnly.add("gsf " + a);
            manyOnly.add("gsf " + otherZeroCopy(a).label());
        });
        List<Peer> passPeers = peers.stream().filter(p -> !manyOnly.contains(p.name())).toList();
        List<Measurements> measured = new ArrayList<>();
        for (Pass pass : passes) {
            System.out.println("client " + pass.client().name() + ":");
            // The servers stay up from pass to pass: only the first warms them up at length.
            Duration warmUp = measured.isEmpty() ? settings.firstWarmUp() : Duration.ofSeconds(1);
            measured.add(Measurements.run(passPeers, pass.workloads(), pass.client(), settings.rounds(),
                    settings.duration(), warmUp, System.out));
        }
        List<ManyClientsPass.Row> manyRows = List.of();
        if (passKinds.contains(PassKind.many)) {
            System.out.println("many slow clients: " + many.describe());
            List<String> names = new ArrayList<>(manyAlgorithms.stream().map(a -> "gsf " + a).toList());
            if (zeroCopyBoth) {
                manyAlgorithms.forEach(a -> names.add("gsf " + otherZeroCopy(a).label()));
            }
            names.add("nginx");
            manyRows = many.run(peers.stream().filter(p -> names.contains(p.name())).toList(), System.out);
        }
        return new Measured(measured, manyRows);
    }

    /**
     * compare.json. The iperf3 figures are GB/s, null when iperf3 was not available or failed; transport: "http", or
     * "https" for a --tls run (TLS 1.3 to nginx, 1.3 or 1.2 offered by ours); pinning: where servers and clients ran.
     */
    record Report(String date, String transport, int rounds, int seconds, int cores, String pinning, String reference,
                  double iperf3GBps, double iperf3ZeroCopyGBps, List<String> notes, List<PassReport> passes,
                  List<ManyClientsPass.Row> manyClients) {
    }

    /** One client's cells in compare.json. */
    record PassReport(String client, List<Measurements.CellReport> cells) {
    }

    /** One client driving every peer on its workloads. */
    record Pass(LoadClient client, List<Workload> workloads) {
    }

    private DebianPackages.Lookup find(String program, String debianPackage, List<String> notes) {
        DebianPackages.Lookup lookup = DebianPackages.ensure(program, debianPackage, !noInstall);
        notes.add(lookup.note());
        return lookup;
    }

    /** --quick's warm-up per server and file: shorter than a settled JIT needs, to keep it near 5 minutes. */
    static final Duration QUICK_WARM_UP = Duration.ofSeconds(3);

    /** Our servers run with their defaults; these are the ones that decide what the rows mean. */
    static String ourSettings(Map<String, String> settings) {
        String inline = settings.get(ServerConfig.Key.INLINE_MAX.name);
        String chunk = settings.get(ServerConfig.Key.CHUNK.name);
        String workers = settings.get(ServerConfig.Key.WORKERS.name);
        return "gsf defaults: workers=" + workers
                + ("auto".equals(workers) ? " (" + ServerConfig.AUTO_WORKERS_RULE + ")" : "")
                + " chunk=" + chunk + ("auto".equals(chunk) ? " (" + ServerConfig.AUTO_CHUNK_RULE + ")" : "")
                + " zero-copy=" + settings.get(ServerConfig.Key.ZERO_COPY.name)
                + " zero-copy-min=" + settings.get(ServerConfig.Key.ZERO_COPY_MIN.name)
                + " send-buffer=" + ("0".equals(settings.get(ServerConfig.Key.SEND_BUFFER.name)) ? "auto"
                : settings.get(ServerConfig.Key.SEND_BUFFER.name))
                + " tcp-nopush=" + settings.get(ServerConfig.Key.TCP_NOPUSH.name)
                + " write-timeout=" + settings.get(ServerConfig.Key.WRITE_TIMEOUT.name)
                + " idle-timeout=" + settings.get(ServerConfig.Key.IDLE_TIMEOUT.name) + " inline-max=" + inline
                + ("0".equals(inline) ? "" : " (bodies up to " + inline + " take the small-file fast path and bypass"
                + " the algorithms: the 1 KB rows of the four algorithms measure the same path)")
                + "; plain GETs are answered before Grizzly's parser";
    }
}
