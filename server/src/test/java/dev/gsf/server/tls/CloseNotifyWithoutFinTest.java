package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A client that sends its close_notify and no FIN, then reads until the server's close_notify and FIN, as OpenSSL's
 * bidirectional SSL_shutdown does (it sends the FIN only after the server's alert): the server ends the connection
 * at once (RFC 8446 section 6.1; nginx does the same) rather than at the idle timeout (75 s here; the client gives up
 * after 10 s), after what it owes: a body being written when the alert comes arrives whole. One close_notify from
 * the server, nothing after it but the FIN. Every algorithm under each provider, one server for each.
 */
@ParameterizedClass(name = "{0} tls-provider={1}")
@MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmUnderEachProvider")
@Execution(ExecutionMode.CONCURRENT)
class CloseNotifyWithoutFinTest {
    private static final String FILE = "200KB.bin";
    /** The client's receive and the server's send buffer: small, so the body is still being written. */
    private static final int BUFFER = 32 << 10;

    private static final Map<List<Object>, FileServer> SERVERS = new ConcurrentHashMap<>();

    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    String provider;


    @BeforeParameterizedClassInvocation
    static void start(Algorithm algorithm, String provider) throws IOException {
        Transport transport = Transport.overTls(provider);
        SERVERS.put(List.of(algorithm, provider),
                Servers.start(algorithm, transport.keys("send-buffer", String.valueOf(BUFFER))));
    }

    @AfterParameterizedClassInvocation
    static void stop(Algorithm algorithm, String provider) {
        SERVERS.remove(List.of(algorithm, provider)).close();
    }

    private int port() {
        return SERVERS.get(List.of(algorithm, provider)).tlsPort().orElseThrow();
    }

    @Test
    void aCloseNotifyWithNothingAsked_isAnsweredWithCloseNotifyThenFin() throws IOException {
        try (EnginePeer client = new EnginePeer(port())) {
            client.writeRaw(client.closeNotify());
            assertEnded(client.readToTheEnd());
        }
    }

    @Test
    void aCloseNotifyWhileABodyIsWritten_getsTheWholeBodyThenCloseNotifyThenFin() throws IOException {
        try (EnginePeer client = new EnginePeer(port(), BUFFER)) {
            client.send("GET /" + FILE + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(client.awaitText()).as("the answer starts").isTrue();
            client.writeRaw(client.closeNotify());
            EnginePeer.Ending ending = client.readToTheEnd();
            assertThat(ending.text()).as(ending.toString()).startsWith("HTTP/1.1 200 ");
            assertThat(ending.text().length() - ending.text().indexOf("\r\n\r\n") - 4).as("the body")
                    .isEqualTo(TestFiles.fileSet().resolve(FILE).toFile().length());
            assertEnded(ending);
        }
    }

    @Test
    void aCloseNotifyWhileTheFirstOfTwoPipelinedBodiesIsWritten_getsBothWhole() throws IOException {
        try (EnginePeer client = new EnginePeer(port(), BUFFER)) {
            String get = "GET /" + FILE + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            client.send(get + get); // one record: the first is not the read's last request, so Grizzly's path
            assertThat(client.awaitText()).as("the first answer starts").isTrue();
            client.writeRaw(client.closeNotify());
            EnginePeer.Ending ending = client.readToTheEnd();
            long body = TestFiles.fileSet().resolve(FILE).toFile().length();
            String[] answers = ending.text().split("HTTP/1.1 200 ", -1);
            assertThat(answers).as(ending.end()).hasSize(3);
            for (int i = 1; i < answers.length; i++) {
                assertThat(answers[i].length() - answers[i].indexOf("\r\n\r\n") - 4).as("body " + i).isEqualTo(body);
            }
            assertEnded(ending);
        }
    }

    @Test
    void aRequestAndTheCloseNotifyInOneWrite_getTheAnswerThenCloseNotifyThenFin() throws IOException {
        try (EnginePeer client = new EnginePeer(port())) {
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            both.write(client.records("GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
            both.write(client.closeNotify());
            client.writeRaw(both.toByteArray());
            EnginePeer.Ending ending = client.readToTheEnd();
            assertThat(ending.text().split("HTTP/1.1 200 ", -1)).as(ending.toString()).hasSize(2);
            assertThat(ending.text().length() - ending.text().indexOf("\r\n\r\n") - 4).as("the body").isEqualTo(1024);
            assertEnded(ending);
        }
    }

    private static void assertEnded(EnginePeer.Ending ending) {
        assertThat(ending.closeNotify()).as("the server's close_notify: " + ending.end()).isTrue();
        assertThat(ending.end()).as("then the FIN, long before the idle timeout").isEqualTo("FIN");
        assertThat(ending.bytesAfterCloseNotify()).as("nothing after the close_notify (no second one)").isZero();
    }
}
