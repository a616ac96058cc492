package dev.gsf.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the TLS connector offers in its ClientHello (read by a real loopback socket that then hangs up, so no
 * certificate is needed), and how a failed connection or handshake is reported. The handshake with a real server and
 * the corpus over TLS are in the server's ConformanceTest.
 */
class ConnectorTest {

    @Test
    void theClientHelloNamesTheHostBySni_offersHttp11ByAlpn_andAHangUpIsAFailedHandshake() throws Exception {
        String hello = helloSeenBy("localhost");
        assertThat(hello).contains("localhost").contains("http/1.1");
    }

    @Test
    void anAddressIsNeverSentAsSni() throws Exception {
        assertThat(helloSeenBy("127.0.0.1")).doesNotContain("127.0.0.1").contains("http/1.1");
    }

    @Test
    void aPortNobodyListensOnIsUnreachable() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", closed);
        assertThatThrownBy(() -> Connector.plain(address).open(Duration.ofSeconds(2)).close())
                .isInstanceOf(Connector.Unreachable.class)
                .hasMessageStartingWith("cannot connect to http://127.0.0.1:" + closed + ": ");
    }

    /**
     * The first TLS record a connector for {@code host} sends to a loopback socket, as ISO-8859-1 text; the socket
     * then closes, which must fail the handshake as an {@link Connector.Unreachable} naming the URL.
     */
    private static String helloSeenBy(String host) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> record = CompletableFuture.supplyAsync(() -> {
                try (Socket s = server.accept(); DataInputStream in = new DataInputStream(s.getInputStream())) {
                    s.setSoTimeout(5000);
                    byte[] header = new byte[5];
                    in.readFully(header);
                    byte[] body = new byte[((header[3] & 0xff) << 8) | (header[4] & 0xff)];
                    in.readFully(body);
                    assertThat(header[0]).as("a handshake record").isEqualTo((byte) 0x16);
                    return body;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Connector connector = Connector.tls(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    server.getLocalPort()), host, Trust.anything());
            assertThatThrownBy(() -> connector.open(Duration.ofSeconds(5)).close())
                    .isInstanceOf(Connector.Unreachable.class)
                    .hasMessageStartingWith("TLS handshake with https://" + host + ":" + server.getLocalPort()
                            + " failed: ");
            return new String(record.get(5, TimeUnit.SECONDS), StandardCharsets.ISO_8859_1);
        }
    }
}
