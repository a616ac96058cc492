package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.Durations;
import dev.gsf.common.Manifest;
import dev.gsf.common.options.DurationOption;
import dev.gsf.common.options.FileSetOptions;
import dev.gsf.common.options.MixinDefaults;
import dev.gsf.common.options.OutOption;
import dev.gsf.report.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gsf soak}: one server against every {@link SoakClients client kind} at once for a long time, then the
 * server's fds, threads, heap after a full GC and the bytes queued in its TCP sockets compared with the baseline
 * taken before.
 */
@Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = MixinDefaults.class,
        description = {"One server process against a mix of clients at once (fast; throttled to 1MB/s and 20KB/s;"
                + " aborting mid-body; Range and resume; conditional; the malformed corpus; slowloris; slow read),"
                + " then checks that the server is back at its baseline: fds, threads, heap after a full GC, bytes"
                + " queued in its TCP sockets. Every completed download is MD5-verified. Prints a table, writes soak.json.",
                "Exit code: 0 every criterion met; 1 a criterion missed (named); 2 bad input, or the tool failed."})
public final class SoakCommand implements Callable<Integer> {
    static final int MET = 0;
    static final int CRITERION_MISSED = 1;
    static final int TOOL_FAILED = 2;
    /** Above baseline still counted as back at it: a few fds and threads come and go (JIT, GC, jcmd's attach). */
    static final long FD_TOLERANCE = 16;
    static final long THREAD_TOLERANCE = 8;
    /** Heap after a full GC may grow by caches filled once (open-file cache, metrics). */
    static final long HEAP_TOLERANCE = 32L << 20;
    /**
     * Bytes left in the server's own TCP sockets once the clients are gone: its connections' queues, not the kernel's
     * TCP memory, which is machine-wide (any other process's sockets move it).
     */
    static final long TCP_QUEUE_TOLERANCE = 1L << 20;
    private static final Pattern SERVER_ERRORS =
            Pattern.compile("(?m)^gsf_downloads_ended_total\\{[^}]*outcome=\"server_error\"[^}]*} (\\S+)$");

    @Option(names = "--algorithm", paramLabel = "ALG", description = "server's algorithm: ${COMPLETION-CANDIDATES} (default: ENBA)")
    Algorithm algorithm = Algorithm.ENBA;

    @Option(names = "--url", paramLabel = "URL", description = "soak an external server at http://HOST:PORT/ instead (only the kernel's figures)")
    String url;

    /** How long the mix runs. */
    @Mixin
    DurationOption duration = new DurationOption(Duration.ofMinutes(30));

    @Option(names = "--quick", description = "2 minutes")
    boolean quick;

    @Mixin
    FileSetOptions files;

    /** --pin: the server on some CPUs, the clients (this process) on the others. */
    @Mixin
    PinOption pin;

    /** soak.json, the server log and the load reports. */
    @Mixin
    OutOption outDir = new OutOption(() -> Path.of("results", "soak"));

    /** soak.json. */
    record Report(String date, String server, String duration, ServerState baseline, ServerState end,
                  double serverErrors, List<SoakClients.Row> clients, List<String> missed, int exitCode) {
    }

    @Override
    public Integer call() {
        Duration length = quick ? Duration.ofMinutes(2) : duration.get();
        try (Pinning.Held pinned = pinning().pinThisProcess()) {
            return soak(length, pinning());
        } catch (IOException | RuntimeException e) {
            System.err.println("gsf soak: " + e);
            return TOOL_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return TOOL_FAILED;
        }
    }

    /** --pin's pinning, none for an external server (--url: it runs where it runs). */
    private Pinning pinning() throws IOException {
        return url != null ? Pinning.NONE : pin.pinning();
    }

