package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.AlgorithmAndTransportFixture;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTTP semantics, the same for every algorithm: methods, validators, conditionals, ranges, errors, keep-alive. Every
 * test runs once per algorithm over HTTP and for SBA, ENBA and VTA over HTTPS, on a connection of its own that every
 * answer must leave usable, to one server per algorithm and transport: the tests only send requests and read answers,
 * none changes the server (one per test started 54).
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
@Execution(ExecutionMode.CONCURRENT)
class HttpSemanticsTest extends AlgorithmAndTransportFixture {
    private static final int SIZE = 300_000;
    private static final String LAST_MODIFIED = "Tue, 03 Nov 2026 10:00:00 GMT";
    /** Every single-range form (RFC 9110 14.1.2) and the part of the file it selects; past the end is cut. */
    private static final List<SingleRange> SINGLE_RANGES = List.of(
            new SingleRange("100-199", 100, 100),
            new SingleRange("299000-", 299_000, 1000),
            new SingleRange("-500", 299_500, 500),
            new SingleRange("299990-400000", 299_990, 10),
            new SingleRange("-999999", 0, SIZE));
    /** Each invocation's server (invocations may run at once). */
    private static final Map<List<Object>, FileServer> SERVERS = new ConcurrentHashMap<>();
    @TempDir
    static Path root;
    private static byte[] content;

    @BeforeAll
    static void writeFiles() throws IOException {
        content = new byte[SIZE];
        new java.util.Random(42).nextBytes(content);
        Path file = root.resolve("data.bin");
        Files.write(file, content);
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2026-11-03T10:00:00Z")));
        Files.writeString(root.resolve("note.txt"), "hello\n");
        Files.write(root.resolve("empty.bin"), new byte[0]);
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub").resolve("a..b"), "dots inside a name are fine\n");
    }

    @BeforeParameterizedClassInvocation
    static void start(Algorithm algorithm, Transport transport) throws IOException {
        SERVERS.put(List.of(algorithm, transport), Servers.start(root, algorithm, transport.keys()));
    }

    @AfterParameterizedClassInvocation
    static void stop(Algorithm algorithm, Transport transport) {
        SERVERS.remove(List.of(algorithm, transport)).close();
    }

    @Override
    protected FileServer startServer() {
        return SERVERS.get(List.of(algorithm, transport));
    }

    @Override
    protected void stopServer(FileServer server) {
        // the invocation's: stopped after its last test
    }

    @Test
    void getSendsValidatorsTypeAndLength() throws IOException {
        RawHttp.Response r = http.exchange("GET", "/data.bin");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(SIZE));
        assertThat(r.header("Content-Type")).isEqualTo("application/octet-stream");
        assertThat(r.header("Last-Modified")).isEqualTo(LAST_MODIFIED);
        assertThat(r.header("ETag")).matches("\"[0-9a-f]+-[0-9a-f]+\"");
        assertThat(r.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(r.header("Date")).endsWith("GMT");
        assertThat(r.header("Server")).contains(algorithm.name());
        assertThat(r.md5()).isEqualTo(RawHttp.md5Hex(content, 0, SIZE));

        RawHttp.Response text = http.exchange("GET", "/note.txt");
        assertThat(text.header("Content-Type")).isEqualTo("text/plain; charset=utf-8");
        assertThat(text.body()).isEqualTo("hello\n");
    }

