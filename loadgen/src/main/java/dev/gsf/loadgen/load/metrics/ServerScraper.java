package dev.gsf.loadgen.load.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Scrapes the server's Prometheus /metrics during a run ({@code gsf load --server-metrics URL}) and keeps the gauges
 * that show the server's side of the load. A scrape that fails (no answer within the timeout, a status other than
 * 200, a body that is not the text format) is recorded and counted, never fails the run. {@link #scrape} is called by
 * one scheduler thread and blocks it for at most the timeout; {@link #result} by any thread.
 */
public final class ServerScraper implements AutoCloseable {
    private final URI url;
    private final Duration timeout;
    private final HttpClient client;
    private final List<ServerSample> samples = new ArrayList<>();
    private long failures;
    private String firstError;

    /**
     * Builds the HTTP client, which takes a while the first time in a JVM (it loads the default TLS context): make
     * the scraper before the run's clock starts.
     *
     * @param timeout the longest one scrape may take, connecting included
     */
    public ServerScraper(URI url, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** Checks a --server-metrics value: an absolute http or https URL. */
    public static URI url(String text) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("'" + text + "' is not a URL: " + e.getMessage());
        }
        if (!("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                || uri.getHost() == null) {
            throw new IllegalArgumentException("'" + text
                    + "' is not an http:// URL, e.g. http://127.0.0.1:9090/metrics");
        }
        return uri;
    }

    /** One scrape, timed on the run's clock; a failure becomes a sample with its reason. */
    public void scrape(Phases phases) {
        ServerSample sample;
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(url).timeout(timeout)
                    .header("Accept", "text/plain; version=0.0.4").GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("HTTP status " + response.statusCode());
            }
            List<PrometheusText.Sample> exposition = PrometheusText.parse(response.body());
            sample = new ServerSample(seconds(phases), PrometheusText.sum(exposition, "gsf_workers_busy"),
                    PrometheusText.sum(exposition, "gsf_downloads_waiting"),
                    PrometheusText.sum(exposition, "gsf_downloads_in_progress"),
                    PrometheusText.sum(exposition, "process_resident_memory_bytes"),
                    PrometheusText.sum(exposition, "process_open_fds"), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the run is over; this scrape did not happen
            return;
        } catch (IOException | IllegalArgumentException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            sample = new ServerSample(seconds(phases), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    why);
        }
        add(sample);
    }

    private synchronized void add(ServerSample sample) {
        samples.add(sample);
        if (sample.error() != null && failures++ == 0) {
            firstError = sample.error();
        }
    }

    public synchronized ServerMetrics result() {
        return new ServerMetrics(url.toString(), List.copyOf(samples), failures, firstError);
    }

    private static double seconds(Phases phases) {
        return (System.nanoTime() - phases.startNanos()) / 1e9;
    }

    @Override
    public void close() {
        client.close();
    }
}
