package dev.gsf.micro.ping;

import dev.gsf.micro.common.Choices;
import dev.gsf.micro.report.MicroCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsf ping}: NIO vs NIO.2 ping-pong latency and throughput ("Comparing Java 7 Async NIO with NIO"), with virtual threads. */
@Command(name = "ping",
        description = {"Ping-pong of small messages over loopback (TCP_NODELAY): blocking NIO, busy-spin NIO,"
                + " NIO.2 Future and CompletionHandler, virtual threads; single-threaded (one thread drives both ends)"
                + " and threaded (server on its own thread). Latency percentiles in µs (HdrHistogram), K round trips/s."})
public final class PingCommand extends MicroCommand {
    @Option(names = "--styles", split = ",", description = "blocking,spin,future,handler,virtual (default: all)")
    List<String> styles = List.of("blocking", "spin", "future", "handler", "virtual");

    @Option(names = "--modes", split = ",", description = "single,threaded (default: both)")
    List<String> modes = List.of("single", "threaded");

    @Option(names = "--size", description = "message bytes, single-threaded (default: 1024)")
    int size = 1024;

    @Option(names = "--threaded-size", description = "message bytes, threaded (default: 32)")
    int threadedSize = 32;

    @Option(names = "--warmup", description = "untimed round trips first (default: 100000)")
    long warmup = 100_000;

    @Option(names = "--count", description = "timed round trips (default: 1000000)")
    long count = 1_000_000;

    @Option(names = "--runs", description = "runs per style and mode; the table shows the best (default: 3)")
    int runs = 3;

    @Option(names = "--limit", paramLabel = "SECONDS", description = "a run stops after this long (default: 120)")
    int limitSeconds = 120;

    @Option(names = "--sockperf", paramLabel = "SECONDS",
            description = "sockperf ping-pong reference run time when sockperf is installed, 0 = skip (default: 10)")
    int sockperfSeconds = 10;

    public PingCommand() {
        super("--warmup 10000 --count 50000 --runs 2 --sockperf 3");
    }

    @Override
    protected Outcome measure() throws Exception {
        List<PingOutcome> outcomes = new ArrayList<>();
        for (String m : modes) {
            PingMode mode = Choices.parse(PingMode.class, m);
            int bytes = mode == PingMode.SINGLE ? size : threadedSize;
            PingSpec spec = new PingSpec(bytes, warmup, count, Duration.ofSeconds(5), Duration.ofSeconds(limitSeconds));
            for (String s : styles) {
                for (int r = 0; r < runs; r++) {
                    PingOutcome o = PingBench.run(Choices.parse(PingStyle.class, s), mode, spec);
                    outcomes.add(o);
                    System.err.printf("ping %s %s %d B run %d/%d: %s%n", o.style().label(), mode.label(), bytes,
                            r + 1, runs, o.status().equals("OK")
                                    ? String.format("p50 %.1f µs, %.0f K/s", o.percentileMicros(50), o.kPerSecond())
                                    : o.status() + " " + o.reason());
                }
            }
        }
        List<String> notes = new ArrayList<>();
        List<PingReport.Reference> references = new ArrayList<>();
        if (sockperfSeconds > 0 && Sockperf.installed()) {
            for (int bytes : List.of(size, threadedSize)) {
                references.add(new PingReport.Reference(bytes, Sockperf.pingPong(bytes, sockperfSeconds)));
            }
        } else {
            notes.add(sockperfSeconds > 0 ? "sockperf is not installed: no physical reference (apt-get install sockperf)"
                    : "sockperf reference skipped (--sockperf 0)");
        }
        notes.add("warm-up " + warmup + ", timed " + count + " round trips per run, " + runs + " runs; java "
                + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " cores");
        return new Outcome(PingReport.of(outcomes, references, notes),
                outcomes.stream().allMatch(o -> o.status().equals("OK")));
    }
}
