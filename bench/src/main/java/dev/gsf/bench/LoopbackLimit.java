package dev.gsf.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.report.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The physical limit of loopback on this machine: iperf3 throughput, with and without its zero-copy mode (-Z). */
final class LoopbackLimit {
    /** Ports tried when another program takes the one picked between our pick and iperf3's bind. */
    private static final int PORT_ATTEMPTS = 5;

    private LoopbackLimit() {
    }

    /** iperf3's loopback figures in GB/s (NaN when not measured) and the line that states them. */
    record Figures(double gbps, double zeroCopyGbps, String line) {
    }

    /** iperf3 over loopback for {@code seconds} (as long as a measurement), with and without -Z, for scale. */
    static Figures both(Optional<Path> iperf3, int seconds) throws IOException {
        if (iperf3.isEmpty()) {
            return new Figures(Double.NaN, Double.NaN, "loopback limit: iperf3 not available");
        }
        double copy = measure(iperf3.get(), seconds, false);
        double zeroCopy = measure(iperf3.get(), seconds, true);
        return new Figures(copy, zeroCopy, String.format(Locale.ROOT,
                "loopback limit (iperf3, %ds, one stream): %.2f GB/s, with -Z (sendfile): %.2f GB/s", seconds, copy,
                zeroCopy));
    }

    /** GB/s (decimal) over {@code seconds}, or NaN when iperf3 failed. */
    static double measure(Path iperf3, int seconds, boolean zeroCopy) throws IOException {
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            int port = candidatePort();
            // iperf3 cannot bind port 0 and report it: it says when it listens on the port we chose, or fails to
            // bind; the client starts only after the first, so it never measures someone else's listener.
            Process server = new ProcessBuilder(List.of(iperf3.toString(), "-s", "-1", "-B", "127.0.0.1", "-p",
                    Integer.toString(port), "--forceflush")).redirectErrorStream(true).start();
            try {
                if (listening(server, port)) {
                    return client(iperf3, port, seconds, zeroCopy);
                }
            } finally {
                server.destroyForcibly();
            }
        }
        return Double.NaN;
    }

    private static int candidatePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits (bounded) for iperf3's "Server listening on PORT"; false when it exits or says anything else first. */
    private static boolean listening(Process server, int port) {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Boolean> said = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.startsWith("Server listening on " + port)) {
                        return true;
                    }
                    if (line.contains("error")) {
                        return false;
                    }
                }
            } catch (IOException e) {
                return false;
            }
            return false;
        });
        try {
            return said.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    private static double client(Path iperf3, int port, int seconds, boolean zeroCopy) throws IOException {
        List<String> client = new ArrayList<>(List.of(iperf3.toString(), "-c", "127.0.0.1", "-p",
                Integer.toString(port), "-t", Integer.toString(seconds), "-J"));
        if (zeroCopy) {
            client.add("-Z");
        }
        Process c = new ProcessBuilder(client).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String json = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            c.waitFor(seconds + 30L, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        } finally {
            c.destroyForcibly();
        }
        return gigabytesPerSecond(json);
    }

    /** The sender's bits per second of iperf3's JSON report as GB/s; NaN when it reports an error instead. */
    static double gigabytesPerSecond(String iperf3Json) {
        try {
            JsonNode sent = Json.tree(iperf3Json).path("end").path("sum_sent").path("bits_per_second");
            return sent.isNumber() ? sent.doubleValue() / 8 / 1e9 : Double.NaN;
        } catch (IOException notJson) {
            return Double.NaN;
        }
    }
}
