package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A client that closes its connection (fully: over TLS a close_notify, then the FIN) while its download waits for a
 * place under a full pool gives the place back within two sweeps, long before the download holding the place ends,
 * and leaves nothing behind: downloads, workers, connections, open files and TLS engines back where they were. Every
 * algorithm over HTTP; over HTTPS one (the sweeper and ClientWatch are the same under each; what TLS changes is that
 * the close is two alert records before the FIN, which ClientWatch counts). (A half-closed client's pipelined
 * answers: {@code HalfCloseTest}.)
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("everyAlgorithmOverHttpAndOneOverHttps")
@Execution(ExecutionMode.CONCURRENT)
class LeftWhileQueuedTest {
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    Transport transport;

    static Stream<Arguments> everyAlgorithmOverHttpAndOneOverHttps() {
        return Stream.concat(Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, Transport.HTTP)),
                Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS)));
    }

    @Test
    void aClientThatClosesWhileItsDownloadWaits_isEndedAndLeavesNothing() throws IOException {
        try (FileServer server = Servers.start(algorithm, transport.keys("max-downloads", "1", "send-buffer", "64K"))) {
            int connections = server.connectionsOpen();
            int files = server.openFiles();
            int engines = server.tlsEnginesLive();
            try (RawHttp holder = transport.connect(server, 64 << 10)) {
                // holds the one place: its client reads nothing (not 60 s, the write timeout, within this test), and
                // 1 MB is 4 times what its receive buffer and the server's send buffer hold (Linux doubles each)
                assertThat(holder.startDownload("/1MB.bin").status()).isEqualTo(200);
                try (RawHttp leaver = transport.connect(server)) {
                    leaver.send("GET", "/200KB.bin");
                    Await.until("its download waiting for the place", Await.WAIT,
                            () -> server.algorithmStats().waiting() == 1, server::algorithmStats);
                }
                Await.until("the download of the client that left ended", Await.WAIT,
                        () -> server.algorithmStats().ended(Outcome.CLIENT_GONE) == 1, server::algorithmStats);
                assertThat(server.algorithmStats().waiting()).isZero();
                assertThat(server.algorithmStats().inProgress()).as("the holder's goes on").isOne();
            }
            Await.until("downloads, workers, connections, files and engines back to where they were", Await.WAIT,
                    () -> server.algorithmStats().inProgress() == 0 && server.busyWorkers() == 0
                            && server.connectionsOpen() == connections && server.openFiles() == files
                            && server.tlsEnginesLive() == engines,
                    () -> server.algorithmStats() + " workers " + server.busyWorkers() + " connections "
                            + server.connectionsOpen() + " files " + server.openFiles() + " engines "
                            + server.tlsEnginesLive());
        }
    }
}