    private int soak(Duration length, Pinning pinning) throws IOException, InterruptedException {
        Path dir = files.directory();
        Path manifestFile = files.manifestIn(dir);
        Path out = Files.createDirectories(outDir.directory());
        ServerProcess process = null;
        try {
            InetSocketAddress address;
            String adminUrl = null;
            String name;
            if (url != null) {
                URI u = URI.create(url);
                address = new InetSocketAddress(u.getHost(), u.getPort());
                name = url;
            } else {
                Path log = out.resolve("server.log");
                Files.deleteIfExists(log);
                process = ServerProcess.start("gsf " + algorithm, List.of("--algorithm", algorithm.name(), "--root",
                        dir.toString(), "--admin-port", "0"), log, pinning);
                address = new InetSocketAddress("127.0.0.1", process.port());
                adminUrl = process.ready().adminUrl();
                name = "gsf " + algorithm;
            }
            ProcessHandle handle = process == null ? null : process.process();
            var md5 = Manifest.read(manifestFile).entries().stream()
                    .collect(Collectors.toMap(Manifest.Entry::name, Manifest.Entry::md5));
            // The head timeout slowloris is held to: ours is the idle timeout, another server's nginx's 60 s.
            Duration headTimeout = process == null ? Duration.ofSeconds(60)
                    : Durations.parse(process.ready().settings().get("idle-timeout"));
            var server = new SoakClients.Server(address, manifestFile, md5, out, headTimeout);
            System.out.printf("gsf soak: %s at %s for %s, every client kind at once%n  %s%n", name, address,
                    Durations.format(length), pinning.describe());
            ServerState baseline = ServerState.of(handle);
            List<SoakClients.Row> rows = runMix(server, Instant.now().plus(length));
            ServerState end = settle(handle, baseline);
            double serverErrors = adminUrl == null ? Double.NaN : serverErrors(adminUrl);
            List<String> missed = missed(rows, baseline, end, serverErrors);
            if (process != null && Double.isNaN(serverErrors)) {
                missed.add("server errors: not read from the admin listener's /metrics (" + adminUrl + ")");
            }
            int code = missed.isEmpty() ? MET : CRITERION_MISSED;
            System.out.print(table(rows, baseline, end, serverErrors));
            missed.forEach(m -> System.out.println("missed: " + m));
            Json.write(out.resolve("soak.json"), new Report(Instant.now().toString(), name, Durations.format(length),
                    baseline, end, serverErrors, rows, missed, code));
            System.out.println("wrote " + out.resolve("soak.json"));
            return code;
        } finally {
            if (process != null) {
                process.close();
            }
        }
    }

