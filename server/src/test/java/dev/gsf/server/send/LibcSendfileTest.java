package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Zero-copy sends by the server's own sendfile(2) call ({@link LibcSendfile}), for every algorithm: the direct call
 * is the one taken where it can be (JDK 22+ on Linux, as here; on JDK 21 the start-up line says transferTo), a full
 * socket is a short write and the rest follows, and a client that resets mid-body is gone, not a server error. A
 * file truncated mid-body: SendPathTest, which also counts the direct calls.
 */
class LibcSendfileTest {
    private static final boolean DIRECT = Runtime.version().feature() >= 22;

    private static FileServer start(Algorithm algorithm, String sendBuffer) throws java.io.IOException {
        return Servers.start(algorithm, "zero-copy", "true", "zero-copy-min", "0", "chunk", "64K", "inline-max", "0",
                "send-buffer", sendBuffer);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aSlowReaderWithATinyWindowGetsEveryByte_throughShortSendfiles(Algorithm algorithm) throws Exception {
        try (FileServer server = start(algorithm, "16K");
             RawHttp http = RawHttp.withReceiveBuffer(server.port(), 4096)) {
            assertThat(server.startLine()).contains(DIRECT ? "zero-copy=true(sendfile)" : "zero-copy=true(transferTo");
            http.send("GET", "/1MB.bin");
            RawHttp.Response response = http.read(false);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            Await.until("the download counted as completed", WAIT,
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == 1, server::algorithmStats);
            if (DIRECT) {
                // 16 chunks of 64 KiB through a 16 KiB send buffer: a call that found the socket full, or took part
                // of a chunk, was followed by another for the rest
                assertThat(server.sendfileCalls()).as("sendfile(2) calls, more than one per chunk").isGreaterThan(16);
            } else {
                assertThat(server.sendfileCalls()).isZero();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aClientThatResetsMidBodyIsGone_andTheNextDownloadIsWhole(Algorithm algorithm) throws Exception {
        try (FileServer server = start(algorithm, "64K")) {
            try (RawHttp http = new RawHttp(server.port())) {
                assertThat(http.startDownload("/20MB.bin").status()).isEqualTo(200);
                byte[] buffer = new byte[8192];
                for (long received = 0; received < 256 * 1024; ) {
                    received += http.readSome(buffer);
                }
                http.socket().setSoLinger(true, 0); // close sends a reset
            }
            Await.until("the download counted as the client's leaving", WAIT,
                    () -> server.algorithmStats().ended(Outcome.CLIENT_GONE) == 1, server::algorithmStats);
            assertThat(server.sendfileCalls()).as("sendfile(2) calls").matches(calls -> DIRECT == calls > 0);
            try (RawHttp next = new RawHttp(server.port())) {
                assertThat(next.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            }
            Await.until("both downloads ended, neither as a server error", WAIT,
                    () -> server.algorithmStats().inProgress() == 0, server::algorithmStats);
            assertThat(server.algorithmStats().ended(Outcome.SERVER_ERROR)).isZero();
            assertThat(server.algorithmStats().ended(Outcome.COMPLETED)).isOne();
        }
    }
}
