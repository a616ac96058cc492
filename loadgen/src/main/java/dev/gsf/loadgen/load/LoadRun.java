package dev.gsf.loadgen.load;

import dev.gsf.loadgen.load.driver.DriverConfig;
import dev.gsf.loadgen.load.driver.EventLoop;
import dev.gsf.loadgen.load.driver.Expectation;
import dev.gsf.loadgen.load.driver.Probe;
import dev.gsf.loadgen.load.metrics.ErrorLog;
import dev.gsf.loadgen.load.metrics.LiveCounters;
import dev.gsf.loadgen.load.metrics.Phases;
import dev.gsf.loadgen.load.metrics.Recorder;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import dev.gsf.loadgen.load.metrics.RunResult;
import dev.gsf.loadgen.load.metrics.Sampler;
import dev.gsf.loadgen.load.metrics.ServerMetrics;
import dev.gsf.loadgen.load.metrics.ServerScraper;
import dev.gsf.loadgen.load.report.Progress;
import dev.gsf.loadgen.load.workload.Workload;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one load: probes the server, starts the event loops, samples the time series, stops on time and merges the
 * figures. Blocks the calling thread for the run's duration plus a bounded grace period.
 *
 * @param log      where progress and first-error lines go
 * @param terminal rewrite the progress line in place
 */
public record LoadRun(LoadPlan plan, Workload workload, PrintStream log, boolean terminal) {
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
        Probe.Result probe;
        try {
            probe = Probe.run(plan.target(), address, workload.files(), plan.timeout());
        } catch (Probe.UnreachableException e) {
            return aborted(names, e.getMessage());
        }
        probe.warnings().forEach(w -> log.println("gsf load: warning: " + w));
        long[] lengths = probe.expectations().stream().mapToLong(Expectation::length).toArray();
        DriverConfig config = DriverConfig.of(plan.target(), address, workload, probe.expectations(), plan.rate(),
                plan.burst(), plan.receiveBuffer(), plan.timeout().toNanos(), plan.think());

        // Before the run's clock starts: building the HTTP client the first time can take seconds on a busy machine.
        ServerScraper scraper = plan.serverMetrics() == null ? null
                : new ServerScraper(plan.serverMetrics(), plan.interval().compareTo(SCRAPE_TIMEOUT) > 0
                        ? plan.interval() : SCRAPE_TIMEOUT);
        Phases phases = Phases.startingNow(plan.rampUp(), plan.steady(), plan.rampDown());
        LiveCounters live = new LiveCounters();
        ErrorLog errorLog = new ErrorLog(log);
        List<EventLoop> loops = EventLoop.create(plan.threads(), config, plan.clients(), plan.arrivalRate(),
                () -> new Recorder(phases, names.size(), live, errorLog), plan.seed());
        Progress progress = new Progress(log, phases, terminal, 10);
        Sampler sampler = new Sampler(phases, live, progress::update);
        ScheduledExecutorService ticker = daemonScheduler("gsf-load-sampler");
        long period = plan.interval().toNanos();
        ticker.scheduleAtFixedRate(sampler::sample, period, period, TimeUnit.NANOSECONDS);
        // Its own thread: a slow /metrics must not delay the client's samples.
        ScheduledExecutorService scrapes = scraper == null ? null : daemonScheduler("gsf-load-scraper");
        if (scraper != null) {
            scrapes.scheduleAtFixedRate(() -> scraper.scrape(phases), 0, period, TimeUnit.NANOSECONDS);
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < loops.size(); i++) {
            Thread t = new Thread(loops.get(i), "gsf-load-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        RunMetrics merged = new RunMetrics(names.size());
        String abort = null;
        long deadline = phases.end() + GRACE.toNanos();
        try {
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
        } finally {
            loops.forEach(EventLoop::stop);
            ticker.shutdownNow();
            ticker.awaitTermination(5, TimeUnit.SECONDS);
            if (scrapes != null) {
                scrapes.shutdownNow();
                scrapes.awaitTermination(SCRAPE_TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
            }
        }
        sampler.sample(); // the last partial interval
        ServerMetrics serverMetrics = null;
        if (scraper != null) {
            scraper.scrape(phases); // the server at the end of the run
            scraper.close();
            serverMetrics = scraper.result();
            if (serverMetrics.failures() > 0) {
                log.println("gsf load: " + serverMetrics.failures() + " of " + serverMetrics.samples().size()
                        + " scrapes of " + serverMetrics.url() + " failed, first: " + serverMetrics.firstError());
            }
        }
        progress.done();
        return new RunResult(probe.server(), probe.algorithm(), names, lengths, probe.warnings(), abort, phases, merged,
                errorLog.samples(), sampler.samples(), sampler.peakHeapBytes(), sampler.peakConnections(),
                sampler.steadyCpuPercent(), serverMetrics);
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
                Map.of(), List.of(), 0, 0, Double.NaN, null);
    }
}
