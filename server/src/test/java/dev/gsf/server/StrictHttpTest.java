package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What the corpus cannot see: headers of our own refusals, and that a smuggled request is never answered. */
class StrictHttpTest {

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void traceGetsOur405_withTheAllowOfAFile_andTheConnectionServesTheNextRequest(Algorithm algorithm)
            throws IOException {
        try (FileServer server = Servers.start(TestFiles.fileSet(), algorithm);
             RawHttp http = new RawHttp(server.port())) {
            RawHttp.Response trace = http.exchange("TRACE", "/1KB.bin");
            assertThat(trace.status()).isEqualTo(405);
            assertThat(trace.header("Allow")).isEqualTo(FileHandler.ALLOWED_METHODS);
            assertThat(trace.header("Server")).startsWith("grizzly-sendfile/");
            assertThat(http.exchange("GET", "/1KB.bin").md5()).isEqualTo(WorkerPoolTest.md5Of("1KB.bin"));
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aBodyBehindAnUnknownTransferCodingIsNeverReadAsARequest(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(TestFiles.fileSet(), algorithm);
             RawHttp http = new RawHttp(server.port())) {
            http.sendRaw(("GET /1KB.bin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n"
                    + "GET /1MB.bin HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response refused = http.read(false);
            assertThat(refused.status()).isEqualTo(501);
            assertThat(refused.header("Connection")).isEqualTo("close");
            assertThat(http.closedByServer()).as("nothing follows the 501").isTrue();
            assertThat(server.algorithmStats().admitted()).as("no download started").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aPipelinedBadRequestIsAnsweredAfterTheDownloadBeforeIt_inOrder(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(TestFiles.fileSet(), algorithm);
             RawHttp http = new RawHttp(server.port())) {
            http.sendRaw(("GET /1MB.bin HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /1KB.bin HTTP/1.1\r\nHost: x\r\nNo Colon Here\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response download = http.read(false);
            assertThat(download.status()).isEqualTo(200);
            assertThat(download.md5()).isEqualTo(WorkerPoolTest.md5Of("1MB.bin"));
            assertThat(http.read(false).status()).isEqualTo(400);
            assertThat(http.closedByServer()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aTlsClientHelloIsAnswered400AtOnce_notAtTheIdleTimeout(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(TestFiles.fileSet(), algorithm, "idle-timeout", "60m");
             RawHttp http = new RawHttp(server.port())) {
            byte[] hello = new byte[64];
            Arrays.fill(hello, (byte) 0x01);
            hello[0] = 0x16;
            hello[1] = 0x03;
            http.sendRaw(hello);
            assertThat(http.read(false).status()).isEqualTo(400); // RawHttp's read timeout is 30 s, far below 1 h
            assertThat(http.closedByServer()).isTrue();
        }
    }
}
