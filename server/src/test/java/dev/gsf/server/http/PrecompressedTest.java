package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.ServedOver;
import dev.gsf.server.testing.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Precompressed sidecars ({@code precompressed=br,gzip}): a client that accepts a coding gets f.gz or f.br for f,
 * with Content-Encoding, the original's Content-Type, Vary on every answer for the file, and validators of its own,
 * so the plain and the encoded representation never share an ETag; ranges, If-Range and 304 over the encoded bytes.
 * Every algorithm over HTTP, three over HTTPS.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
class PrecompressedTest {
    private static final Instant MODIFIED = Instant.parse("2026-11-03T10:00:00Z");
    /**
     * The server and client of each invocation, shared by its tests: each only sends requests and reads answers, none
     * changes the server (one per test started 63 servers and clients, each client over HTTPS a full handshake).
     * The two tests that need another configuration start their own.
     */
    private static final Map<List<Object>, ServedOver> SERVED = new ConcurrentHashMap<>();
    @TempDir
    static Path root;
    private static byte[] css;
    private static byte[] cssGz;
    private static byte[] cssBr;
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    Transport transport;
    private ServedOver served;

    @BeforeAll
    static void writeFiles() throws IOException {
        css = "body { color: #123456; }\n".repeat(8000).getBytes(); // 200 KB: several chunks, plain and gzip
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(css);
        }
        cssGz = gz.toByteArray();
        cssBr = Arrays.copyOf(cssGz, cssGz.length / 2); // stands for brotli's bytes: the server never looks inside
        write("style.css", css, MODIFIED);
        write("style.css.gz", cssGz, MODIFIED);
        write("style.css.br", cssBr, MODIFIED.plusSeconds(5));
        write("app.js", "let a = 1;\n".getBytes(), MODIFIED);
        write("app.js.gz", cssGz, MODIFIED.minusSeconds(60)); // older than app.js: stale, never served
    }

    private static void write(String name, byte[] bytes, Instant modified) throws IOException {
        Files.setLastModifiedTime(Files.write(root.resolve(name), bytes), FileTime.from(modified));
    }

    @BeforeParameterizedClassInvocation
    static void start(Algorithm algorithm, Transport transport) throws IOException {
        SERVED.put(List.of(algorithm, transport), ServedOver.start(root, algorithm, transport, "precompressed",
                "br,gzip", "chunk", "16K"));
    }

    @AfterParameterizedClassInvocation
    static void stop(Algorithm algorithm, Transport transport) {
        SERVED.remove(List.of(algorithm, transport)).close();
    }

    @BeforeEach
    void served() {
        served = SERVED.get(List.of(algorithm, transport));
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        return served.get(path, headers);
    }

    private static String header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name).orElse(null);
    }

    @Test
    void gzipIsServedWhereAccepted_withItsOwnETag_theOriginalsType_andVaryOnBoth() throws Exception {
        HttpResponse<byte[]> plain = get("/style.css");
        HttpResponse<byte[]> gzip = get("/style.css", "Accept-Encoding", "gzip");
        assertThat(plain.body()).isEqualTo(css);
        assertThat(header(plain, "Content-Encoding")).isNull();
        assertThat(gzip.body()).isEqualTo(cssGz);
        assertThat(header(gzip, "Content-Encoding")).isEqualTo("gzip");
        assertThat(header(gzip, "Content-Length")).isEqualTo(Integer.toString(cssGz.length));
        for (HttpResponse<byte[]> r : java.util.List.of(plain, gzip)) {
            assertThat(header(r, "Vary")).isEqualTo("Accept-Encoding");
            assertThat(header(r, "Content-Type")).startsWith("text/css");
        }
        assertThat(header(gzip, "ETag")).as("RFC 9110 8.8.3: one ETag per representation")
                .isNotEqualTo(header(plain, "ETag"));
        assertThat(get("/style.css", "Accept-Encoding", "br, gzip").body()).isEqualTo(cssBr);
    }

    @Test
    void qValuesStarAndIdentityDecide() throws Exception {
        assertThat(get("/style.css", "Accept-Encoding", "br;q=0.5, gzip;q=0.8").body()).isEqualTo(cssGz);
        assertThat(get("/style.css", "Accept-Encoding", "gzip;q=0, br;q=0").body()).isEqualTo(css);
        assertThat(get("/style.css", "Accept-Encoding", "*;q=0.1").body()).as("a tie: br first").isEqualTo(cssBr);
        assertThat(get("/style.css", "Accept-Encoding", "*, br;q=0").body()).isEqualTo(cssGz);
        assertThat(get("/style.css", "Accept-Encoding", "x-gzip").body()).isEqualTo(cssGz);
        assertThat(get("/style.css", "Accept-Encoding", "identity;q=0, gzip").body()).isEqualTo(cssGz);
        assertThat(get("/style.css", "Accept-Encoding", "identity").body()).isEqualTo(css);
    }

    @Test
    void aSidecarOlderThanItsFileIsNeverServed() throws Exception {
        HttpResponse<byte[]> r = get("/app.js", "Accept-Encoding", "gzip");
        assertThat(r.body()).isEqualTo("let a = 1;\n".getBytes());
        assertThat(header(r, "Content-Encoding")).isNull();
        assertThat(header(r, "Vary")).as("no sidecar to vary on").isNull();
    }

    @Test
    void rangesIfRangeAnd304ApplyToTheEncodedBytes() throws Exception {
        String gzipTag = header(get("/style.css", "Accept-Encoding", "gzip"), "ETag");
        String plainTag = header(get("/style.css"), "ETag");
        HttpResponse<byte[]> part = get("/style.css", "Accept-Encoding", "gzip", "Range", "bytes=100-",
                "If-Range", gzipTag);
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(header(part, "Content-Range")).isEqualTo("bytes 100-" + (cssGz.length - 1) + "/" + cssGz.length);
        assertThat(part.body()).isEqualTo(Arrays.copyOfRange(cssGz, 100, cssGz.length));
        HttpResponse<byte[]> stale = get("/style.css", "Accept-Encoding", "gzip", "Range", "bytes=100-",
                "If-Range", plainTag);
        assertThat(stale.statusCode()).as("If-Range of the other representation").isEqualTo(200);
        assertThat(stale.body()).isEqualTo(cssGz);
        HttpResponse<byte[]> notModified = get("/style.css", "Accept-Encoding", "gzip", "If-None-Match", gzipTag);
        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(header(notModified, "ETag")).isEqualTo(gzipTag);
        assertThat(header(notModified, "Vary")).isEqualTo("Accept-Encoding");
        assertThat(get("/style.css", "If-None-Match", gzipTag).statusCode()).as("plain: another tag").isEqualTo(200);
    }

    /** {@code curl -C -} resumes a half-downloaded gzip representation: Range over the encoded bytes. */
    @Test
    void curlResumesTheEncodedBytes() throws Exception {
        Path curl = Path.of("/usr/bin/curl");
        assumeTrue(Files.isExecutable(curl), "curl is not installed");
        Path out = Files.createTempFile(root, "resume", ".gz");
        Files.write(out, Arrays.copyOf(cssGz, cssGz.length / 3));
        Process process = new ProcessBuilder(curl.toString(), "-s", "-k", "-f", "-C", "-", "-H",
                "Accept-Encoding: gzip", "-o", out.toString(), transport.uri(served.server(), "/style.css").toString())
                .redirectErrorStream(true).start();
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes())).isZero();
        } finally {
            process.destroyForcibly();
        }
        assertThat(Files.readAllBytes(out)).isEqualTo(cssGz);
    }

    @Test
    void metricsAndTheStatusPageCountDownloadsByEncoding() throws Exception {
        try (FileServer admin = Servers.start(root, algorithm, transport.keys("precompressed", "gzip",
                "admin-port", "0"))) {
            for (String coding : new String[] {"gzip", "gzip", "identity"}) {
                HttpResponse<byte[]> r = served.client().send(HttpRequest.newBuilder(transport.uri(admin, "/style.css"))
                        .header("Accept-Encoding", coding).build(), HttpResponse.BodyHandlers.ofByteArray());
                assertThat(r.body()).isEqualTo(coding.equals("gzip") ? cssGz : css);
            }
            String base = admin.adminUrl().orElseThrow();
            try (HttpClient plain = HttpClient.newHttpClient()) {
                String metrics = plain.send(HttpRequest.newBuilder(java.net.URI.create(base + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertThat(metrics).contains("gsf_downloads_by_encoding_total{encoding=\"gzip\"} 2.0")
                        .contains("gsf_downloads_by_encoding_total{encoding=\"identity\"} 1.0");
                String status = plain.send(HttpRequest.newBuilder(java.net.URI.create(base
                        + "/admin/status?format=json")).build(), HttpResponse.BodyHandlers.ofString()).body();
                var encodings = new com.fasterxml.jackson.databind.ObjectMapper().readTree(status).get("encodings");
                assertThat(encodings.get("gzip").asLong()).isEqualTo(2);
                assertThat(encodings.get("identity").asLong()).isEqualTo(1);
            }
        }
    }

    @Test
    void withPrecompressedOffNoSidecarIsServedAndNothingVaries() throws Exception {
        try (FileServer off = Servers.start(root, algorithm, transport.keys())) {
            HttpResponse<byte[]> r = served.client().send(HttpRequest.newBuilder(transport.uri(off, "/style.css"))
                    .header("Accept-Encoding", "gzip, br").build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(r.body()).isEqualTo(css);
            assertThat(header(r, "Vary")).isNull();
            assertThat(header(r, "Content-Encoding")).isNull();
        }
    }
}
