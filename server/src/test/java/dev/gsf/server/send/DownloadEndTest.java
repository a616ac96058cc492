package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.AlgorithmAndTransportFixture;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How a download's end hands its connection to the next request, with every body through the algorithm
 * ({@code inline-max=0}, so that small files take the path of the algorithm's own thread): a download that ends on
 * the thread that read its request (VTA's and ADA's one-write bodies) as one that ends on another thread. The next
 * request on a kept-alive connection, requests pipelined behind downloads, and clients that close right after the
 * body are each answered or ended as they should be. Every algorithm over HTTP; SBA, ENBA and VTA over HTTPS.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
@Execution(ExecutionMode.CONCURRENT)
class DownloadEndTest extends AlgorithmAndTransportFixture {
    private static final String[] FILES = {"1KB.bin", "200KB.bin", "1KB.bin", "1MB.bin", "1KB.bin"};


    @Override
    protected FileServer startServer() throws IOException {
        return Servers.start(algorithm, transport.keys("inline-max", "0"));
    }

    @Test
    void aKeptAliveConnectionCarriesTheNextRequestAfterEachDownload_andPipelinedOnesInOrder() throws IOException {
        RawHttp.Response first = http.exchange("GET", "/1KB.bin");
        assertThat(first.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
        if (algorithm == Algorithm.VTA || algorithm == Algorithm.ADA) {
            assertThat(server.algorithmStats().handOffs()).as("a one-write body: no thread but the request's")
                    .isZero();
        }
        for (String file : FILES) { // one after another on the same connection
            assertThat(http.exchange("GET", "/" + file).md5()).as(file).isEqualTo(TestFiles.md5Of(file));
        }
        StringBuilder pipelined = new StringBuilder();
        for (String file : FILES) {
            pipelined.append("GET /").append(file).append(" HTTP/1.1\r\nHost: x\r\n\r\n");
        }
        http.sendRaw(pipelined.toString().getBytes(StandardCharsets.ISO_8859_1));
        for (String file : FILES) {
            assertThat(http.read(false).md5()).as("pipelined " + file).isEqualTo(TestFiles.md5Of(file));
        }
        int all = 1 + 2 * FILES.length;
        Await.until("every download counted as completed", WAIT,
                () -> server.algorithmStats().ended(Outcome.COMPLETED) == all, server::algorithmStats);
    }

    @Test
    void clientsThatCloseRightAfterTheBody_leaveNoDownloadOrConnectionBehind() throws Exception {
        int clients = 6;
        for (int i = 0; i < clients; i++) {
            try (RawHttp client = transport.connect(server)) {
                String file = i % 2 == 0 ? "1KB.bin" : "200KB.bin";
                assertThat(client.exchange("GET", "/" + file).md5()).isEqualTo(TestFiles.md5Of(file));
            } // closed at once: the server may still be ending the download, or reading for the next request
        }
        Await.until("every download ended, completed", WAIT,
                () -> server.algorithmStats().ended(Outcome.COMPLETED) == clients
                        && server.algorithmStats().inProgress() == 0, server::algorithmStats);
        Await.until("only the fixture's connection left open", WAIT, () -> server.connectionsOpen() == 1,
                () -> server.connectionsOpen() + " connections open");
        assertThat(http.exchange("GET", "/1KB.bin").md5()).as("the server goes on").isEqualTo(
                TestFiles.md5Of("1KB.bin"));
        assertThat(server.algorithmStats().ended(Outcome.CLIENT_GONE)).isZero();
    }
}
