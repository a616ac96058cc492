package dev.gsf.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.FileSet;
import dev.gsf.loadgen.load.LoadCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsf suite}: the original grizzly-sendfile benchmark table, for all four algorithms. Every cell starts a fresh
 * server process, drives it with the load generator (this process: the two never share a JVM), verifies every
 * download and stops the server.
 */
@Command(name = "suite", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduces the seed's benchmark table: algorithm x concurrent clients x download limit, a fresh"
                + " server per cell (pool 50), the seed's file mix, every download verified. Writes the table,"
                + " suite.json and suite.html (throughput and init time against clients, per algorithm and limit)."})
public final class SuiteCommand implements Callable<Integer> {

    /** Phase lengths. */
    enum Profile {
        /** Shortened so that the default matrix (32 cells) ends in under 10 minutes on 2 cores. */
        quick("3s", "8s", "1s"),
        /** The seed's: 1-minute ramp-up, 10-minute steady state. */
        seed("60s", "600s", "10s");

        final String rampUp;
        final String steady;
        final String rampDown;

        Profile(String rampUp, String steady, String rampDown) {
            this.rampUp = rampUp;
            this.steady = steady;
            this.rampDown = rampDown;
        }
    }

    @Option(names = "--profile", paramLabel = "quick|seed", description = "phase lengths (default: quick)")
    Profile profile = Profile.quick;

    @Option(names = "--algorithms", split = ",", paramLabel = "A,B", description = "any of ${COMPLETION-CANDIDATES} (default: all)")
    List<Algorithm> algorithms = List.of(Algorithm.values());

    @Option(names = "--clients", split = ",", paramLabel = "N,M", description = "concurrent clients (default: 50,100,200,300)")
    List<Integer> clients = List.of(50, 100, 200, 300);

    @Option(names = "--rate", split = ",", paramLabel = "LIMIT", description = "download limits per client (default: none,1MB/s)")
    List<String> rates = List.of("none", "1MB/s");

    @Option(names = "--workers", paramLabel = "N", description = "server worker pool (default: 50, the seed's)")
    int workers = 50;

    @Option(names = "--ramp-up", paramLabel = "TIME", description = "override the profile's ramp-up")
    String rampUp;

    @Option(names = "--steady", paramLabel = "TIME", description = "override the profile's steady state")
    String steady;

    @Option(names = "--ramp-down", paramLabel = "TIME", description = "override the profile's ramp-down")
    String rampDown;

    @Option(names = "--root", paramLabel = "DIR", description = "directory served (default: files/, generated if missing)")
    Path root;

    @Option(names = "--manifest", paramLabel = "FILE", description = "md5sum list of the files (default: MD5SUMS in the root)")
    Path manifest;

    @Option(names = "--out", paramLabel = "DIR", description = "where suite.json, suite.html and each cell's reports go (default: results/suite)")
    Path out = Path.of("results", "suite");

    /** One cell's figures, as the load generator's summary.json gives them. */
    record Row(int clients, String limit, Algorithm algorithm, String server, double avgInitSeconds,
               double avgSpeedMBs, String speedFile, double throughputMBs, double p99InitMs, long downloads,
               long errors, int exitCode) {
    }

    @Override
    public Integer call() throws Exception {
        String up = rampUp != null ? rampUp : profile.rampUp;
        String steadyState = steady != null ? steady : profile.steady;
        String down = rampDown != null ? rampDown : profile.rampDown;
        Path dir = (root != null ? root : FileSet.defaultDirectory()).toAbsolutePath();
        if (root == null) {
            FileSet.ensure(dir, FileSet.DEFAULT);
        }
        Path manifestFile = manifest != null ? manifest : dir.resolve(FileSet.MANIFEST);
        Files.createDirectories(out);
        String phases = "ramp-up " + up + ", steady " + steadyState + ", ramp-down " + down
                + (profile == Profile.quick && steady == null
                ? " (quick profile: the seed ran 60s ramp-up and 600s steady; at 1MB/s a 100MB download cannot"
                + " finish inside an 8s steady state, so avg speed comes from the largest file that did)" : "");
        System.out.println("suite: " + algorithms.size() * clients.size() * rates.size() + " cells; " + phases
                + "; workers " + workers + "; files " + dir);

        List<Row> rows = new ArrayList<>();
        for (String rate : rates) {
            for (int n : clients) {
                for (Algorithm algorithm : algorithms) {
                    rows.add(cell(algorithm, n, rate, dir, manifestFile, up, steadyState, down));
                    Row r = rows.get(rows.size() - 1);
                    System.out.println(String.format(Locale.ROOT, "  %s", format(r)));
                }
            }
        }
        String table = table(rows);
        System.out.println();
        System.out.print(table);
        Files.writeString(out.resolve("suite.json"), json(rows, phases));
        Files.writeString(out.resolve("suite.html"), html(rows, phases, table));
        System.out.println("wrote " + out.resolve("suite.json") + " and " + out.resolve("suite.html"));
        return rows.stream().allMatch(r -> r.errors() == 0 && r.exitCode() == LoadCommand.PASSED) ? 0 : 1;
    }

