package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.ServedOver;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 * Multi-range requests (RFC 9110 section 14): 206 multipart/byteranges whose every part carries its own type, range
 * and bytes, the length known up front; the limits (max-ranges, ranges adding up to more than the file) answer the
 * whole file; a single satisfiable range stays a plain 206. Every algorithm, zero-copy on and off, HTTP and HTTPS.
 */
@ParameterizedClass(name = "{0} zero-copy {1} {2}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsZeroCopyAndTransport")
class MultipartRangesTest {
    private static final int SIZE = 300_000;
    /**
     * The server and client of each invocation, shared by its tests: each only sends requests and reads answers, none
     * changes the server (one per test started 80 servers and clients, each client over HTTPS a full handshake).
     */
    private static final Map<List<Object>, ServedOver> SERVED = new ConcurrentHashMap<>();
    @TempDir
    static Path root;
    private static byte[] content;
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    boolean zeroCopy;
    @Parameter(2)
    Transport transport;
    private ServedOver served;

    @BeforeAll
    static void writeFiles() throws IOException {
        content = new byte[SIZE];
        new java.util.Random(7).nextBytes(content);
        Files.write(root.resolve("data.bin"), content);
        Files.writeString(root.resolve("note.txt"), "0123456789abcdefghij\n");
    }

    @BeforeParameterizedClassInvocation
    static void start(Algorithm algorithm, boolean zeroCopy, Transport transport) throws IOException {
        // A small chunk, so that big parts take several writes and the sections cross chunk boundaries.
        SERVED.put(List.of(algorithm, zeroCopy, transport), ServedOver.start(root, algorithm, transport, "zero-copy",
                Boolean.toString(zeroCopy), "chunk", "16K", "max-ranges", "8"));
    }

    @AfterParameterizedClassInvocation
    static void stop(Algorithm algorithm, boolean zeroCopy, Transport transport) {
        SERVED.remove(List.of(algorithm, zeroCopy, transport)).close();
    }

    @BeforeEach
    void served() {
        served = SERVED.get(List.of(algorithm, zeroCopy, transport));
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        return served.get(path, headers);
    }

    @Test
    void severalRangesAnswerMultipartWithEachPartsTypeRangeAndBytes() throws Exception {
        long[][] ranges = {{0, 99}, {200, 299}, {1000, 150_000}, {299_000, SIZE - 1}, {5, 5}};
        HttpResponse<byte[]> r = get("/data.bin", "Range", "bytes=0-99, 200-299,1000-150000,-1000,5-5");
        assertThat(r.statusCode()).isEqualTo(206);
        assertThat(r.headers().firstValue("Content-Range")).isEmpty();
        assertThat(r.headers().firstValueAsLong("Content-Length").orElseThrow()).isEqualTo(r.body().length);
        List<Multipart.Part> parts = Multipart.parts(r.body(),
                Multipart.boundary(r.headers().firstValue("Content-Type").orElseThrow()));
        assertThat(parts).hasSize(ranges.length);
        for (int i = 0; i < ranges.length; i++) {
            long first = ranges[i][0];
            long last = ranges[i][1];
            assertThat(parts.get(i).headers()).containsEntry("content-type", "application/octet-stream")
                    .containsEntry("content-range", "bytes " + first + "-" + last + "/" + SIZE);
            assertThat(parts.get(i).bytes()).as("part " + i)
                    .isEqualTo(Arrays.copyOfRange(content, (int) first, (int) last + 1));
        }
    }

    @Test
    void aSmallFileHeldInMemoryAnswersMultipartToo_headAlike() throws Exception {
        HttpResponse<byte[]> r = get("/note.txt", "Range", "bytes=0-1,10-");
        assertThat(r.statusCode()).isEqualTo(206);
        List<Multipart.Part> parts = Multipart.parts(r.body(),
                Multipart.boundary(r.headers().firstValue("Content-Type").orElseThrow()));
        assertThat(parts).extracting(p -> new String(p.bytes())).containsExactly("01", "abcdefghij\n");
        assertThat(parts.getFirst().headers()).containsEntry("content-type", "text/plain; charset=utf-8");
        try (RawHttp http = transport.connect(served.server())) {
            RawHttp.Response head = http.exchange("HEAD", "/note.txt", "Range: bytes=0-1,10-");
            assertThat(head.status()).isEqualTo(206);
            assertThat(head.header("Content-Type")).startsWith("multipart/byteranges; boundary=");
            // The boundary is new per answer, of a fixed length: the same length for HEAD as for GET.
            assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(r.body().length));
            assertThat(http.exchange("GET", "/note.txt").status()).as("the connection goes on").isEqualTo(200);
        }
    }

    @Test
    void oneSatisfiableRangeOfSeveralIsAPlain206_noneIs416() throws Exception {
        HttpResponse<byte[]> r = get("/data.bin", "Range", "bytes=100-199,400000-");
        assertThat(r.statusCode()).isEqualTo(206);
        assertThat(r.headers().firstValue("Content-Range")).contains("bytes 100-199/" + SIZE);
        assertThat(r.body()).isEqualTo(Arrays.copyOfRange(content, 100, 200));
        HttpResponse<byte[]> none = get("/data.bin", "Range", "bytes=300000-,400000-500000");
        assertThat(none.statusCode()).isEqualTo(416);
        assertThat(none.headers().firstValue("Content-Range")).contains("bytes */" + SIZE);
    }

    @Test
    void tooManyRangesOrRangesAddingUpToMoreThanTheFileGetTheWholeFile() throws Exception {
        String nine = "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16"; // max-ranges is 8
        String eight = "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14";
        String thousand = "bytes=" + String.join(",", java.util.Collections.nCopies(1000, "1-1"));
        String overlapping = "bytes=0-199999,100000-299999";
        for (String range : List.of(nine, thousand, overlapping)) {
            HttpResponse<byte[]> r = get("/data.bin", "Range", range);
            assertThat(r.statusCode()).as(range.substring(0, 28)).isEqualTo(200);
            assertThat(r.body()).isEqualTo(content);
        }
        assertThat(get("/data.bin", "Range", eight).statusCode()).isEqualTo(206);
    }

    @Test
    void ifRangeAppliesToMultipleRanges() throws Exception {
        String etag = get("/note.txt").headers().firstValue("ETag").orElseThrow();
        assertThat(get("/data.bin", "Range", "bytes=0-1,5-6", "If-Range", "\"other\"").statusCode()).isEqualTo(200);
        HttpResponse<byte[]> held = get("/note.txt", "Range", "bytes=0-1,5-6", "If-Range", etag);
        assertThat(held.statusCode()).isEqualTo(206);
        assertThat(held.headers().firstValue("Content-Type").orElseThrow()).startsWith("multipart/byteranges");
    }
}
