package dev.gsf.bench;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.report.Summary;
import dev.gsf.report.BarChart;
import dev.gsf.report.Chart;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The many-slow-clients pass of {@code gsf compare}: each server in turn gets thousands of throttled clients downloading
 * the whole file mix (the seed's throttled benchmark, scaled up), every download verified by gsf load, while
 * {@link Footprint} samples what the server costs the machine (the kernel's TCP memory is machine-wide: keep the
 * machine otherwise quiet), and {@link KernelTcp} what the kernel's TCP memory limit did meanwhile (past tcp_mem's
 * pressure mark it drops segments, past its limit it resets connections, whichever server holds them). One server
 * at a time: thousands of connections to
 * two servers at once would measure the kernel's TCP memory, not the servers.
 *
 * @param clients  concurrent clients
 * @param rate     bytes per second per client
 * @param rampUp   clients start spread over this
 * @param steady   what is measured
 * @param manifest  the files' MD5SUMS
 * @param work      where each run's reports and log go
 * @param transport plain HTTP, or HTTPS trusting the run's CA
 */
record ManyClientsPass(int clients, long rate, Duration rampUp, Duration steady, Path manifest, Path work,
                       Transport transport) {

    /**
     * One server's result; shares and sizes as the table prints them.
     *
     * @param errors        failed downloads of the steady state
     * @param allErrors     failed downloads of the whole run (ramp-up and the ends of downloads begun in it)
     * @param kernel        what the kernel's TCP did during the run (machine-wide): connections aborted for lack of
     *                      memory (what breaks downloads past tcp_mem), and time under tcp_mem pressure with the
     *                      segments it dropped and the retransmission timeouts they cost (what slows every server)
     * @param cpuSecPerGb   the server's CPU seconds (its children included) per 10^9 bytes received in steady state
     * @param compilerSecPerGb of them, its JIT compiler threads' (0 for nginx): a warm-up's cost that fell in the
     *                      steady state, which a server running for hours has paid long before
     * @param loadCpuSecPerGb the load generator's CPU seconds (the benchmark's own JVM) per 10^9 bytes in steady state
     * @param machineCpuSecPerGb the whole machine's busy CPU seconds (/proc/stat) per 10^9 bytes in steady state: on
     *                      loopback the kernel sends a socket's queued bytes in whichever process's call or softirq the
     *                      receiver's window update lands, so a server that keeps its sockets full can show less CPU
     *                      than one that writes what each socket has room for while the machine pays the same
     * @param handshakes    https: TLS handshakes the clients completed in the whole run (0 for plain HTTP)
     * @param handshakeP50Ms https: median handshake time (TCP connected to handshake done), all phases
     * @param handshakeP99Ms https: its 99th percentile
     * @param handshakesPerSecond https: handshakes a second on average over the ramp-up (NaN for plain HTTP)
     * @param maxAcceptQueue the most connections seen waiting in the server's accept queue (sampled every 100 ms; -1
     *                      where /proc did not tell): the server's accepting thread fell behind the arrivals
     */
    record Row(String server, int clients, double targetMBs, double throughputMBs, double sharePercent, long errors,
               long allErrors, KernelTcp kernel, double p99InitMs, long maxRssBytes, long maxFds,
               long maxTcpMemBytes, double cpuSecPerGb, double compilerSecPerGb, double loadCpuSecPerGb,
               double machineCpuSecPerGb, long handshakes, double handshakeP50Ms, double handshakeP99Ms,
               double handshakesPerSecond, long maxAcceptQueue) {
    }

    String describe() {
        return String.format(Locale.ROOT, "%d clients at %s each, ramp-up %s, steady %s%s", clients,
                Units.formatRate(rate), Durations.format(rampUp), Durations.format(steady), !transport.tls() ? ""
                        : String.format(Locale.ROOT, ", over %s (%.0f handshakes a second offered in the"
                        + " ramp-up)", transport.label(), clients / (rampUp.toMillis() / 1000.0)));
    }

    List<Row> run(List<? extends Peer> peers, PrintStream progress) throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        for (Peer peer : peers) {
            progress.printf("  %s: %s ...%n", peer.name(), describe());
            warmUp(peer);
            Row row = run(peer);
            rows.add(row);
            progress.printf(Locale.ROOT, "  %-10s %6.1f%% of %.1f MB/s, errors %d (whole run %d, kernel aborts %d),"
                            + " p99 init %.0f ms, RSS %d MB, fds %d, kernel TCP memory %d MB, CPU %.2f s/GB"
                            + " (JIT compiler threads %.2f; load generator %.2f, machine %.2f),"
                            + " handshakes %d (%.0f a second in the ramp-up, p50 %.1f ms, p99 %.1f ms),"
                            + " accept queue at most %d%s%n",
                    row.server(), row.sharePercent(), row.targetMBs(), row.errors(), row.allErrors(),
                    row.kernel().abortsOnMemory(), row.p99InitMs(), row.maxRssBytes() >> 20, row.maxFds(),
                    row.maxTcpMemBytes() >> 20, row.cpuSecPerGb(), row.compilerSecPerGb(), row.loadCpuSecPerGb(),
                    row.machineCpuSecPerGb(), row.handshakes(), row.handshakesPerSecond(),
                    row.handshakeP50Ms(), row.handshakeP99Ms(), row.maxAcceptQueue(),
                    row.kernel().describePressure());
        }
        return rows;
    }

    /** The longest steady state of the unrecorded warm-up before each server's run (the pass's own if shorter). */
    static final Duration WARM_UP_STEADY = Duration.ofSeconds(10);

    /**
     * An unrecorded run of the same kind and scale before each server's: the same clients over the same ramp-up, then
     * at most {@link #WARM_UP_STEADY} of steady state. Without a warm-up the first server of the pass met a cold JIT in
     * the load generator's TLS handshakes (2,000 clients over TLS, 100 a second: ENBA, first, 36% of its target with a
     * median handshake of 18 s; ADA and nginx after it 99.6-99.7% with 2-4 ms). A warm-up of 500 clients for 6 s left
     * the server's JIT compiling through the 10,000 clients' ramp-up (ADA's C2 thread 21-34% of a core for its 20 s,
     * the server 100-130% of a core against nginx's 65-100%), and the handshake median at 53-736 ms in four runs
     * against 2.1-3.8 ms in eight after a warm-up at scale: that measured a JVM's first minute, which a server running
     * for hours has long paid (docs/results/2026-11-28-tls-10000-clients-warm-up-at-scale.md).
     */
    private void warmUp(Peer peer) throws IOException, InterruptedException {
        Path out = Files.createTempDirectory(Files.createDirectories(work), "warm-up-");
        Duration warmSteady = steady.compareTo(WARM_UP_STEADY) < 0 ? steady : WARM_UP_STEADY;
        InProcessLoad.run(transport.plan(LoadPlan.closed(Target.parse(peer.url()), manifest, "", clients, rate, rampUp,
                warmSteady, Duration.ZERO, out)));
    }

    private Row run(Peer peer) throws IOException, InterruptedException {
        Path out = Files.createTempDirectory(Files.createDirectories(work), "many-");
        LoadPlan plan = transport.plan(LoadPlan.closed(Target.parse(peer.url()), manifest, "", clients, rate, rampUp,
                steady, Duration.ZERO, out));
        Summary summary;
        Footprint.Max max;
        double steadyCores;
        double compilerCores;
        double loadCores;
        double machineCores;
        KernelTcp kernelBefore = KernelTcp.read();
        long maxAcceptQueue;
        try (Footprint footprint = new Footprint(peer.process());
             AcceptQueue acceptQueue = AcceptQueue.watch(URI.create(peer.url()).getPort())) {
            summary = InProcessLoad.run(plan).first();
            max = footprint.max();
            long steadyStart = summary.result.clock().start().plus(rampUp).toEpochMilli();
            long steadyEnd = steadyStart + steady.toMillis();
            steadyCores = footprint.cpuCoresBetween(steadyStart, steadyEnd);
            compilerCores = footprint.compilerCoresBetween(steadyStart, steadyEnd);
            loadCores = footprint.ownCoresBetween(steadyStart, steadyEnd);
            machineCores = footprint.machineCoresBetween(steadyStart, steadyEnd);
            maxAcceptQueue = acceptQueue.max();
        }
        KernelTcp kernel = KernelTcp.read().since(kernelBefore);
        var metrics = summary.result.metrics();
        double steadyGigabytesPerSecond = metrics.steadyBytes / 1e9 / (steady.toMillis() / 1000.0);
        double[] handshake = summary.handshakeMs.percentiles(); // Summary.PERCENTILES: 50, 90, 99, 99.9
        return new Row(peer.name(), clients, summary.targetThroughputMBs, summary.throughputMBs,
                100.0 * summary.throughputMBs / summary.targetThroughputMBs, metrics.steadyErrorCount(),
                metrics.errorCount(), kernel, summary.initPercentileMs(99),
                max.rssBytes(), max.fds(), max.tcpMemBytes(), steadyCores / steadyGigabytesPerSecond,
                compilerCores / steadyGigabytesPerSecond, loadCores / steadyGigabytesPerSecond,
                machineCores / steadyGigabytesPerSecond, metrics.handshakes, handshake[0], handshake[2],
                summary.handshakeRate.rampUp(), maxAcceptQueue);
    }

    static String table(List<Row> rows) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT,
                "%-16s %8s %10s %10s %7s %7s %9s %8s %10s %10s %8s %12s %9s %7s %12s %9s %8s %9s %9s %11s %8s %14s"
                        + " %8s%n",
                "server", "clients", "target", "MB/s", "share", "errors", "all runs", "aborts", "pressure s",
                "rcvq drops", "RTOs", "p99 init ms", "RSS MB", "fds", "TCP mem MB", "CPU s/GB", "JIT s/GB",
                "load s/GB", "host s/GB", "handshakes", "ramp hs/s", "p50/p99 hs ms", "acceptq"));
        for (Row r : rows) {
            t.append(String.format(Locale.ROOT,
                    "%-16s %8d %10.1f %10.1f %6.1f%% %7d %9d %8d %10.0f %10d %8d %12.0f %9d %7d %12d %9.2f %8.2f %9.2f"
                            + " %9.2f %11d %8.0f %14s %8d%n",
                    r.server(), r.clients(), r.targetMBs(), r.throughputMBs(), r.sharePercent(), r.errors(),
                    r.allErrors(), r.kernel().abortsOnMemory(), r.kernel().pressureSeconds(),
                    r.kernel().receiveQueueDrops(), r.kernel().retransmitTimeouts(), r.p99InitMs(),
                    r.maxRssBytes() >> 20, r.maxFds(),
                    r.maxTcpMemBytes() >> 20, r.cpuSecPerGb(), r.compilerSecPerGb(), r.loadCpuSecPerGb(),
                    r.machineCpuSecPerGb(), r.handshakes(),
                    r.handshakesPerSecond(),
                    String.format(Locale.ROOT,
                            "%.1f/%.1f", r.handshakeP50Ms(), r.handshakeP99Ms()), r.maxAcceptQueue()));
        }
        return t.toString();
    }

    static List<Chart> charts(List<Row> rows) {
        BarChart share = new BarChart("Many slow clients: share of the target throughput", "%");
        BarChart rss = new BarChart("Many slow clients: server resident memory (largest sample)", "MB");
        BarChart p99 = new BarChart("Many slow clients: p99 time to first body byte", "ms");
        for (Row r : rows) {
            share.bar(r.server(), r.sharePercent());
            rss.bar(r.server(), r.maxRssBytes() / 1048576.0);
            p99.bar(r.server(), r.p99InitMs());
        }
        return List.of(share, rss, p99);
    }
}
