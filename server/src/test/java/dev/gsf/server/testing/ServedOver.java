package dev.gsf.server.testing;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/**
 * A test's server and the JDK client that reaches it over one transport, started together and closed together: the
 * set-up of the tests that send requests with headers and read whole answers.
 */
public record ServedOver(Transport transport, FileServer server, HttpClient client) implements AutoCloseable {

    /** Serves {@code root} with {@code algorithm} and {@code keyValues} (plus TLS's for HTTPS). */
    public static ServedOver start(Path root, Algorithm algorithm, Transport transport, String... keyValues)
            throws IOException {
        return new ServedOver(transport, Servers.start(root, algorithm, transport.keys(keyValues)), transport.client());
    }

    /** GET {@code path} with headers given as name, value, .... */
    public HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
        return transport.get(client, server, path, headers);
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
