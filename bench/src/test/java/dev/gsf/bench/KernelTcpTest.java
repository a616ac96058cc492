package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's TCP counters: read from this machine's /proc, and from a file in its form with known values. */
class KernelTcpTest {

    @Test
    void thisMachinesCountersAreReadAndOnlyGrow() {
        KernelTcp before = KernelTcp.read();
        assertThat(before.abortsOnMemory()).as("TcpExt of /proc/net/netstat").isNotNegative();
        KernelTcp during = KernelTcp.read().since(before);
        assertThat(during.abortsOnMemory()).isNotNegative();
        assertThat(during.pressureMillis()).isNotNegative();
        assertThat(during.receiveQueueDrops()).isNotNegative();
        assertThat(during.retransmitTimeouts()).isNotNegative();
    }

    @Test
    void countersAreFoundByNameInTheTcpExtLines(@TempDir Path dir) throws Exception {
        Path netstat = dir.resolve("netstat");
        Files.writeString(netstat, """
                TcpExt: SyncookiesSent TCPTimeouts TCPAbortOnMemory TCPMemoryPressuresChrono TCPRcvQDrop
                TcpExt: 1 237541 3 48448 251603
                IpExt: InNoRoutes TCPTimeouts
                IpExt: 0 99
                """);
        KernelTcp before = new KernelTcp(1, 448, 1603, 7541);
        KernelTcp run = KernelTcp.read(netstat).since(before);
        assertThat(run).isEqualTo(new KernelTcp(2, 48000, 250000, 230000));
        assertThat(run.pressureSeconds()).isEqualTo(48.0);
        assertThat(run.describePressure()).contains("pressure 48 s", "250000 segments dropped",
                "230000 retransmission timeouts");
        assertThat(new KernelTcp(0, 0, 0, 5).describePressure()).as("never under pressure").isEmpty();
    }

    @Test
    void anUnreadableFileOrAMissingCounterIsSaidSo(@TempDir Path dir) throws Exception {
        assertThat(KernelTcp.read(dir.resolve("absent"))).isEqualTo(KernelTcp.UNREADABLE);
        assertThat(KernelTcp.read(dir.resolve("absent")).since(KernelTcp.read())).isEqualTo(KernelTcp.UNREADABLE);
        assertThat(KernelTcp.UNREADABLE.pressureSeconds()).isEqualTo(-1);
        Path older = dir.resolve("older");
        Files.writeString(older, "TcpExt: TCPTimeouts\nTcpExt: 12\n");
        assertThat(KernelTcp.read(older)).as("a kernel without the newer counters")
                .isEqualTo(new KernelTcp(0, 0, 0, 12));
    }
}
