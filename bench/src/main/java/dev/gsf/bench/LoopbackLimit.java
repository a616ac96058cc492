package dev.gsf.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The physical limit of loopback on this machine: iperf3 throughput, with and without its zero-copy mode (-Z). */
final class LoopbackLimit {
    private static final Pattern SENDER = Pattern.compile("\"sum_sent\"\\s*:\\s*\\{[^}]*\"bits_per_second\"\\s*:\\s*([\\d.eE+]+)");

    private LoopbackLimit() {
    }

    /** GB/s (decimal) over {@code seconds}, or NaN when iperf3 failed. */
    static double measure(Path iperf3, int port, int seconds, boolean zeroCopy) throws IOException {
        Process server = new ProcessBuilder(List.of(iperf3.toString(), "-s", "-1", "-B", "127.0.0.1",
                "-p", Integer.toString(port))).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            List<String> client = new ArrayList<>(List.of(iperf3.toString(), "-c", "127.0.0.1", "-p",
                    Integer.toString(port), "-t", Integer.toString(seconds), "-J"));
            if (zeroCopy) {
                client.add("-Z");
            }
            for (int attempt = 0; attempt < 50; attempt++) { // the server needs a moment to listen
                Process c = new ProcessBuilder(client).redirectErrorStream(true).start();
                String json = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                c.waitFor(seconds + 30L, TimeUnit.SECONDS);
                Matcher m = SENDER.matcher(json);
                if (m.find()) {
                    return Double.parseDouble(m.group(1)) / 8 / 1e9;
                }
                if (!json.contains("Connection refused")) {
                    return Double.NaN;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(100_000_000);
            }
            return Double.NaN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        } finally {
            server.destroyForcibly();
        }
    }
}
