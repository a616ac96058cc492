package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.files.FileSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsf bench-algorithms}: one server process per algorithm (and zero-copy setting), driven in interleaved
 * rounds by the same client, reported as medians with their spread and as ratios to SBA measured in the same run.
 */
@Command(name = "bench-algorithms", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmarks the send algorithms against each other: req/s and GB/s per algorithm and file,",
                "the median of interleaved rounds, its min-max spread, and the ratio to SBA from the same run."})
public final class BenchAlgorithmsCommand implements Callable<Integer> {

    enum ZeroCopy { auto, on, off, both }

    enum Client { auto, wrk, builtin }

    @Option(names = "--algorithms", split = ",", paramLabel = "A,B", description = "default: SBA,EBA,ENBA,VTA")
    List<Algorithm> algorithms = List.of(Algorithm.values());

    @Option(names = "--files", split = ",", paramLabel = "NAME", description = "files to download (default: 1KB.bin,1MB.bin)")
    List<String> files = List.of("1KB.bin", "1MB.bin");

    @Option(names = "--connections", paramLabel = "N", description = "keep-alive connections (default: 50)")
    int connections = 50;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "seconds per measurement (default: 5)")
    int seconds = 5;

    @Option(names = "--rounds", paramLabel = "N", description = "interleaved rounds (default: 3)")
    int rounds = 3;

    @Option(names = "--zero-copy", paramLabel = "auto|on|off|both",
            description = "server zero-copy setting(s) (default: auto, the server's default: on except for VTA)")
    ZeroCopy zeroCopy = ZeroCopy.auto;

    @Option(names = "--workers", paramLabel = "N", description = "server worker pool (default: 50)")
    int workers = 50;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "server chunk size (default: the server's, 64K)")
    String chunk;

    @Option(names = "--client", paramLabel = "auto|wrk|builtin", description = "load client (default: wrk if installed)")
    Client client = Client.auto;

    @Option(names = "--root", paramLabel = "DIR", description = "directory served (default: files/, generated if missing)")
    Path root;

    @Option(names = "--out", paramLabel = "DIR", description = "where the JSON and server logs go (default: results/)")
    Path out = Path.of("results");

    /** One server setting measured. */
    record Variant(Algorithm algorithm, boolean zeroCopy) {
        String label() {
            return algorithm + (zeroCopy ? "" : " (copy)");
        }
    }

    @Override
    public Integer call() throws Exception {
        Path dir = root != null ? root : FileSet.defaultDirectory();
        if (root == null) {
            FileSet.ensure(dir, FileSet.DEFAULT);
        }
        Files.createDirectories(out);
        LoadClient load = switch (client) {
            case auto -> LoadClient.best();
            case wrk -> new Wrk();
            case builtin -> new BuiltinClient();
        };
        List<Variant> variants = new ArrayList<>();
        for (Algorithm a : algorithms) {
            if (zeroCopy == ZeroCopy.auto) {
                variants.add(new Variant(a, a != Algorithm.VTA));
            }
            if (zeroCopy == ZeroCopy.on || zeroCopy == ZeroCopy.both) {
                variants.add(new Variant(a, true));
            }
            if (zeroCopy == ZeroCopy.off || zeroCopy == ZeroCopy.both) {
                variants.add(new Variant(a, false));
            }
        }
        System.out.printf("bench-algorithms: client=%s connections=%d duration=%ds rounds=%d workers=%d files=%s cores=%d%n",
                load.name(), connections, seconds, rounds, workers, files, Runtime.getRuntime().availableProcessors());

        Map<Variant, ServerProcess> servers = new LinkedHashMap<>();
        Map<String, Rounds> reqs = new LinkedHashMap<>();
        Map<String, Rounds> gbps = new LinkedHashMap<>();
        Map<String, Long> errors = new LinkedHashMap<>();
        try {
            for (Variant v : variants) {
                List<String> args = new ArrayList<>(List.of("--root", dir.toString(), "--algorithm",
                        v.algorithm().name(), "--workers", Integer.toString(workers),
                        v.zeroCopy() ? "--zero-copy" : "--no-zero-copy"));
                if (chunk != null) {
                    args.addAll(List.of("--chunk", chunk));
                }
                ServerProcess server = ServerProcess.start(args, out.resolve("bench-server-" + v.algorithm()
                        + (v.zeroCopy() ? "" : "-copy") + ".log"));
                servers.put(v, server);
                for (String file : files) { // warm-up: JIT, page cache, connection pools
                    load.run(url(server, file), connections, Duration.ofSeconds(1));
                }
            }
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < variants.size(); i++) {
                    Variant v = variants.get((i + round) % variants.size()); // rotate the order every round
                    for (String file : files) {
                        LoadClient.Result r = load.run(url(servers.get(v), file), connections,
                                Duration.ofSeconds(seconds));
                        String key = v.label() + "|" + file;
                        reqs.computeIfAbsent(key, k -> new Rounds()).add(r.requestsPerSecond());
                        gbps.computeIfAbsent(key, k -> new Rounds()).add(r.gigabytesPerSecond());
                        errors.merge(key, r.errors(), Long::sum);
                        System.out.printf(Locale.ROOT, "  round %d  %-12s %-9s %10.0f req/s %7.3f GB/s  errors %d%n",
                                round + 1, v.label(), file, r.requestsPerSecond(), r.gigabytesPerSecond(), r.errors());
                    }
                }
            }
        } finally {
            servers.values().forEach(ServerProcess::close);
        }
        String table = table(variants, reqs, gbps, errors);
        System.out.println();
        System.out.print(table);
        Path json = out.resolve("bench-algorithms.json");
        Files.writeString(json, json(variants, reqs, gbps, errors, load.name()));
        System.out.println("wrote " + json);
        return 0;
    }

    private static String url(ServerProcess server, String file) {
        return "http://127.0.0.1:" + server.port() + "/" + file;
    }

    private String table(List<Variant> variants, Map<String, Rounds> reqs, Map<String, Rounds> gbps,
                         Map<String, Long> errors) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%-12s %-9s %21s %21s %9s %7s%n", "algorithm", "file",
                "req/s median [min-max]", "GB/s median [min-max]", "x SBA", "errors"));
        for (String file : files) {
            for (Variant v : variants) {
                String key = v.label() + "|" + file;
                Rounds r = reqs.get(key);
                Rounds g = gbps.get(key);
                Rounds reference = reqs.getOrDefault(new Variant(Algorithm.SBA, v.zeroCopy()).label() + "|" + file,
                        reqs.get(new Variant(Algorithm.SBA, !v.zeroCopy()).label() + "|" + file));
                String ratio = reference == null ? "-" : String.format(Locale.ROOT, "%.2f", r.median() / reference.median());
                t.append(String.format(Locale.ROOT, "%-12s %-9s %7.0f [%5.0f-%5.0f] %7.3f [%5.3f-%5.3f] %9s %7d%n",
                        v.label(), file, r.median(), r.min(), r.max(), g.median(), g.min(), g.max(), ratio,
                        errors.get(key)));
            }
        }
        return t.toString();
    }

    private String json(List<Variant> variants, Map<String, Rounds> reqs, Map<String, Rounds> gbps,
                        Map<String, Long> errors, String clientName) {
        StringBuilder j = new StringBuilder("{\n  \"client\": \"" + clientName + "\", \"connections\": " + connections
                + ", \"seconds\": " + seconds + ", \"rounds\": " + rounds + ", \"workers\": " + workers
                + ",\n  \"cells\": [\n");
        List<String> cells = new ArrayList<>();
        for (String file : files) {
            for (Variant v : variants) {
                String key = v.label() + "|" + file;
                cells.add(String.format(Locale.ROOT,
                        "    {\"algorithm\": \"%s\", \"zeroCopy\": %s, \"file\": \"%s\", \"reqPerSec\": %s, "
                                + "\"gbPerSec\": %s, \"errors\": %d}",
                        v.algorithm(), v.zeroCopy(), file, reqs.get(key).values(), gbps.get(key).values(),
                        errors.get(key)));
            }
        }
        return j.append(String.join(",\n", cells)).append("\n  ]\n}\n").toString();
    }
}
