package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@link RecordSplitter} is for, written byte for byte instead of left to how a client's writes happen to
 * coalesce: a request and the client's close_notify in one write, then its FIN (a TLS half-close), get the whole
 * answer, then the end of the connection; two requests and the close_notify in one write get both answers;
 * a request record written in two parts (its header alone first) is answered. The splitter sits below the SSL filter,
 * the same under every algorithm (HalfCloseTest runs each): one algorithm, each provider, one server per provider.
 */
@ParameterizedClass(name = "tls-provider={0}")
@MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
class RecordSplitterTest {
    private static final String GET = "GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    private static final String GET_CLOSE = "GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";

    /** The running server of each provider: a class's invocations may run at once. */
    private static final Map<String, FileServer> SERVERS = new ConcurrentHashMap<>();

    @Parameter
    String provider;

    @BeforeParameterizedClassInvocation
    static void start(String provider) throws IOException {
        Transport transport = Transport.overTls(provider);
        SERVERS.put(provider, Servers.start(Algorithm.ENBA, transport.keys()));
    }

    @AfterParameterizedClassInvocation
    static void stop(String provider) {
        SERVERS.remove(provider).close();
    }

    @Test
    void aRequestAndTheCloseNotifyInOneWrite_getTheAnswerThenTheEnd() throws IOException {
        try (EnginePeer client = new EnginePeer(SERVERS.get(provider).tlsPort().orElseThrow())) {
            client.writeRaw(concat(client.records(GET), client.closeNotify()));
            // (A close_notify with no FIN behind it: CloseNotifyWithoutFinTest.)
            client.shutdownOutput();
            EnginePeer.Ending ending = client.readToTheEnd();
            assertThat(answers(ending.text())).as(ending.toString()).isEqualTo(1);
            assertThat(ending.text().length() - ending.text().indexOf("\r\n\r\n") - 4).as("the body").isEqualTo(1024);
            assertThat(ending.end()).isEqualTo("FIN");
        }
    }

    @Test
    void twoRequestsAndTheCloseNotifyInOneWrite_getBothAnswers() throws IOException {
        try (EnginePeer client = new EnginePeer(SERVERS.get(provider).tlsPort().orElseThrow())) {
            client.writeRaw(concat(client.records(GET), client.records(GET_CLOSE), client.closeNotify()));
            EnginePeer.Ending ending = client.readToTheEnd();
            assertThat(answers(ending.text())).as(ending.toString()).isEqualTo(2);
            assertThat(ending.closeNotify()).as("the server's close_notify after the Connection: close").isTrue();
            assertThat(ending.end()).isEqualTo("FIN");
        }
    }

    @Test
    void aRequestRecordInTwoWrites_isAnswered() throws IOException {
        try (EnginePeer client = new EnginePeer(SERVERS.get(provider).tlsPort().orElseThrow())) {
            byte[] record = client.records(GET_CLOSE);
            client.writeRaw(Arrays.copyOf(record, 3)); // not even a whole header
            client.writeRaw(Arrays.copyOfRange(record, 3, record.length));
            EnginePeer.Ending ending = client.readToTheEnd();
            assertThat(answers(ending.text())).as(ending.toString()).isEqualTo(1);
            assertThat(ending.closeNotify()).isTrue();
        }
    }

    private static int answers(String text) {
        return text.split("HTTP/1.1 200 ", -1).length - 1;
    }

    private static byte[] concat(byte[]... parts) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.write(part);
        }
        return all.toByteArray();
    }
}
