package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import dev.gsf.server.testing.Variants;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * When the server ends a TLS connection itself, in the normal way (a {@code Connection: close} answer, the idle
 * timeout), its client gets a close_notify alert before the TCP FIN, under both providers, as nginx sends one
 * (SSL_shutdown): a client can then tell the end of the data from a cut (RFC 8446 section 6.1). Seen from a client on
 * the JDK's SSLEngine, which shows the alert an SSLSocket would hide. Every algorithm under BoringSSL, one under the
 * JDK's TLS (the close is the port's TlsClose, the same under each provider; the algorithm decides how the answer
 * ends).
 */
@Execution(ExecutionMode.CONCURRENT)
class ServerCloseNotifyTest {
    static Stream<Arguments> everyAlgorithmUnderBoringSslOneUnderTheJdks() {
        return Variants.tlsProviders().flatMap(p -> Transport.HTTPS.provider.equals(p)
                ? Arrays.stream(Algorithm.values()).map(a -> Arguments.of(p, a))
                : Stream.of(Arguments.of(p, Algorithm.ENBA)));
    }

    @ParameterizedTest(name = "tls-provider={0} {1}")
    @MethodSource("everyAlgorithmUnderBoringSslOneUnderTheJdks")
    void aConnectionCloseAnswer_endsWithCloseNotifyThenFin(String provider, Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(algorithm, keys(provider))) {
            for (String file : new String[] {"1KB.bin", "200KB.bin"}) { // answered at once, and by the algorithm
                try (EnginePeer client = new EnginePeer(server.tlsPort().orElseThrow())) {
                    client.send("GET /" + file + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
                    EnginePeer.Ending ending = client.readToTheEnd();
                    assertThat(ending.text()).as(file).startsWith("HTTP/1.1 200 ");
                    long body = TestFiles.fileSet().resolve(file).toFile().length();
                    assertThat(ending.text().length() - ending.text().indexOf("\r\n\r\n") - 4).as(file)
                            .isEqualTo(body);
                    assertThat(ending.closeNotify()).as(file + ": close_notify before the FIN").isTrue();
                    assertThat(ending.end()).as(file).isEqualTo("FIN");
                }
            }
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
    void theIdleTimeout_endsWithCloseNotifyThenFin(String provider) throws IOException {
        // The idle close is the same under every algorithm: one is enough. The timeout runs from the accept until a
        // request, then from the answer's last byte: 3 s leave a busy machine time for the handshake and the request
        // (a connection closed while its handshake runs gets no close_notify, rightly).
        try (FileServer server = Servers.start(Algorithm.ENBA, keys(provider, "idle-timeout", "3s"));
             EnginePeer client = new EnginePeer(server.tlsPort().orElseThrow())) {
            client.send("GET /1KB.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            EnginePeer.Ending ending = client.readToTheEnd(); // the answer, then the close 3 s later
            assertThat(ending.text()).as(ending.toString()).startsWith("HTTP/1.1 200 ");
            assertThat(ending.closeNotify()).as("close_notify before the FIN").isTrue();
            assertThat(ending.end()).isEqualTo("FIN");
        }
    }

    private static String[] keys(String provider, String... keyValues) {
        return Transport.overTls(provider).keys(keyValues);
    }
}
