package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.driver.DriverConfig;
import dev.gsf.loadgen.load.driver.EventLoop;
import dev.gsf.loadgen.load.driver.Expectation;
import dev.gsf.loadgen.load.driver.Probe;
import dev.gsf.loadgen.load.metrics.ErrorLog;
import dev.gsf.loadgen.load.metrics.LiveCounters;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.metrics.RunClock;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.RunResult;
import dev.gsf.loadgen.load.metrics.Sampler;
import dev.gsf.loadgen.load.metrics.ServerMetrics;
import dev.gsf.loadgen.load.metrics.ServerScraper;
import dev.gsf.loadgen.load.metrics.Stopped;
import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.plan.StartAt;
import dev.gsf.loadgen.load.report.Progress;
import dev.gsf.loadgen.load.workload.RangeSets;
import dev.gsf.loadgen.load.workload.Workload;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one load: probes the server, starts the event loops, samples the time series, stops on time (or at once when
 * its {@link RunStop} is requested) and merges the figures. Blocks the calling thread for the run's duration plus a
 * bounded grace period.
 *
 * @param log      where progress and first-error lines go
 * @param terminal rewrite the progress line in place
 * @param startAt  when the ramp-up is to start (the plan's --start-at for the first run), null for at once
 * @param histogramFile where the run's HdrHistogram interval log goes, null for none
 * @param stop     ends the run early when requested: before the start it does not take place (aborted, marked
 *                 stopped); during it the figures measured until then are its result, marked stopped
 */
public record LoadRun(LoadPlan plan, Workload workload, PrintStream log, boolean terminal, Instant startAt,
                      Path histogramFile, RunStop stop) {
    /** How long loops get past the planned end to close their connections and hand over figures. */
    private static final Duration GRACE = Duration.ofSeconds(10);
    /** The longest a scrape of --server-metrics may take when the interval is shorter. */
    private static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(1);

    public RunResult run() throws InterruptedException {
        List<String> names = workload.files().stream().map(f -> f.name()).toList();
        InetSocketAddress address;
        try {
            address = plan.target().resolve();
        } catch (IllegalArgumentException e) {
            return aborted(names, e.getMessage());
        }
        RangeSets ranges;
        try {
            ranges = plan.ranges() == null ? null
                    : RangeSets.of(plan.ranges().spec(), plan.ranges().localFiles(), workload, plan.seed());
        } catch (IllegalArgumentException e) {
            return aborted(names, e.getMessage());
        }
        Probe.Result probe;
        try {
            probe = Probe.run(plan.target(), address, plan.connecting(), workload.files(), plan.timeout());
        } catch (Probe.UnreachableException e) {
            return aborted(names, e.getMessage());
        }
        probe.warnings().forEach(w -> log.println("gsf load: warning: " + w));
        if (plan.connecting().tls() != null) {
            log.println("gsf load: tls-provider=" + plan.connecting().tls().providerName());
        }
        if (plan.connecting().tls() != null && plan.connecting().tls().insecure()) {
            log.println("gsf load: warning: --insecure: the server's certificate is not verified");
        }
        return load(names, address, probe, ranges);
    }

    /** The load proper, once the probe has told what every file is: start, wait for the figures, stop, merge. */
    private RunResult load(List<String> names, InetSocketAddress address, Probe.Result probe, RangeSets ranges)
            throws InterruptedException {
        long[] lengths = probe.expectations().stream().mapToLong(Expectation::length).toArray();
        DriverConfig config = DriverConfig.of(plan.target(), address, workload, probe.expectations(), plan.rate(),
                plan.burst(), plan.receiveBuffer(), plan.timeout().toNanos(), plan.think(), plan.connecting(), ranges);

        // Before the run's clock starts: building the HTTP client the first time can take seconds on a busy machine.
        ServerScraper scraper = plan.serverMetrics() == null ? null
                : new ServerScraper(plan.serverMetrics(), plan.interval().compareTo(SCRAPE_TIMEOUT) > 0
                        ? plan.interval() : SCRAPE_TIMEOUT);
        if (startAt != null) {
            StartAt.await(startAt, log, () -> stop.requested() != null);
        }
        if (stop.requested() != null) {
            if (scraper != null) {
                scraper.close();
            }
            return aborted(names, "stopped before its start (" + stop.requested().reason() + ")");
        }
        Phases phases = Phases.startingNow(plan.rampUp(), plan.steady(), plan.rampDown());
        RunClock clock = RunClock.startingNow(startAt);
        if (startAt != null && clock.startSkewMillis() >= 1) {
            log.println(String.format(java.util.Locale.ROOT, "gsf load: started %.1f ms after --start-at %s",
                    clock.startSkewMillis(), startAt));
        }
        LiveCounters live = new LiveCounters();
        ErrorLog errorLog = new ErrorLog(log);
        IntervalLogging intervals = IntervalLogging.start(histogramFile, names, phases, clock,
                "gsf load " + plan.target() + " segment " + plan.segment() + " seed " + plan.seed(), log);
        List<EventLoop> loops = EventLoop.create(plan.threads(), config, plan.segment(), plan.clients(),
                plan.arrivalRate(), () -> new Recorder(phases, names.size(), live, errorLog,
                        intervals == null ? null : intervals.histograms().shard()), plan.seed());
        Progress progress = new Progress(log, phases, terminal, 10);
        Sampler sampler = new Sampler(phases, live, progress::update);
        ScheduledExecutorService ticker = daemonScheduler("gsf-load-sampler");
        long period = plan.interval().toNanos();
        ticker.scheduleAtFixedRate(() -> sample(sampler, intervals), period, period, TimeUnit.NANOSECONDS);
        ScheduledExecutorService scrapes = startScrapes(scraper, phases, period);
        stop.whenRequested(() -> loops.forEach(EventLoop::stop));
        startThreads(loops);
        RunMetrics merged = new RunMetrics(names.size());
        String abort;
        try {
            abort = awaitFigures(loops, phases.end() + GRACE.toNanos(), merged);
        } finally {
            stop.whenRequested(null);
            stop(loops, ticker, scrapes);
        }
        Stopped stopped = stoppedEarly(phases);
        sample(sampler, intervals); // the last partial interval
        if (intervals != null) {
            intervals.close();
        }
        ServerMetrics serverMetrics = scraper == null ? null : lastScrape(scraper, phases);
        progress.done();
        return new RunResult(probe.server(), probe.algorithm(), names, lengths, probe.warnings(), abort, phases, merged,
                errorLog.samples(), sampler.samples(), sampler.peakHeapBytes(), sampler.peakConnections(),
                sampler.steadyCpuPercent(), serverMetrics, clock, stopped);
    }

    /** The stop request when it came before the planned end (and said so), else null: the run went to its end. */
    private Stopped stoppedEarly(Phases phases) {
        Stopped stopped = stop.requested();
        if (stopped == null || stopped.nanos() >= phases.end()) {
            return null;
        }
        log.println(String.format(java.util.Locale.ROOT, "gsf load: stopped early (%s) %.1f s into the run, in %s;"
                + " the results cover the run until then", stopped.reason(), stopped.secondsInto(phases),
                phases.nameAt(stopped.nanos())));
        return stopped;
    }

    /** One point of the time series and, when logging, one interval of the histograms: sampled together. */
    private static void sample(Sampler sampler, IntervalLogging intervals) {
        sampler.sample();
        if (intervals != null) {
            intervals.cut();
        }
    }

    /** Scrapes --server-metrics every period from now on, or nothing (null) without it. */
    private static ScheduledExecutorService startScrapes(ServerScraper scraper, Phases phases, long period) {
        // Its own thread: a slow /metrics must not delay the client's samples.
        ScheduledExecutorService scrapes = scraper == null ? null : daemonScheduler("gsf-load-scraper");
        if (scraper != null) {
            scrapes.scheduleAtFixedRate(() -> scraper.scrape(phases), 0, period, TimeUnit.NANOSECONDS);
        }
        return scrapes;
    }

    /** One daemon thread per event loop, named gsf-load-N. */
    private static void startThreads(List<EventLoop> loops) {
        for (int i = 0; i < loops.size(); i++) {
            Thread t = new Thread(loops.get(i), "gsf-load-" + i);
            t.setDaemon(true);
            t.start();
        }
    }

    /**
     * Adds each loop's figures to {@code merged} as it hands them over, waiting for all of them until the deadline
     * (the planned end plus the grace period). Returns why the run is incomplete, or null when every loop reported.
     */
    private static String awaitFigures(List<EventLoop> loops, long deadline, RunMetrics merged)
            throws InterruptedException {
        String abort = null;
        for (EventLoop loop : loops) {
            long wait = Math.max(1, deadline - System.nanoTime());
            try {
                merged.add(loop.result().get(wait, TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                loops.forEach(EventLoop::stop);
                abort = "an event loop did not stop within " + GRACE.toSeconds() + "s of the planned end;"
                        + " its figures are missing";
            } catch (java.util.concurrent.ExecutionException e) {
                abort = "an event loop failed: " + e.getCause();
            }
        }
        return abort;
    }

    /** Stops the loops, the sampling and the scrapes (null when there are none), waiting a bounded time for each. */
    private static void stop(List<EventLoop> loops, ScheduledExecutorService ticker, ScheduledExecutorService scrapes)
            throws InterruptedException {
        loops.forEach(EventLoop::stop);
        ticker.shutdownNow();
        ticker.awaitTermination(5, TimeUnit.SECONDS);
        if (scrapes != null) {
            scrapes.shutdownNow();
            scrapes.awaitTermination(SCRAPE_TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
        }
    }

    /** Scrapes the server once more, as it is at the end of the run, and gives every scrape; says when some failed. */
    private ServerMetrics lastScrape(ServerScraper scraper, Phases phases) {
        scraper.scrape(phases); // the server at the end of the run
        scraper.close();
        ServerMetrics serverMetrics = scraper.result();
        if (serverMetrics.failures() > 0) {
            log.println("gsf load: " + serverMetrics.failures() + " of " + serverMetrics.samples().size()
                    + " scrapes of " + serverMetrics.url() + " failed, first: " + serverMetrics.firstError());
        }
        return serverMetrics;
    }

    private static ScheduledExecutorService daemonScheduler(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    private RunResult aborted(List<String> names, String reason) {
        log.println("gsf load: " + reason);
        Phases none = new Phases(System.nanoTime(), 0, 0, 0);
        long[] lengths = new long[names.size()];
        java.util.Arrays.fill(lengths, -1);
        return new RunResult("unknown", null, names, lengths, List.of(), reason, none, new RunMetrics(names.size()),
                Map.of(), List.of(), 0, 0, Double.NaN, null, RunClock.startingNow(startAt), stop.requested());
    }
}
