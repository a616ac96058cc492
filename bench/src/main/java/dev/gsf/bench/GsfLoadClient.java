package dev.gsf.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Our load generator as a {@link LoadClient}: every download verified (length, MD5, headers), unthrottled or at a
 * per-client rate. Runs in this process; the servers it drives are separate processes.
 */
final class GsfLoadClient implements LoadClient {
    private final Path manifest;
    private final Path work;
    private final String rate;

    /** @param rate per-client download limit, "none" for unthrottled */
    GsfLoadClient(Path manifest, Path work, String rate) {
        this.manifest = manifest;
        this.work = work;
        this.rate = rate;
    }

    @Override
    public String name() {
        return rate.equals("none") ? "gsf load" : "gsf load " + rate;
    }

    @Override
    public Result run(String url, int connections, Duration duration) throws IOException {
        URI uri = URI.create(url);
        String file = uri.getPath().substring(1);
        Path out = Files.createTempDirectory(Files.createDirectories(work), "load-");
        List<String> args = new ArrayList<>(List.of("--url", uri.resolve("/").toString(), "--manifest",
                manifest.toString(), "--clients", Integer.toString(connections), "--rate", rate, "--ramp-up", "0s",
                "--steady", duration.toSeconds() + "s", "--ramp-down", "0s"));
        if (!file.isEmpty()) {
            args.addAll(List.of("--mix", file));
        }
        JsonNode s;
        try {
            s = InProcessLoad.run(args, out).summary();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        double seconds = duration.toMillis() / 1000.0;
        long downloads = s.path("steadyDownloads").asLong();
        long bytes = s.path("steadyBytes").asLong();
        return new Result(downloads, bytes, seconds, s.path("steadyErrors").asLong());
    }
}
