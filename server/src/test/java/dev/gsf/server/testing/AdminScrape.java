package dev.gsf.server.testing;

import dev.gsf.server.FileServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a server's admin listener over real HTTP: /metrics parsed into series, pages as text. */
public final class AdminScrape {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private AdminScrape() {
    }

    public static HttpResponse<String> get(int port, String target) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    public static HttpResponse<String> post(int port, String target, String body)
            throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
                .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    public static String metricsText(FileServer server) throws IOException, InterruptedException {
        HttpResponse<String> response = get(server.adminPort().orElseThrow(), "/metrics");
        if (response.statusCode() != 200) {
            throw new AssertionError("/metrics answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** Every sample of /metrics by its series, e.g. {@code gsf_downloads_started_total{algorithm="SBA"}}. */
    public static Map<String, Double> metrics(FileServer server) throws IOException, InterruptedException {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : metricsText(server).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    /** One sample; fails naming the series when it is missing. */
    public static double sample(Map<String, Double> samples, String series) {
        Double value = samples.get(series);
        if (value == null) {
            throw new AssertionError("no series " + series + " in /metrics");
        }
        return value;
    }
}
