package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.ConnectedServerFixture;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the corpus cannot see: headers of our own refusals, and that a smuggled request is never answered. Every test
 * runs once per algorithm, on a fresh server and one connection to it. The server's idle timeout is an hour, so that
 * a connection closed within a test was closed by the server's answer, never by the timeout.
 */
@ParameterizedClass
@EnumSource(Algorithm.class)
@Execution(ExecutionMode.CONCURRENT)
class StrictHttpTest extends ConnectedServerFixture {
    @Parameter
    Algorithm algorithm;

    @Override
    protected FileServer startServer() throws IOException {
        return Servers.start(algorithm, "idle-timeout", "60m");
    }

    @Test
    void traceGetsOur405_withTheAllowOfAFile_andTheConnectionServesTheNextRequest() throws IOException {
        RawHttp.Response trace = http.exchange("TRACE", "/1KB.bin");
        assertThat(trace.status()).isEqualTo(405);
        assertThat(trace.header("Allow")).isEqualTo("GET, HEAD");
        assertThat(trace.header("Server")).startsWith("grizzly-sendfile/");
        assertThat(http.exchange("GET", "/1KB.bin").md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
    }

    @Test
    void aLongHostAndLongChunkExtensionsAreRead_notOverflowingTheReadersStack() throws IOException {
        // Each was once matched by a regex whose group loop recursed per character: a StackOverflowError on the
        // selector thread and the connection dropped unanswered (the socket driver found the Host).
        String host = "a".repeat(3000) + "%41".repeat(1000);
        RawHttp.Response longHost = pipelined("GET /1KB.bin HTTP/1.1\r\nHost: " + host + "\r\n\r\n", "");
        assertThat(longHost.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
        String quoted = "5;name=\"" + "v".repeat(7000) + "\"\r\nhello\r\n";
        String many = "0" + ";e".repeat(3000) + "\r\n\r\n";
        RawHttp.Response chunked = pipelined("GET /1KB.bin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + quoted + many, "GET /1KB.bin HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(chunked.status()).isEqualTo(200);
        assertThat(http.read(false).md5()).as("the request after the body").isEqualTo(TestFiles.md5Of("1KB.bin"));
    }

    @Test
    void aBodyBehindAnUnknownTransferCodingIsNeverReadAsARequest() throws IOException {
        RawHttp.Response refused = pipelined("GET /1KB.bin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n",
                "GET /1MB.bin HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(refused.status()).isEqualTo(501);
        assertThat(refused.header("Connection")).isEqualTo("close");
        assertThat(http.closedByServer()).as("nothing follows the 501").isTrue();
        assertThat(server.algorithmStats().admitted()).as("no download started").isZero();
    }

    @Test
    void aPipelinedBadRequestIsAnsweredAfterTheDownloadBeforeIt_inOrder() throws IOException {
        RawHttp.Response download = pipelined("GET /1MB.bin HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /1KB.bin HTTP/1.1\r\nHost: x\r\nNo Colon Here\r\n\r\n");
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
        assertThat(http.read(false).status()).isEqualTo(400);
        assertThat(http.closedByServer()).isTrue();
    }

    @Test
    void aTlsClientHelloIsAnswered400AtOnce_notAtTheIdleTimeout() throws IOException {
        byte[] hello = new byte[64];
        Arrays.fill(hello, (byte) 0x01);
        hello[0] = 0x16;
        hello[1] = 0x03;
        http.sendRaw(hello);
        assertThat(http.read(false).status()).isEqualTo(400); // RawHttp's read timeout is 30 s, far below 1 h
        assertThat(http.closedByServer()).isTrue();
    }

    /**
     * An HTTP/0.9 client sends its one line and waits; the line cannot become a request (RFC 9112 §3), so it gets its
     * 400 when the line ends. It waited for the empty line that ends a head, which never came, until the idle timeout
     * (found by the outside audit of 2026-11-28; nginx answers in HTTP/0.9 at once).
     */
    @Test
    void anHttp09RequestLineIsAnswered400AtItsEnd_notAtTheIdleTimeout() throws IOException {
        http.sendRaw("GET /1KB.bin\r\n".getBytes(StandardCharsets.ISO_8859_1));
        RawHttp.Response refused = http.read(false); // RawHttp's read timeout is 30 s, far below 1 h
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("method SP target SP version");
        assertThat(http.closedByServer()).isTrue();
    }

    /** Sends both requests in one write, as a pipelining client may, and reads the answer to the first. */
    private RawHttp.Response pipelined(String first, String second) throws IOException {
        http.sendRaw((first + second).getBytes(StandardCharsets.ISO_8859_1));
        return http.read(false);
    }
}
