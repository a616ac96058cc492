package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The accept queue of a real listening socket that does not accept, and of tables in /proc/net/tcp's form. */
class AcceptQueueTest {
    private static final List<Path> PROC = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final long WAIT_MILLIS = 5_000;

    @Test
    void connectionsNotYetAcceptedAreCountedAndAnAcceptTakesOneAway() throws Exception {
        List<Socket> clients = new ArrayList<>();
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             AcceptQueue watched = AcceptQueue.watch(listener.getLocalPort())) {
            int port = listener.getLocalPort();
            assertThat(AcceptQueue.depth(port, PROC)).as("listening, nobody connected").isZero();
            for (int i = 0; i < 3; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            // the kernel queues a connection when the client's last handshake segment arrives: at once on loopback
            assertThat(within(() -> AcceptQueue.depth(port, PROC), 3)).isEqualTo(3);
            assertThat(within(watched::max, 3)).as("the sampler saw them").isEqualTo(3);
            listener.accept().close();
            assertThat(within(() -> AcceptQueue.depth(port, PROC), 2)).isEqualTo(2);
            assertThat(watched.max()).as("the largest seen stays").isEqualTo(3);
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

    /** {@code value} once it equals {@code expected}, or its last reading after {@link #WAIT_MILLIS}. */
    private static long within(LongSupplier value, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
        long v = value.getAsLong();
        while (v != expected && System.nanoTime() < deadline) {
            Thread.sleep(10); // polling the kernel's table: nothing to wait on
            v = value.getAsLong();
        }
        return v;
    }
}