    private Row cell(Algorithm algorithm, int n, String rate, Path dir, Path manifest, String up, String steadyState,
                     String down) throws IOException, InterruptedException {
        String name = algorithm + "-" + n + "-" + rate.replace('/', '_');
        Path cellDir = Files.createDirectories(out.resolve(name));
        InProcessLoad.Outcome load;
        try (ServerProcess server = ServerProcess.start("gsf " + algorithm, List.of("--root", dir.toString(),
                "--algorithm", algorithm.name(), "--workers", Integer.toString(workers)), cellDir.resolve("server.log"))) {
            load = InProcessLoad.run(List.of("--url", "http://127.0.0.1:" + server.port() + "/", "--manifest",
                    manifest.toString(), "--clients", Integer.toString(n), "--rate", rate, "--ramp-up", up,
                    "--steady", steadyState, "--ramp-down", down), cellDir);
        }
        JsonNode run = load.run();
        int exit = load.exitCode();
        JsonNode s = run.path("summary");
        return new Row(n, rate, algorithm, run.path("server").asText(), s.path("avgInitSeconds").asDouble(Double.NaN),
                s.path("avgSpeedMBs").asDouble(Double.NaN), s.path("avgSpeedFile").asText("-"),
                s.path("totalThroughputMBs").asDouble(Double.NaN), run.path("initMs").path("p99").asDouble(Double.NaN),
                s.path("steadyDownloads").asLong(), s.path("errors").asLong(), exit);
    }

    private static String format(Row r) {
        return String.format(Locale.ROOT, "%6d %-7s %-5s %10.3f %10.2f %-10s %12.1f %10.1f %9d %7d",
                r.clients(), r.limit(), r.algorithm(), r.avgInitSeconds(), r.avgSpeedMBs(), r.speedFile(),
                r.throughputMBs(), r.p99InitMs(), r.downloads(), r.errors());
    }

    static String table(List<Row> rows) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%6s %-7s %-5s %10s %10s %-10s %12s %10s %9s %7s%n",
                "conc.", "limit", "alg", "init avg s", "speed MB/s", "(file)", "total MB/s", "p99 init ms",
                "downloads", "errors"));
        rows.forEach(r -> t.append(format(r)).append('\n'));
        return t.toString();
    }

    private static String json(List<Row> rows, String phases) throws IOException {
        var mapper = new ObjectMapper();
        var root = mapper.createObjectNode();
        root.put("date", Instant.now().toString());
        root.put("phases", phases);
        root.put("cores", Runtime.getRuntime().availableProcessors());
        var cells = root.putArray("cells");
        for (Row r : rows) {
            cells.addPOJO(r);
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }

    private String html(List<Row> rows, String phases, String table) {
        HtmlReport html = new HtmlReport("grizzly-sendfile suite").paragraph(phases + ". Server pool " + workers
                + " workers; " + Runtime.getRuntime().availableProcessors() + " cores; every download verified.");
        for (String rate : rates) {
            html.lines("Total throughput vs clients, limit " + rate, "MB/s", clients, series(rows, rate, true));
            html.lines("Average init time vs clients, limit " + rate, "s", clients, series(rows, rate, false));
        }
        return html.preformatted(table).html();
    }

    private List<HtmlReport.Series> series(List<Row> rows, String rate, boolean throughput) {
        List<HtmlReport.Series> all = new ArrayList<>();
        for (Algorithm a : algorithms) {
            List<Double> values = new ArrayList<>();
            for (int n : clients) {
                values.add(rows.stream().filter(r -> r.algorithm() == a && r.clients() == n && r.limit().equals(rate))
                        .findFirst().map(r -> throughput ? r.throughputMBs() : r.avgInitSeconds()).orElse(Double.NaN));
            }
            all.add(new HtmlReport.Series(a.name(), values));
        }
        return all;
    }
}
