package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SBA's and EBA's workers wait for a full socket themselves, in poll(2) ({@link BlockingWrites}), and VTA's virtual
 * thread is parked by the JDK's poller, rather than hand the write to a selector thread; every byte still arrives and
 * the thread is free once the download is done. (ENBA's writes wait in the connection's write queue:
 * EqualAlgorithmsTest shows ENBA's worker free meanwhile.)
 */
@Isolated("looks at every worker thread's stack in the JVM")
class BlockingWritesTest {
    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"SBA", "EBA"})
    void aWorkerWaitsInPollForAFullSocket_andTheDownloadCompletesOnceTheClientReads(Algorithm algorithm)
            throws Exception {
        try (FileServer server = Servers.start(algorithm, "send-buffer", "64K", "chunk", "64K");
             RawHttp client = new RawHttp(server.port())) {
            RawHttp.Response head = client.startDownload("/20MB.bin"); // a 16K receive buffer, not read yet
            assertThat(head.status()).isEqualTo(200);
            Await.until("a worker waiting in poll(2) for the client's socket", WAIT,
                    BlockingWritesTest::aWorkerWaitsInPoll);
            RawHttp.Response body = client.readBody(head);
            assertThat(body.md5()).isEqualTo(TestFiles.md5Of("20MB.bin"));
            Await.until("the download to complete and free its worker", WAIT,
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == 1 && server.busyWorkers() == 0,
                    server::algorithmStats);
            assertThat(aWorkerWaitsInPoll()).isFalse();
        }
    }

    @Test
    void aVirtualThreadWaitsForAFullSocketItself_noWriteGoesToTheSelector() throws Exception {
        try (FileServer server = Servers.start(Algorithm.VTA, "send-buffer", "64K", "chunk", "64K");
             RawHttp client = new RawHttp(server.port())) {
            RawHttp.Response head = client.startDownload("/20MB.bin"); // a 16K receive buffer, not read yet
            assertThat(head.status()).isEqualTo(200);
            RawHttp.Response body = client.readBody(head); // 20 MB through a 64K send buffer: full many times
            assertThat(body.md5()).isEqualTo(TestFiles.md5Of("20MB.bin"));
            Await.until("the download to complete", WAIT,
                    () -> server.algorithmStats().ended(Outcome.COMPLETED) == 1, server::algorithmStats);
            AlgorithmStats.Snapshot stats = server.algorithmStats();
            // One hand-off, to the download's virtual thread; before, one more each time the socket was full.
            assertThat(stats.handOffs()).as("hand-offs").isOne();
            assertThat(stats.inlineWrites()).as("chunks the virtual thread wrote itself").isGreaterThan(300);
            assertThat(stats.inProgress()).isZero();
        }
    }

    private static boolean aWorkerWaitsInPoll() {
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            if (thread.getKey().getName().startsWith("gsf-worker") && Arrays.stream(thread.getValue()).anyMatch(
                    f -> f.getClassName().equals(Libc.class.getName()) && f.getMethodName().equals("poll"))) {
                return true;
            }
        }
        return false;
    }
}
