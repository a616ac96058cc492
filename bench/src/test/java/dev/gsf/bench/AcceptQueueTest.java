package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.server.testing.Await;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The accept queue of a real listening socket that does not accept, and of tables in /proc/net/tcp's form. */
class AcceptQueueTest {
    private static final List<Path> PROC = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final Duration WAIT = Duration.ofSeconds(5);

    @Test
    void connectionsNotYetAcceptedAreCountedAndAnAcceptTakesOneAway() throws Exception {
        List<Socket> clients = new ArrayList<>();
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             AcceptQueue watched = AcceptQueue.watch(listener.getLocalPort())) {
            int port = listener.getLocalPort();
            LongSupplier queued = () -> AcceptQueue.depth(port, PROC);
            assertThat(queued.getAsLong()).as("listening, nobody connected").isZero();
            for (int i = 0; i < 3; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            // the kernel queues a connection when the client's last handshake segment arrives: at once on loopback
            Await.until("3 queued", WAIT, () -> queued.getAsLong() == 3, queued::getAsLong);
            Await.until("the sampler to see them", WAIT, () -> watched.max() == 3, watched::max);
            listener.accept().close();
            Await.until("2 queued", WAIT, () -> queued.getAsLong() == 2, queued::getAsLong);
            assertThat(watched.max()).as("the largest seen stays").isEqualTo(3);
            // from then on only the table that lists the listener is read (the other may be walked whole)
            assertThat(watched.tables()).hasSize(1).allSatisfy(table ->
                    assertThat(AcceptQueue.depth(port, List.of(table))).isEqualTo(2));
        } finally {
            for (Socket c : clients) {
                c.close();
            }
        }
    }

    @Test
    void aPortNobodyListensOnOrAnUnreadableTableSaysSo(@TempDir Path dir) throws IOException {
        int unused;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            unused = s.getLocalPort();
        }
        assertThat(AcceptQueue.depth(unused, PROC)).isEqualTo(-1);
        assertThat(AcceptQueue.depth(80, List.of(dir.resolve("missing")))).isEqualTo(-1);
        try (AcceptQueue watched = AcceptQueue.watch(unused)) {
            assertThat(watched.max()).isLessThanOrEqualTo(0);
        }
    }

    @Test
    void listenersAreReadUntilTheFirstOtherSocketAndSummedOverTables(@TempDir Path dir) throws IOException {
        String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
                + " inode\n";
        Path tcp = Files.writeString(dir.resolve("tcp"), header
                + "   0: 0100007F:1F90 00000000:0000 0A 00000000:0000001A 00:00000000 00000000     0        0 1\n"
                + "   1: 0100007F:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2\n"
                // an established connection from port 8080 (0x1F90): not a listener, and past the listeners
                + "   2: 0100007F:1F90 0100007F:9C40 01 00000000:00000200 00:00000000 00000000     0        0 3\n"
                + "   3: 0100007F:1F90 00000000:0000 0A 00000000:00000063 00:00000000 00000000     0        0 4\n");
        Path tcp6 = Files.writeString(dir.resolve("tcp6"), header
                + "   0: 0000000000000000FFFF00000100007F:1F90 00000000000000000000000000000000:0000 0A"
                + " 00000000:00000005 00:00000000 00000000     0        0 5\n");
        assertThat(AcceptQueue.depth(8080, List.of(tcp))).as("0x1A; the line after the first other is not read")
                .isEqualTo(26);
        assertThat(AcceptQueue.depth(8080, List.of(tcp, tcp6))).isEqualTo(31);
        assertThat(AcceptQueue.depth(80, List.of(tcp, tcp6))).as("listening, empty queue").isZero();
        assertThat(AcceptQueue.depth(443, List.of(tcp, tcp6))).isEqualTo(-1);
    }
}
