package dev.gsf.server.http;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.AlgorithmAndTransportFixture;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plain GETs, answered where the strict filter reads them (FileHandler#answer), against the same
 * requests answered through Grizzly's parser (a Connection field makes a GET not plain). Every test runs once per
 * algorithm over HTTP and for SBA, ENBA and VTA over HTTPS, on a fresh server with an access log (the two that wait
 * out an idle timeout only with ENBA over HTTPS: seconds each).
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
@Execution(ExecutionMode.CONCURRENT)
class PlainGetTest extends AlgorithmAndTransportFixture {
    @TempDir
    Path logs;

    @Override
    protected FileServer startServer() throws IOException {
        return Servers.start(algorithm, transport.keys("access-log", logs.resolve("access.log").toString()));
    }

    @Test
    void aPlainGetIsAnsweredAsGrizzlyAnswersIt_headersAndBody_andCountedAsTheAlgorithmsDownload() throws IOException {
        RawHttp.Response plain = http.exchange("GET", "/1KB.bin?query=ignored");
        RawHttp.Response parsed = http.exchange("GET", "/1KB.bin", "Connection: keep-alive");
        assertThat(plain.status()).isEqualTo(200);
        assertThat(withoutDate(plain.headers())).isEqualTo(withoutDate(parsed.headers()));
        assertThat(plain.md5()).isEqualTo(parsed.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
        assertThat(plain.header("X-Send-Algorithm")).isEqualTo(algorithm.name());
        Await.until("both counted as completed downloads", WAIT,
                () -> server.algorithmStats().ended(Outcome.COMPLETED) == 2, server::algorithmStats);
    }

    @Test
    void pipelinedBehindADownloadThroughGrizzly_plainGetsAreAnsweredInOrder() throws IOException {
        http.sendRaw(("GET /1MB.bin HTTP/1.1\r\nHost: x\r\n\r\n" + "GET /1KB.bin HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /200KB.bin HTTP/1.1\r\nHost: x\r\n\r\n" + "GET /1KB.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        for (String file : new String[] {"1MB.bin", "1KB.bin", "200KB.bin", "1KB.bin"}) {
            assertThat(http.read(false).md5()).as(file).isEqualTo(TestFiles.md5Of(file));
        }
    }

    @Test
    void aRequestSentWhileALongerPlainGetIsSent_isAnsweredAfterItsWholeBody() throws IOException {
        // A 16K receive buffer, and more than the largest send buffer the kernel autotunes to (4 MiB): the body's
        // writes wait on us.
        RawHttp.Response head = http.startDownload("/20MB.bin");
        assertThat(head.status()).isEqualTo(200);
        http.send("GET", "/1KB.bin"); // reaches the server while most of the 20 MB is still to be written
        // compared with the file, not hashed: MD5 costs ten times the CPU of reading the file again and comparing
        assertThat(RawHttp.firstDifference(http.body(head), TestFiles.fileSet().resolve("20MB.bin"))).isEqualTo(-1);
        assertThat(http.read(false).md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
    }

    @Test
    void aLongerPlainGetKeepsItsConnectionInUse_whileItsClientPausesForLongerThanTheIdleTimeout() throws Exception {
        assumeTrue(transport == Transport.HTTP || algorithm == Algorithm.ENBA, "waits seconds: over HTTPS once");
        try (FileServer idling = Servers.start(algorithm, transport.keys("idle-timeout", "1s"));
             RawHttp client = transport.connect(idling)) {
            RawHttp.Response head = client.startDownload("/20MB.bin"); // more than the kernel's buffers take
            Thread.sleep(2500); // the client reads nothing: the server's writes wait, none completes
            assertThat(RawHttp.firstDifference(client.body(head), TestFiles.fileSet().resolve("20MB.bin")))
                    .isEqualTo(-1);
            assertThat(client.exchange("GET", "/1KB.bin").status()).isEqualTo(200); // and the connection goes on
        }
    }

    @Test
    void aPlainGetIsLoggedWithItsRefererAndUserAgent() throws IOException {
        assertThat(http.exchange("GET", "/1KB.bin", "Referer: http://from/", "User-Agent:  agent/1 ").status())
                .isEqualTo(200);
        Path log = logs.resolve("access.log");
        Await.until("the line flushed", WAIT, () -> log.toFile().length() > 0);
        assertThat(Files.readString(log)).matches("(?s)127\\.0\\.0\\.1 - - \\[[^]]+] \"GET /1KB\\.bin HTTP/1\\.1\" 200 1024"
                + " \"http://from/\" \"agent/1\"\n");
    }

    @Test
    void plainGetsKeepTheirConnectionInUse_andItStillIdlesOutAfterThem() throws Exception {
        assumeTrue(transport == Transport.HTTP || algorithm == Algorithm.ENBA, "waits seconds: over HTTPS once");
        try (FileServer idling = Servers.start(algorithm, transport.keys("idle-timeout", "1s"));
             RawHttp client = transport.connect(idling)) {
            long end = System.nanoTime() + Duration.ofMillis(2500).toNanos(); // over twice the idle timeout
            int answered = 0;
            while (System.nanoTime() < end) {
                assertThat(client.exchange("GET", "/1KB.bin").status()).isEqualTo(200); // the same connection
                answered++;
                Thread.sleep(250); // the pace of a client in use: well inside the idle timeout between requests
            }
            assertThat(answered).isGreaterThan(5);
            long idleSince = System.nanoTime();
            assertThat(client.closedByServer()).as("closed once idle (RawHttp reads for up to 30 s)").isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - idleSince)).isLessThan(Duration.ofSeconds(10));
        }
    }

    private static Map<String, String> withoutDate(Map<String, String> headers) {
        Map<String, String> rest = new HashMap<>(headers);
        rest.remove("date");
        return rest;
    }
}