    /** Every kind on its own thread, all at once; blocks until the last ends (each stops at the deadline). */
    static List<SoakClients.Row> runMix(SoakClients.Server server, Instant deadline) throws InterruptedException,
            IOException {
        List<SoakClients.Kind> kinds = SoakClients.mix();
        List<SoakClients.Row> rows = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(kinds.size())) {
            List<Future<SoakClients.Row>> running = new ArrayList<>();
            for (SoakClients.Kind kind : kinds) {
                running.add(pool.submit(() -> kind.run(server, deadline)));
            }
            for (Future<SoakClients.Row> f : running) {
                try {
                    rows.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException("a client kind failed to run: " + e.getCause(), e.getCause());
                }
            }
        }
        return rows;
    }

    /** Polls (at most a minute) until fds and threads are back within tolerance, then takes the state after a GC. */
    private static ServerState settle(ProcessHandle handle, ServerState baseline) throws InterruptedException {
        Instant until = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(until)) {
            ServerState now = ServerState.withoutGc(handle);
            if (now.fds() <= baseline.fds() + FD_TOLERANCE && now.threads() <= baseline.threads() + THREAD_TOLERANCE) {
                break;
            }
            Thread.sleep(1000); // polling the server's /proc entries, bounded above
        }
        return ServerState.of(handle);
    }

    static List<String> missed(List<SoakClients.Row> rows, ServerState baseline, ServerState end, double serverErrors) {
        List<String> missed = new ArrayList<>();
        for (SoakClients.Row r : rows) {
            if (r.failed() > 0) {
                missed.add(r.kind() + ": " + r.failed() + " failed, first: " + r.firstFailure());
            }
        }
        if (serverErrors > 0) {
            missed.add("server errors: gsf_downloads_ended_total{outcome=\"server_error\"} = " + serverErrors);
        }
        above(missed, "fds", baseline.fds(), end.fds(), FD_TOLERANCE);
        above(missed, "threads", baseline.threads(), end.threads(), THREAD_TOLERANCE);
        above(missed, "heap after full GC", baseline.heapAfterGcBytes(), end.heapAfterGcBytes(), HEAP_TOLERANCE);
        above(missed, "bytes queued in the server's TCP sockets", baseline.tcpQueuedBytes(), end.tcpQueuedBytes(),
                TCP_QUEUE_TOLERANCE);
        return missed;
    }

    private static void above(List<String> missed, String what, long base, long end, long tolerance) {
        if (base >= 0 && end >= 0 && end > base + tolerance) {
            missed.add(String.format(Locale.ROOT, "%s not back at baseline: %d at start, %d at end (tolerance %d)",
                    what, base, end, tolerance));
        }
    }

    static String table(List<SoakClients.Row> rows, ServerState base, ServerState end, double serverErrors) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%-22s %7s %9s %7s  %s%n", "client kind",
                "clients", "ok", "failed", "ok means"));
        for (SoakClients.Row r : rows) {
            t.append(String.format(Locale.ROOT, "%-22s %7d %9d %7d  %s%n", r.kind(), r.clients(), r.ok(), r.failed(),
                    r.okMeans()));
        }
        t.append(String.format(Locale.ROOT, "%n%-24s %12s %12s%n", "server", "baseline", "end"));
        line(t, "fds", base.fds(), end.fds(), 1);
        line(t, "threads", base.threads(), end.threads(), 1);
        line(t, "heap after full GC MB", base.heapAfterGcBytes(), end.heapAfterGcBytes(), 1 << 20);
        line(t, "TCP sockets", base.tcpSockets(), end.tcpSockets(), 1);
        line(t, "TCP queued KB", base.tcpQueuedBytes(), end.tcpQueuedBytes(), 1 << 10);
        line(t, "kernel TCP memory MB *", base.tcpMemBytes(), end.tcpMemBytes(), 1 << 20);
        line(t, "kernel TCP sockets *", base.tcpInUse(), end.tcpInUse(), 1);
        t.append(String.format(Locale.ROOT, "%-24s %12s %12s%n", "server_error downloads", "",
                Double.isNaN(serverErrors) ? "n/a" : String.format(Locale.ROOT, "%.0f", serverErrors)));
        t.append("* machine-wide (every process's sockets, both ends of loopback): shown, not a criterion\n");
        return t.toString();
    }

    /** A baseline/end line; "n/a" where not measured (-1), in units of scale (1 decimal when above 1). */
    private static void line(StringBuilder t, String what, long base, long end, long scale) {
        t.append(String.format(Locale.ROOT, "%-24s %12s %12s%n", what, cell(base, scale), cell(end, scale)));
    }

    private static String cell(long value, long scale) {
        if (value < 0) {
            return "n/a";
        }
        return scale == 1 ? Long.toString(value) : String.format(Locale.ROOT, "%.1f", (double) value / scale);
    }

    /** The admin listener's address, from the line the server prints after its start-up line (at most 30 s). */
    /** gsf_downloads_ended_total{outcome="server_error"} summed over algorithms, from /metrics; NaN if absent. */
    static double serverErrors(String adminUrl) throws IOException, InterruptedException {
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(adminUrl + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = SERVER_ERRORS.matcher(metrics.body());
        double sum = Double.NaN;
        while (m.find()) {
            sum = (Double.isNaN(sum) ? 0 : sum) + Double.parseDouble(m.group(1));
        }
        return sum;
    }
}
