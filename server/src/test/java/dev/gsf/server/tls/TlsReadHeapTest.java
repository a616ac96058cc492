package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The buffer each read of a TLS connection lands in, seen by a probe on the server's reads. Grizzly's SSL filter gave
 * every read a new heap buffer of two records (33,408 bytes; 33,418 under the JDK's engine) before reading, so a
 * 171-byte request, or the end of the stream, cost that much, and the read of a client that left mid-download waited
 * with its buffer until the download ended: 10,000 slow clients leaving at once filled the 256 MB heap. After the
 * first read, which creates the engine, reads now land in the transport's pooled buffer, trimmed to what came.
 */
class TlsReadHeapTest {
    /** The smallest buffer Grizzly's SSL filter gave a read: two of the engine's packet buffers. */
    private static final int GRIZZLY_READ_BUFFER = 33_408;
    private static final int CONNECTIONS = 5;

    @ParameterizedTest(name = "{0} tls-provider={1}")
    @MethodSource("dev.gsf.server.testing.Variants#everyAlgorithmUnderEachProvider")
    void readsAfterTheFirstLandInBuffersOfTheirSize_requestsAndALeavingClientsEndAlike(Algorithm algorithm,
                                                                                      String provider)
            throws Exception {
        Transport https = Transport.overTls(provider);
        Map<Connection<?>, List<int[]>> reads = new ConcurrentHashMap<>(); // per connection: {size, capacity}
        try (FileServer server = Servers.start(algorithm, https.keys())) {
            server.addConnectionProbe(new ConnectionProbe.Adapter() {
                @Override
                public void onReadEvent(Connection connection, Buffer data, int size) {
                    reads.computeIfAbsent(connection, c -> new CopyOnWriteArrayList<>())
                            .add(new int[] {size, data.capacity()});
                }
            });
            List<RawHttp> clients = new ArrayList<>();
            try {
                for (int i = 0; i < CONNECTIONS; i++) {
                    RawHttp client = https.connect(server);
                    clients.add(client);
                    for (int request = 0; request < 3; request++) {
                        assertThat(client.exchange("GET", "/1KB.bin").bodyLength()).isEqualTo(1024);
                    }
                    assertThat(client.startDownload("/20MB.bin").status()).isEqualTo(200); // its body left unread
                }
            } finally {
                for (RawHttp client : clients) {
                    client.close(); // mid-download: the server reads the end of the stream while it still writes
                }
            }
            Await.until("every connection ended", Await.WAIT, () -> server.connectionsOpen() == 0,
                    server::connectionsOpen);
        }
        assertThat(reads).hasSize(CONNECTIONS);
        for (List<int[]> connection : reads.values()) {
            List<int[]> afterTheFirst = connection.subList(1, connection.size());
            assertThat(afterTheFirst).as("reads after the ClientHello's").hasSizeGreaterThanOrEqualTo(4);
            for (int[] read : afterTheFirst) {
                assertThat(read[1]).as("the buffer of a %d-byte read", read[0]).isLessThan(GRIZZLY_READ_BUFFER)
                        .isGreaterThanOrEqualTo(read[0]);
            }
        }
    }
}
