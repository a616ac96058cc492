package dev.gsf.bench;

import dev.gsf.loadgen.load.plan.LoadPlan;
import dev.gsf.loadgen.load.driver.Target;
import dev.gsf.loadgen.load.plan.Units;
import dev.gsf.loadgen.load.metrics.RunMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Our load generator as a {@link LoadClient}: every download verified (length, MD5, headers), unthrottled or at a
 * per-client rate. Runs in this process; the servers it drives are separate processes.
 *
 * @param manifest the files' MD5SUMS
 * @param work     where each run's reports and log go, a directory per run
 * @param rate      per-client download limit in bytes per second, 0 for unthrottled
 * @param transport plain HTTP, or HTTPS trusting the run's CA
 */
record GsfLoadClient(Path manifest, Path work, long rate, Transport transport) implements LoadClient {

    @Override
    public String name() {
        return rate == 0 ? "gsf load" : "gsf load " + Units.formatRate(rate);
    }

    @Override
    public Result run(String url, int connections, Duration duration) throws IOException {
        Target target = Target.parse(url.substring(0, url.lastIndexOf('/') + 1));
        String file = url.substring(url.lastIndexOf('/') + 1);
        Path out = Files.createTempDirectory(Files.createDirectories(work), "load-");
        LoadPlan plan = transport.plan(LoadPlan.closed(target, manifest, file, connections, rate, Duration.ZERO,
                duration, Duration.ZERO, out));
        RunMetrics m;
        try {
            m = InProcessLoad.run(plan).first().result.metrics();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return new Result(m.steadyDownloads(), m.steadyBytes, duration.toMillis() / 1000.0, m.steadyErrorCount());
    }
}
