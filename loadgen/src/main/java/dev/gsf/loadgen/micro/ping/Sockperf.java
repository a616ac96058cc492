package dev.gsf.loadgen.micro.ping;

import dev.gsf.loadgen.micro.common.Loopback;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, "sockperf").canExecute()) {
                return true;
            }
        }
        return false;
    }

    public static Result pingPong(int size, int seconds) throws IOException, InterruptedException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, Loopback.anyPort().getAddress())) {
            port = free.getLocalPort();
        }
        Process server = new ProcessBuilder("sockperf", "server", "--tcp", "-i", "127.0.0.1", "-p",
                Integer.toString(port)).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            awaitListening(port);
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

    /** The server needs a moment to listen; try to connect for up to 5 s. */
    private static void awaitListening(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            try (Socket s = new Socket(Loopback.anyPort().getAddress(), port)) {
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("sockperf server did not listen on port " + port, e);
                }
                Thread.sleep(50);
            }
        }
    }
}
