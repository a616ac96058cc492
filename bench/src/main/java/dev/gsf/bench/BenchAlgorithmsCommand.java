package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.options.MixinDefaults;
import dev.gsf.common.options.OutOption;
import dev.gsf.report.Json;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gsf bench-algorithms}: one server process per algorithm (and zero-copy setting), driven in interleaved
 * rounds by the same client, reported as medians with their spread and as ratios to SBA measured in the same run.
 */
@Command(name = "bench-algorithms", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = MixinDefaults.class,
        description = {"Benchmarks the send algorithms against each other: req/s and GB/s per algorithm and file,"
                + " the median of interleaved rounds, its min-max spread, and the ratio to SBA from the same run.",
                "Every body goes through its algorithm: the servers' inline-max is 0 unless --server-option gives it."})
public final class BenchAlgorithmsCommand implements Callable<Integer> {

    enum ZeroCopy { auto, on, off, both }

    enum Client { auto, wrk, builtin }

    @Option(names = "--algorithms", split = ",", paramLabel = "A,B", description = "any of ${COMPLETION-CANDIDATES} (default: all)")
    List<Algorithm> algorithms = List.of(Algorithm.values());

    @Option(names = "--files", split = ",", paramLabel = "NAME", description = "files to download (default: 1KB.bin,1MB.bin)")
    List<String> files = List.of("1KB.bin", "1MB.bin");

    @Option(names = "--connections", paramLabel = "N", description = "keep-alive connections (default: 50)")
    int connections = 50;

    @Mixin
    RoundsOptions measuring;

    @Option(names = "--zero-copy", paramLabel = "auto|on|off|both",
            description = "server zero-copy setting(s) (default: auto, the server's default: on)")
    ZeroCopy zeroCopy = ZeroCopy.auto;

    @Option(names = "--workers", paramLabel = "N", description = "server worker pool (default: 50)")
    int workers = 50;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "server chunk size (default: the server's, auto: "
            + ServerConfig.AUTO_CHUNK_RULE + ")")
    String chunk;

    @Option(names = "--client", paramLabel = "auto|wrk|builtin", description = "load client (default: wrk if installed)")
    Client client = Client.auto;

    /** --server-option (keys for every server, over the command's inline-max=0), --root and --pin. */
    @Mixin
    GsfServerOptions gsfServers;

    /** bench-algorithms.json and the server logs. */
    @Mixin
    OutOption outDir = new OutOption(() -> Path.of("results"));

    static final boolean DEFAULT_ZERO_COPY = Boolean.parseBoolean(ServerConfig.Key.ZERO_COPY.defaultValue);

    /** One server setting measured. */
    record Variant(Algorithm algorithm, boolean zeroCopy) {
        /** The algorithm's name, plus "(copy)" or "(zero-copy)" when that is not the server's default. */
        String label() {
            if (zeroCopy == DEFAULT_ZERO_COPY) {
                return algorithm.name();
            }
            return algorithm + (zeroCopy ? " (zero-copy)" : " (copy)");
        }
    }

    /** bench-algorithms.json. */
    record Report(String client, int connections, int seconds, int rounds, int workers, String reference,
                  List<Measurements.CellReport> cells) {
    }

    @Override
    public Integer call() throws Exception {
        return gsfServers.pin().runPinned("bench-algorithms", this::lengths, this::bench);
    }

    /** --duration and --warm-up, validated: each measurement's length and the warm-up before the first round. */
    private record Lengths(Duration duration, Duration warmUp) {
    }

    private Lengths lengths() {
        return new Lengths(measuring.duration(), measuring.warmUp());
    }

    /** The run itself, this process on the client CPUs when pinned. */
    private int bench(Lengths lengths, Pinning pinning) throws IOException {
        Duration duration = lengths.duration();
        int seconds = (int) duration.toSeconds();
        int rounds = measuring.rounds;
        Path dir = gsfServers.directory();
        Path out = Files.createDirectories(outDir.directory());
        LoadClient load = loadClient(pinning);
        List<Variant> variants = variants();
        System.out.printf("bench-algorithms: client=%s connections=%d duration=%ds rounds=%d workers=%d files=%s"
                        + " cores=%d%n  %s%n", load.name(), connections, seconds, rounds, workers, files,
                pinning.cores(), pinning.describe());
        List<Workload> workloads = files.stream().map(f -> Workload.of(f, connections)).toList();
        List<ServerProcess> servers = new ArrayList<>();
        Measurements measured;
        try {
            startServers(servers, variants, dir, out, pinning);
            measured = Measurements.run(servers, workloads, load, rounds, duration, lengths.warmUp(), System.out);
        } finally {
            servers.forEach(ServerProcess::close);
        }
        String reference = variants.stream().filter(v -> v.algorithm() == Algorithm.SBA).findFirst()
                .map(Variant::label).orElse(variants.get(0).label());
        System.out.println();
        System.out.print(measured.table(reference));
        Path json = out.resolve("bench-algorithms.json");
        Json.write(json, new Report(load.name(), connections, seconds, rounds, workers, reference, measured.cells()));
        System.out.println("wrote " + json);
        return 0;
    }

    /** --client, or for auto wrk when it is on the PATH, else the built-in client. */
    private LoadClient loadClient(Pinning pinning) {
        return switch (client) {
            case auto -> Wrk.isInstalled() ? Wrk.pinned(pinning) : new BuiltinClient();
            case wrk -> Wrk.pinned(pinning);
            case builtin -> new BuiltinClient();
        };
    }

    /** Every algorithm with each --zero-copy setting, in the order of --algorithms. */
    private List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (Algorithm a : algorithms) {
            if (zeroCopy == ZeroCopy.auto) {
                variants.add(new Variant(a, DEFAULT_ZERO_COPY));
            }
            if (zeroCopy == ZeroCopy.on || zeroCopy == ZeroCopy.both) {
                variants.add(new Variant(a, true));
            }
            if (zeroCopy == ZeroCopy.off || zeroCopy == ZeroCopy.both) {
                variants.add(new Variant(a, false));
            }
        }
        return variants;
    }

    /** Starts a server per variant into {@code servers}, so that the caller closes those started should one fail. */
    private void startServers(List<ServerProcess> servers, List<Variant> variants, Path dir, Path out,
                              Pinning pinning) throws IOException {
        for (Variant v : variants) {
            servers.add(ServerProcess.start(v.label(), serverArgs(v, dir), out.resolve("bench-server-" + v.algorithm()
                    + (v.zeroCopy() ? "" : "-copy") + ".log"), pinning));
        }
    }

    /** The variant's command line: its algorithm and zero-copy, --workers, --chunk, then the server keys. */
    private List<String> serverArgs(Variant v, Path dir) {
        List<String> flags = new ArrayList<>(List.of("--workers", Integer.toString(workers),
                v.zeroCopy() ? "--zero-copy" : "--no-zero-copy"));
        if (chunk != null) {
            flags.addAll(List.of("--chunk", chunk));
        }
        // Every body through its algorithm: the small-file fast path would measure the HTTP thread instead.
        return gsfServers.commandLine(dir, v.algorithm(), flags, Map.of(ServerConfig.Key.INLINE_MAX.name, "0"));
    }
}
