package dev.gsf.micro.ping;

import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.Programs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The physical reference: sockperf's TCP ping-pong (C, blocking recvfrom) on the same loopback, when sockperf is
 * installed. Reports full round-trip times (--full-rtt) so they compare with ours. Blocks the calling thread for
 * the run time plus a few seconds at most.
 */
public final class Sockperf {
    private static final Pattern PERCENTILE = Pattern.compile("percentile (\\d+\\.\\d+) =\\s+([\\d.]+)");
    private static final Pattern MIN = Pattern.compile("<MIN> observation =\\s+([\\d.]+)");
    private static final Pattern RUN = Pattern.compile("\\[Valid Duration\\] RunTime=([\\d.]+) sec; SentMessages=(\\d+)");

    /** Percentiles in µs by name ("50.000", "99.000", "min"), and round trips per second in thousands. */
    public record Result(Map<String, Double> percentiles, double kPerSecond) {
    }

    private Sockperf() {
    }

    public static boolean installed() {
        return Programs.onPath("sockperf");
    }

    public static Result pingPong(int size, int seconds) throws IOException, InterruptedException {
        int port = Loopback.freePort();
        Process server = new ProcessBuilder("sockperf", "server", "--tcp", "-i", "127.0.0.1", "-p",
                Integer.toString(port)).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            Loopback.awaitListening(port, Duration.ofSeconds(5));
            Process client = new ProcessBuilder("sockperf", "ping-pong", "--tcp", "--full-rtt", "-i", "127.0.0.1",
                    "-p", Integer.toString(port), "-m", Integer.toString(size), "-t", Integer.toString(seconds))
                    .redirectErrorStream(true).start();
            String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!client.waitFor(seconds + 10L, TimeUnit.SECONDS)) {
                client.destroyForcibly();
                throw new IOException("sockperf ping-pong did not end");
            }
            return parse(out);
        } finally {
            server.destroy();
            if (!server.waitFor(5, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    static Result parse(String out) throws IOException {
        Map<String, Double> p = new LinkedHashMap<>();
        Matcher m = PERCENTILE.matcher(out);
        while (m.find()) {
            p.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        Matcher min = MIN.matcher(out);
        if (min.find()) {
            p.put("min", Double.parseDouble(min.group(1)));
        }
        Matcher run = RUN.matcher(out);
        if (p.isEmpty() || !run.find()) {
            throw new IOException("no results in sockperf output:\n" + out);
        }
        double k = Long.parseLong(run.group(2)) / Double.parseDouble(run.group(1)) / 1000;
        return new Result(p, k);
    }
}
