package dev.gsf.loadgen.load.plan;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.driver.Connecting;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.driver.Throttle;
import dev.gsf.loadgen.load.workload.RangeSpec;
import dev.gsf.loadgen.load.workload.ThinkTime;
import dev.gsf.loadgen.load.workload.Workload;
import dev.gsf.loadgen.segment.Segment;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Everything that decides what a run does, validated by {@code LoadCommand}.
 *
 * @param target        the server
 * @param manifest      md5sum-format file list
 * @param mix           "" for an equal mix, else NAME[=WEIGHT],...
 * @param clients       closed model: simulated users; open model: the most connections
 * @param arrivalRate   open model: downloads started per second; 0 for the closed model
 * @param rate          bytes per second per client, 0 for unthrottled
 * @param burst         throttle bucket size in bytes
 * @param receiveBuffer SO_RCVBUF per connection, 0 for the system default
 * @param think         closed model: pause between downloads
 * @param rampUp        ramp-up duration
 * @param steady        steady-state duration
 * @param rampDown      ramp-down duration
 * @param timeout       connect timeout and the longest a download may make no progress
 * @param interval      period of the throughput time series
 * @param threads       event loops
 * @param criteria      pass/fail criteria
 * @param outDir        where summary.json and report.html go; null for none
 * @param seed          seed of the file choices and think times
 * @param runs          how many times the whole run is repeated
 * @param serverMetrics the server's Prometheus /metrics to scrape every interval, null for none
 * @param segment       the share of the run this process drives ({@link Segment#WHOLE} for all of it); clients and
 *                      arrivalRate are always the whole run's
 * @param startAt       when the (first) run's ramp-up starts, null for at once
 * @param connecting    TLS for an https target (--ca, --insecure) and the source addresses (--source-address)
 * @param ranges        --ranges and where the expected bytes of the ranges are read; null for whole files
 */
public record LoadPlan(Target target, Path manifest, String mix, int clients, double arrivalRate, long rate,
                       long burst, int receiveBuffer, ThinkTime think, Duration rampUp, Duration steady,
                       Duration rampDown, Duration timeout, Duration interval, int threads, List<Criterion> criteria,
                       Path outDir, long seed, int runs, URI serverMetrics, Segment segment, Instant startAt,
                       Connecting connecting, RangesOption ranges) {

    /**
     * What {@code --ranges} asks and where the local copies of the files are, whose bytes the parts must match.
     *
     * @param spec       the ranges
     * @param localFiles the directory of the local copies (--local-files, default the manifest's)
     */
    public record RangesOption(RangeSpec spec, Path localFiles) {
    }

    /** gsf load's defaults that {@link #closed} shares with the command's options. */
    public static final String DEFAULT_TIMEOUT = "30s";
    public static final String DEFAULT_INTERVAL = "1s";
    public static final String DEFAULT_SEED = "1";
    /**
     * Default SO_RCVBUF of throttled clients (at least one bucket): small next to Linux's autotuned buffers, so the
     * server feels the slow reader at once and 10,000 connections fit in the kernel's TCP memory (tcp_mem: this host
     * enters memory pressure at 1.5 GB for all sockets, both ends of loopback connections counting), yet no smaller
     * than loopback's 64 KB segments (see {@link Throttle#defaultBurst}). 256K exhausted tcp_mem at 10,000 clients.
     */
    static final int THROTTLED_RCVBUF = 64 * 1024;

    /**
     * A closed-model plan as {@code gsf load} would build it from these options and defaults for the rest: no think
     * time, the default bucket and receive buffer for {@code rate}, one event loop per core, one run, the one
     * criterion of no steady-state errors, and for https the JDK's trust store.
     *
     * @param mix  "" for every file of the manifest, else NAME[=WEIGHT],...
     * @param rate bytes per second per client, 0 for unthrottled
     */
    public static LoadPlan closed(Target target, Path manifest, String mix, int clients, long rate, Duration rampUp,
                                  Duration steady, Duration rampDown, Path outDir) {
        long burst = Throttle.defaultBurst(rate);
        return new LoadPlan(target, manifest, mix, clients, 0, rate, burst, receiveBuffer(rate, burst),
                ThinkTime.NONE, rampUp, steady, rampDown, Durations.parse(DEFAULT_TIMEOUT),
                Durations.parse(DEFAULT_INTERVAL), Runtime.getRuntime().availableProcessors(),
                List.of(Criterion.maxErrorRate(0)), outDir, Long.parseLong(DEFAULT_SEED), 1, null, Segment.WHOLE, null,
                Connecting.of(target), null);
    }

    /** This plan connecting as {@code other} says (e.g. trusting another CA); everything else the same. */
    public LoadPlan connectingBy(Connecting other) {
        return new LoadPlan(target, manifest, mix, clients, arrivalRate, rate, burst, receiveBuffer, think, rampUp,
                steady, rampDown, timeout, interval, threads, criteria, outDir, seed, runs, serverMetrics, segment,
                startAt, other, ranges);
    }

    /** The SO_RCVBUF a client gets unless told: max(64K, burst) up to 1M when throttled, the system's otherwise. */
    public static int receiveBuffer(long rate, long burst) {
        return rate > 0 ? (int) Math.max(THROTTLED_RCVBUF, Math.min(1 << 20, burst)) : 0;
    }

    /** This segment's clients (closed model) or most connections (open model): all of them unsegmented. */
    public int segmentClients() {
        return segment.share(clients);
    }

    /** This segment's share of the arrival rate (open model), 0 for the closed model. */
    public double segmentArrivalRate() {
        return segment.share(arrivalRate);
    }

    /** The manifest and the mix, read; IllegalArgumentException when they cannot be (a missing file, a bad mix). */
    public Workload readWorkload() {
        return Workload.of(manifest, mix);
    }

    public boolean openModel() {
        return arrivalRate > 0;
    }

    public Duration total() {
        return rampUp.plus(steady).plus(rampDown);
    }
}
