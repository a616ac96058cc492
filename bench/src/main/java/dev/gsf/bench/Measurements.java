package dev.gsf.bench;

import dev.gsf.report.BarChart;
import dev.gsf.report.Stats;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs every workload against every peer, in rounds whose peer order rotates, so that a noisy moment of a shared
 * machine spreads over all peers instead of landing on one. Keeps every round's value for medians and spreads, and
 * what each round cost the peer's processes in CPU per gigabyte sent ({@code /proc/PID/stat} before and after).
 */
final class Measurements {
    /** What one peer measured on one workload, a value per round (CPU: NaN where /proc did not tell). */
    record Cell(String peer, Workload workload, List<Double> requestsPerSecond, List<Double> gigabytesPerSecond,
                List<Double> cpuSecondsPerGigabyte, List<Double> cpuMicrosPerRequest, LongAdder errorCount) {
        long errors() {
            return errorCount.sum();
        }

        Stats requests() {
            return Stats.of(requestsPerSecond);
        }

        Stats gigabytes() {
            return Stats.of(gigabytesPerSecond);
        }

        Stats cpu() {
            return Stats.of(cpuSecondsPerGigabyte);
        }

        Stats cpuPerRequest() {
            return Stats.of(cpuMicrosPerRequest);
        }

        /** Each round's req/s as a ratio to {@code reference}'s in the same round. */
        Stats ratios(Cell reference) {
            List<Double> ratios = new ArrayList<>();
            for (int r = 0; r < requestsPerSecond.size() && r < reference.requestsPerSecond.size(); r++) {
                ratios.add(requestsPerSecond.get(r) / reference.requestsPerSecond.get(r));
            }
            return Stats.of(ratios);
        }
    }

    /**
     * A cell as the JSON reports give it: every round's value, the medians and the errors; file "" is the whole set.
     * cpuSecPerGb: the server's CPU seconds (user and system, its children included) per 10^9 bytes sent;
     * cpuUsPerReq: the same CPU in microseconds per response.
     */
    record CellReport(String server, String file, int connections, List<Double> reqPerSec, List<Double> gbPerSec,
                      List<Double> cpuSecPerGb, List<Double> cpuUsPerReq, double medianReqPerSec,
                      double medianGbPerSec, double medianCpuSecPerGb, double medianCpuUsPerReq, long errors) {
    }

    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private final List<String> peers = new ArrayList<>();
    private final List<Workload> workloads;

    /** The warm-up of a peer and workload before the first recorded round. */
    static final Duration WARM_UP = Duration.ofSeconds(10);

    Measurements(List<Workload> workloads) {
        this.workloads = List.copyOf(workloads);
    }

    /**
     * Runs every workload against every peer in interleaved rounds, after a warm-up of {@code warmUp} per peer and
     * workload that is not recorded (JIT, page cache, connection set-up). A JVM server serving 1 KB needed about
     * 10 s of load before its rate settled; one second left the first rounds measuring the interpreter. A JVM's
     * warm-up goes on in short steps while its JIT compiler threads still take a share of its CPU
     * ({@link JitWarmUp}). A zero warm-up runs no load (wrk refuses {@code -d0s}: the run failed reading its usage
     * text).
     */
    static Measurements run(List<? extends Peer> peers, List<Workload> workloads, LoadClient client, int rounds,
                            Duration duration, Duration warmUp, PrintStream progress) throws IOException {
        Measurements m = new Measurements(workloads);
        peers.forEach(p -> m.peers.add(p.name())); // the tables' order
        for (Peer peer : warmUp.isZero() ? List.<Peer>of() : peers) {
            for (Workload w : workloads) {
                JitWarmUp.Settled settled = JitWarmUp.run(peer.process(), warmUp,
                        d -> client.run(url(peer, w), w.connections(), d));
                if (settled.steps() > 0) {
                    progress.printf(Locale.ROOT, "  warm-up  %-24s %-16s JIT %s after %d measured step(s): compiler"
                                    + " threads %.0f%% of its CPU%n", peer.name(), w.label(),
                            settled.quiet() ? "quiet" : "still compiling", settled.steps(),
                            100 * settled.compilerShare());
                }
            }
        }
        for (int round = 0; round < rounds; round++) {
            for (Workload w : workloads) {
                for (int i = 0; i < peers.size(); i++) {
                    Peer peer = peers.get((i + round) % peers.size());
                    double cpuBefore = Footprint.cpuSeconds(peer.process());
                    long jitBefore = JitWarmUp.compilerTicks(peer.process().pid());
                    LoadClient.Result r = client.run(url(peer, w), w.connections(), duration);
                    double cpu = Footprint.cpuSeconds(peer.process()) - cpuBefore;
                    long jit = JitWarmUp.compilerTicks(peer.process().pid()) - jitBefore;
                    m.record(peer.name(), w, r, cpu);
                    // The JIT's share of the round's CPU, which its CPU per response includes (a JVM's only).
                    progress.printf(Locale.ROOT, "  round %d  %-24s %-16s %10.0f req/s %7.3f GB/s %7.2f CPU s/GB"
                                    + " %8.1f CPU us/req  errors %d%s%n", round + 1, peer.name(), w.label(),
                            r.requestsPerSecond(), r.gigabytesPerSecond(), cpu / (r.bytes() / 1e9),
                            cpu * 1e6 / r.requests(), r.errors(), jitBefore < 0 ? "" : String.format(Locale.ROOT,
                                    "  JIT %.0f%% of its CPU", 100 * JitWarmUp.share(jit, Math.round(cpu * 100))));
                }
            }
        }
        return m;
    }

