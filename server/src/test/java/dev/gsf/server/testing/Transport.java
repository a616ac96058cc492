package dev.gsf.server.testing;

import dev.gsf.server.FileServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * How a test reaches the server: plain HTTP on its port, or HTTPS on its TLS port with a test certificate (an EC key,
 * a two-certificate chain, clients trusting the root CA), served by BoringSSL ({@code tls-provider=openssl}, what
 * {@code auto} picks here) or by the JDK's TLS. Tests that check bytes run over each.
 */
public enum Transport {
    HTTP(null),
    /** HTTPS with BoringSSL's engines; a machine where its natives do not load fails the test (no quiet fallback). */
    HTTPS("openssl"),
    HTTPS_JDK("jdk");

    /** The {@code tls-provider} of this transport's server; null for plain HTTP. */
    public final String provider;

    Transport(String provider) {
        this.provider = provider;
    }

    /** The HTTPS transport of {@code tls-provider} {@code provider} ("openssl" or "jdk"). */
    public static Transport overTls(String provider) {
        return Arrays.stream(values()).filter(t -> t.isTls() && t.provider.equals(provider)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no HTTPS transport for tls-provider " + provider));
    }

    /** Whether this transport is HTTPS (under either provider). */
    public boolean isTls() {
        return this != HTTP;
    }

    private static TestCerts.Issued issued;

    /** The config keys (name, value, ...) a server needs for this transport: {@code keyValues} and TLS's. */
    public String[] keys(String... keyValues) {
        if (this == HTTP) {
            return keyValues;
        }
        TestCerts.Issued issued = issued();
        return Stream.concat(Arrays.stream(keyValues), Stream.of("tls-port", "0", "tls-cert",
                issued.chain().toString(), "tls-key", issued.key().toString(), "tls-provider", provider))
                .toArray(String[]::new);
    }

    /** A raw HTTP/1.1 connection to {@code server} over this transport. */
    public RawHttp connect(FileServer server) throws IOException {
        return this == HTTP ? new RawHttp(server.port())
                : RawHttp.overTls(server.tlsPort().orElseThrow(), TestCerts.clientContext());
    }

    /**
     * As {@link #connect}, with the client's receive buffer set to {@code bytes} before it connects: a body longer than
     * it and the server's {@code send-buffer} is still being sent when the client's next move reaches the server.
     */
    public RawHttp connect(FileServer server, int bytes) throws IOException {
        return this == HTTP ? RawHttp.withReceiveBuffer(server.port(), bytes)
                : RawHttp.overTls(server.tlsPort().orElseThrow(), TestCerts.clientContext(), bytes);
    }

    /** {@code path} (starting with /) on {@code server} as a URI of this transport. */
    public URI uri(FileServer server, String path) {
        return URI.create(this == HTTP ? "http://" + server.address() + path
                : "https://127.0.0.1:" + server.tlsPort().orElseThrow() + path);
    }

    /** A JDK HttpClient for this transport (HTTP/1.1; trusting the test root CA over HTTPS). */
    public HttpClient client() {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
        return (isTls() ? builder.sslContext(TestCerts.clientContext()) : builder).build();
    }

    /** GET {@code path} on {@code server} with {@code client} (of {@link #client}), headers given as name, value, .... */
    public HttpResponse<byte[]> get(HttpClient client, FileServer server, String path, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(server, path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** One EC leaf for every HTTPS test of this JVM, in a directory deleted when it exits. */
    private static synchronized TestCerts.Issued issued() {
        if (issued == null) {
            try {
                Path directory = Files.createTempDirectory("gsf-test-tls");
                directory.toFile().deleteOnExit(); // deleted after the files, registered later
                issued = TestCerts.issue(directory, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
                issued.chain().toFile().deleteOnExit();
                issued.key().toFile().deleteOnExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return issued;
    }
}
