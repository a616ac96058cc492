package dev.gsf.server.http;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.LogWatch;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A client that resets its connection with answers still owed: the answers it can no longer get are dropped without
 * a warning and a stack trace in the server's log (nginx logs that at info), and the server goes on serving.
 */
@Isolated // listens to a logger every server in the JVM writes to
class GoneClientAnswerTest {
    private static final int PIPELINED = 400;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void answersOwedToAClientThatResetItsConnectionAreDroppedQuietly(Algorithm algorithm, Transport transport)
            throws IOException {
        try (LogWatch warnings = LogWatch.warnings("org.glassfish.grizzly", r -> true);
             FileServer server = Servers.start(algorithm, transport.keys())) {
            // Refusals answered by the handler on Grizzly's path (405), pipelined, then a reset: the server finds the
            // connection gone between two of them.
            byte[] refused = "DELETE /1KB.bin HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(PIPELINED)
                    .getBytes(StandardCharsets.US_ASCII);
            try (RawHttp client = transport.connect(server)) {
                client.sendRaw(refused);
                client.socket().getInputStream().read(); // an answer has begun: the server is among the requests
                client.socket().setSoLinger(true, 0);
            }
            Await.until("the reset connection to close", WAIT, () -> server.connectionsOpen() == 0,
                    server::connectionsOpen);
            try (RawHttp next = transport.connect(server)) {
                assertThat(next.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
            }
            assertThat(warnings.records()).as(warnings.describe()).isEmpty();
        }
    }
}