    private static String url(Peer peer, Workload w) {
        return peer.url() + w.path();
    }

    /** One round of {@code peer} on {@code w}: what the client measured, and the server's CPU seconds meanwhile. */
    void record(String peer, Workload w, LoadClient.Result r, double cpuSeconds) {
        Cell cell = cells.computeIfAbsent(key(peer, w), k -> new Cell(peer, w, new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>(), new LongAdder()));
        if (!peers.contains(peer)) {
            peers.add(peer);
        }
        cell.requestsPerSecond().add(r.requestsPerSecond());
        cell.gigabytesPerSecond().add(r.gigabytesPerSecond());
        cell.cpuSecondsPerGigabyte().add(cpuSeconds / (r.bytes() / 1e9));
        cell.cpuMicrosPerRequest().add(cpuSeconds * 1e6 / r.requests());
        cell.errorCount().add(r.errors());
    }

    private static String key(String peer, Workload w) {
        return peer + "|" + w.label();
    }

    private Cell cell(String peer, Workload w) {
        return cells.get(key(peer, w));
    }

    /**
     * Medians with min-max spreads; the ratio of medians to the reference peer (absent: "-") with the spread of the
     * rounds' own ratios (each round's req/s over the reference's in the same round); the server's CPU per response
     * (median [min-max], microseconds) and per GB sent (median).
     */
    String table(String reference) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%-24s %-16s %24s %24s %18s %22s %9s %7s%n",
                "server", "workload", "req/s median [min-max]", "GB/s median [min-max]", "x " + reference
                        + " [min-max]", "CPU us/req [min-max]", "CPU s/GB", "errors"));
        for (Workload w : workloads) {
            Cell ref = cell(reference, w);
            for (String peer : peers) {
                Cell c = cell(peer, w);
                Stats requests = c.requests();
                Stats gigabytes = c.gigabytes();
                Stats cpu = c.cpuPerRequest();
                String ratio = "-";
                if (ref != null) {
                    Stats ratios = c.ratios(ref);
                    ratio = String.format(Locale.ROOT, "%.2f [%.2f-%.2f]", requests.median() / ref.requests().median(),
                            ratios.min(), ratios.max());
                }
                t.append(String.format(Locale.ROOT,
                        "%-24s %-16s %8.0f [%6.0f-%6.0f] %8.3f [%6.3f-%6.3f] %18s %8.1f [%5.1f-%5.1f] %9.2f %7d%n",
                        peer, w.label(), requests.median(), requests.min(), requests.max(), gigabytes.median(),
                        gigabytes.min(), gigabytes.max(), ratio, cpu.median(), cpu.min(), cpu.max(),
                        c.cpu().median(), c.errors()));
            }
        }
        return t.toString();
    }

    /** Every cell, every round's value kept. */
    List<CellReport> cells() {
        List<CellReport> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (String peer : peers) {
                Cell c = cell(peer, w);
                rows.add(new CellReport(peer, w.path(), w.connections(), List.copyOf(c.requestsPerSecond()),
                        List.copyOf(c.gigabytesPerSecond()), List.copyOf(c.cpuSecondsPerGigabyte()),
                        List.copyOf(c.cpuMicrosPerRequest()), c.requests().median(), c.gigabytes().median(),
                        c.cpu().median(), c.cpuPerRequest().median(), c.errors()));
            }
        }
        return rows;
    }

    /** One bar chart per workload: each peer's median with its rounds' min-max as a whisker. */
    List<BarChart> charts(String clientName) {
        List<BarChart> charts = new ArrayList<>();
        for (Workload w : workloads) {
            boolean bytes = w.file().map(f -> f.startsWith("100MB")).orElse(true);
            BarChart chart = new BarChart(clientName + ": " + w.label(), bytes ? "GB/s" : "req/s");
            for (String peer : peers) {
                Stats s = bytes ? cell(peer, w).gigabytes() : cell(peer, w).requests();
                chart.bar(peer, s.median(), s.min(), s.max());
            }
            charts.add(chart);
        }
        return charts;
    }
}