    @Test
    void headAnswersLikeGetWithoutABody_andTheConnectionStaysUsable() throws IOException {
        RawHttp.Response head = http.exchange("HEAD", "/data.bin");
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(SIZE));
        assertThat(head.header("ETag")).isNotBlank();
        // Had the server sent a body after the HEAD, this would read it as a status line.
        RawHttp.Response next = http.exchange("GET", "/note.txt");
        assertThat(next.status()).isEqualTo(200);
        assertThat(next.body()).isEqualTo("hello\n");
    }

    /** A Range header's byte range and the part of the file it selects. */
    private record SingleRange(String spec, int first, int length) {
    }

    @Test
    void eachSingleRangeFormGives206WithContentRange() throws IOException {
        for (SingleRange r : SINGLE_RANGES) {
            RawHttp.Response response = http.exchange("GET", "/data.bin", "Range: bytes=" + r.spec());
            assertThat(response.status()).as(r.spec()).isEqualTo(206);
            assertThat(response.header("Content-Range")).as(r.spec())
                    .isEqualTo("bytes " + r.first() + "-" + (r.first() + r.length() - 1) + "/" + SIZE);
            assertThat(response.bodyLength()).as(r.spec()).isEqualTo(r.length());
            assertThat(response.md5()).as(r.spec()).isEqualTo(RawHttp.md5Hex(content, r.first(), r.length()));
        }
    }

    @Test
    void unsatisfiableRangeGives416_multiRangesMultipart_andMalformedRangesGiveTheWholeFile() throws IOException {
        RawHttp.Response pastEnd = http.exchange("GET", "/data.bin", "Range: bytes=300000-");
        assertThat(pastEnd.status()).isEqualTo(416);
        assertThat(pastEnd.header("Content-Range")).isEqualTo("bytes */" + SIZE);

        assertThat(http.exchange("GET", "/data.bin", "Range: bytes=-0").status()).isEqualTo(416);
        assertThat(http.exchange("GET", "/empty.bin", "Range: bytes=0-").status()).isEqualTo(416);

        RawHttp.Response multi = http.exchange("GET", "/data.bin", "Range: bytes=0-9,20-29");
        assertThat(multi.status()).isEqualTo(206); // the parts' bytes: dev.gsf.server.http.MultipartRangesTest
        assertThat(multi.header("Content-Type")).startsWith("multipart/byteranges; boundary=");

        for (String malformed : new String[] {"bytes=9-0", "bytes=abc", "items=0-9", "bytes=--5", "bytes"}) {
            RawHttp.Response r = http.exchange("GET", "/data.bin", "Range: " + malformed);
            assertThat(r.status()).as(malformed).isEqualTo(200);
            assertThat(r.md5()).as(malformed).isEqualTo(RawHttp.md5Hex(content, 0, SIZE));
        }
    }

    @Test
    void conditionalRequestsGive304Or412_andIfRangeFallsBackToTheWholeFile() throws IOException {
        String etag = http.exchange("HEAD", "/data.bin").header("ETag");

        RawHttp.Response inm = http.exchange("GET", "/data.bin", "If-None-Match: \"other\", " + etag);
        assertThat(inm.status()).isEqualTo(304);
        assertThat(inm.header("ETag")).isEqualTo(etag);
        assertThat(http.exchange("GET", "/data.bin", "If-None-Match: W/" + etag).status()).isEqualTo(304);
        assertThat(http.exchange("GET", "/data.bin", "If-None-Match: *").status()).isEqualTo(304);
        assertThat(http.exchange("GET", "/data.bin", "If-None-Match: \"other\"").status()).isEqualTo(200);

        assertThat(http.exchange("GET", "/data.bin", "If-Modified-Since: " + LAST_MODIFIED).status())
                .isEqualTo(304);
        assertThat(http.exchange("GET", "/data.bin", "If-Modified-Since: Mon, 02 Nov 2026 10:00:00 GMT")
                .status()).isEqualTo(200);
        // The obsolete forms of the same dates (RFC 9110 5.6.7): RFC 850's and asctime's.
        assertThat(http.exchange("GET", "/data.bin", "If-Modified-Since: Tuesday, 03-Nov-26 10:00:00 GMT").status())
                .isEqualTo(304);
        assertThat(http.exchange("GET", "/data.bin", "If-Modified-Since: Tue Nov  3 10:00:00 2026").status())
                .isEqualTo(304);
        assertThat(http.exchange("GET", "/data.bin", "If-Unmodified-Since: Mon Nov  2 10:00:00 2026").status())
                .isEqualTo(412);
        assertThat(http.exchange("GET", "/data.bin", "Range: bytes=0-9",
                "If-Range: Tuesday, 03-Nov-26 10:00:00 GMT").status()).isEqualTo(206);
        // If-None-Match wins over If-Modified-Since.
        assertThat(http.exchange("GET", "/data.bin", "If-None-Match: \"other\"",
                "If-Modified-Since: " + LAST_MODIFIED).status()).isEqualTo(200);
        assertThat(http.exchange("HEAD", "/data.bin", "If-None-Match: " + etag).status()).isEqualTo(304);

        assertThat(http.exchange("GET", "/data.bin", "If-Match: \"other\"").status()).isEqualTo(412);
        assertThat(http.exchange("GET", "/data.bin", "If-Match: " + etag, "Range: bytes=0-0").status())
                .isEqualTo(206);
        assertThat(http.exchange("GET", "/data.bin", "If-Unmodified-Since: Mon, 02 Nov 2026 10:00:00 GMT")
                .status()).isEqualTo(412);

        assertThat(http.exchange("GET", "/data.bin", "Range: bytes=0-9", "If-Range: " + etag).status())
                .isEqualTo(206);
        assertThat(http.exchange("GET", "/data.bin", "Range: bytes=0-9", "If-Range: " + LAST_MODIFIED).status())
                .isEqualTo(206);
        RawHttp.Response stale = http.exchange("GET", "/data.bin", "Range: bytes=0-9", "If-Range: \"old\"");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.bodyLength()).isEqualTo(SIZE);
    }

    @Test
    void errorsHaveTheirStatusAndAClearMessage() throws IOException {
        RawHttp.Response missing = http.exchange("GET", "/no-such-file.bin");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).contains("no such file");

        for (String method : new String[] {"POST", "PUT", "DELETE", "OPTIONS", "PATCH"}) {
            RawHttp.Response r = http.exchange(method, "/data.bin", "Content-Length: 0");
            assertThat(r.status()).as(method).isEqualTo(405);
            assertThat(r.header("Allow")).isEqualTo("GET, HEAD");
        }
        RawHttp.Response directory = http.exchange("GET", "/sub");
        assertThat(directory.status()).as("directory without '/': nginx's 301").isEqualTo(301);
        assertThat(directory.header("Location")).isEqualTo("/sub/");
        assertThat(http.exchange("GET", "/").status()).as("no index, no listing: nginx's 403").isEqualTo(403);
        assertThat(http.exchange("GET", "/sub/a..b").body()).isEqualTo("dots inside a name are fine\n");
        assertThat(http.exchange("GET", "/empty.bin").bodyLength()).isZero();
        // Still one connection: every error above left it usable.
        assertThat(http.exchange("GET", "/note.txt").body()).isEqualTo("hello\n");
    }
}
