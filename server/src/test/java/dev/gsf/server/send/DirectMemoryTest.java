package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Download;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Direct memory against downloads that wait on their clients: no download, and no thread that writes one, keeps a
 * direct buffer of its own. (Grizzly keeps one per writing thread for heap bytes; with VTA's virtual thread per
 * download that was one per download, 120-200 MB at 10,000 slow clients.)
 */
@Isolated("measures the JVM's direct memory")
class DirectMemoryTest {
    private static final int DOWNLOADS = 40; // under the pool's 50 workers: every algorithm starts all of them

    // A parameterized test, not class: JUnit lets no invocation of a class template be @Isolated.
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void downloadsWaitingOnTheirClientsHoldNoDirectBufferEach(Algorithm algorithm) throws Exception {
        BufferPoolMXBean direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct")).findFirst().orElseThrow();
        List<RawHttp> clients = new ArrayList<>();
        try (FileServer server = Servers.start(algorithm)) {
            try (RawHttp warmUp = new RawHttp(server.port())) { // this thread's and the selectors' own buffers
                assertThat(warmUp.exchange("GET", "/20MB.bin").status()).isEqualTo(200);
            }
            long before = direct.getMemoryUsed();
            for (int i = 0; i < DOWNLOADS; i++) {
                RawHttp client = new RawHttp(server.port());
                clients.add(client);
                // The head arrives with the first write; the rest waits on this client, which reads no more.
                assertThat(client.startDownload("/20MB.bin").status()).isEqualTo(200);
            }
            long grown = direct.getMemoryUsed() - before;
            assertThat(grown).as("direct memory grown by %d waiting downloads", DOWNLOADS)
                    .isLessThan(DOWNLOADS * (long) Download.GATHERED / 2);
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
    }
}
