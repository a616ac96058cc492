package dev.gsf.micro.conns;

import dev.gsf.common.ByteSize;
import dev.gsf.common.options.DurationOption;
import dev.gsf.common.options.WarmUpOption;
import dev.gsf.micro.report.MicroCommand;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gsf conns}: thread per connection vs selectors at 1700 connections ("Thread per connection: NIO, Linux NPTL and epoll"), with virtual threads. */
@Command(name = "conns",
        description = {"N persistent loopback connections blast checksummed frames; the server reads and checks"
                + " each one. Server models: a platform thread per connection, a virtual thread per connection, and a"
                + " reactor with k selector threads. Throughput = frames checked per second in the measured window."})
public final class ConnsCommand extends MicroCommand {
    @Option(names = "--connections", description = "persistent connections (default: 1700)")
    int connections = 1700;

    @Option(names = "--selectors", split = ",", description = "reactor selector threads (default: 1,2,4,...,512)")
    List<Integer> selectors = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512);

    @Option(names = "--models", split = ",", description = "reactor,platform,virtual (default: all)")
    List<String> models = List.of("reactor", "platform", "virtual");

    @Option(names = "--size", paramLabel = "SIZE", description = "frame payload (default: 1K)")
    String size = "1K";

    @Option(names = "--client-threads", description = "client selector threads (default: 2)")
    int clientThreads = 2;

    @Mixin
    WarmUpOption warmUp = new WarmUpOption(Duration.ofSeconds(2));

    /** The measured window. */
    @Mixin
    DurationOption duration = new DurationOption(Duration.ofSeconds(10));

    @Option(names = "--runs", description = "runs per model (default: 2)")
    int runs = 2;

    public ConnsCommand() {
        super("--connections 500 --selectors 1,4,16,64,256 --warm-up 1s --duration 2s --runs 1");
    }

    @Override
    protected Outcome measure() throws Exception {
        ConnsSettings settings = new ConnsSettings(connections, clientThreads, Math.toIntExact(ByteSize.parse(size)),
                warmUp.get(), duration.get(), Duration.ofSeconds(5));
        List<ConnsModel> chosen = new ArrayList<>();
        if (models.contains("reactor")) {
            selectors.forEach(k -> chosen.add(ConnsModel.reactor(k)));
        }
        if (models.contains("platform")) {
            chosen.add(ConnsModel.PLATFORM);
        }
        if (models.contains("virtual")) {
            chosen.add(ConnsModel.VIRTUAL);
        }
        List<ConnsResult> results = new ArrayList<>();
        for (ConnsModel model : chosen) {
            for (int r = 0; r < runs; r++) {
                ConnsResult res = ConnsCell.run(model, settings);
                results.add(res);
                System.err.printf("conns %s run %d/%d: %s%n", model.label(), r + 1, runs, res.ok()
                        ? String.format("%.0f frames/s, %.0f MiB/s", res.framesPerSecond(), res.mibPerSecond())
                        : res.status() + " " + res.reason());
            }
        }
        List<String> notes = List.of(connections + " connections, " + clientThreads + " client selector threads, "
                + "payload " + size + " + " + Frames.OVERHEAD + " bytes framing, warm-up " + seconds(warmUp.get())
                + " s, window " + seconds(duration.get()) + " s, " + runs + " runs per model; java " + Runtime.version()
                + ", " + Runtime.getRuntime().availableProcessors() + " cores (clients and server share them)");
        return new Outcome(ConnsReport.of(results, notes), results.stream().allMatch(ConnsResult::ok));
    }

    /** 2 for two seconds, 1.5 for 1500 ms. */
    private static String seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }
}
