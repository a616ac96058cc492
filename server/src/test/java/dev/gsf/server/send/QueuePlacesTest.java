package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Places in the download queue and worker threads are held only by what needs them. */
@Isolated("counts the worker threads of the JVM")
class QueuePlacesTest {
    @Test
    void queuedClientsThatLeaveGiveTheirPlacesBack_andANewDownloadIsServed() throws IOException {
        try (FileServer server = Servers.start(Algorithm.SBA, "inline-max", "0", "workers", "2", "queue", "5",
                "send-buffer", "64K")) {
            List<RawHttp> clients = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) { // two slow downloads hold both workers
                    RawHttp slow = new RawHttp(server.port());
                    clients.add(slow);
                    assertThat(slow.startDownload("/100MB.bin").status()).isEqualTo(200);
                }
                List<RawHttp> queued = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    RawHttp client = new RawHttp(server.port());
                    clients.add(client);
                    queued.add(client);
                    client.send("GET", "/1KB.bin");
                }
                Await.until("five downloads queued", WAIT, () -> server.algorithmStats().waiting() == 5,
                        server::algorithmStats);
                try (RawHttp full = new RawHttp(server.port())) {
                    assertThat(full.exchange("GET", "/1KB.bin").status()).as("the queue is full").isEqualTo(503);
                }
                for (RawHttp client : queued) {
                    client.close();
                }
                Await.until("the places of the clients that left to be free", WAIT,
                        () -> server.algorithmStats().waiting() == 0, server::algorithmStats);
                // Well inside the 60 s write timeout of the two held downloads, so only the fix can free the places.
                try (RawHttp next = new RawHttp(server.port())) {
                    next.send("GET", "/1KB.bin");
                    Await.until("the new download admitted (not 503), waiting for a worker", WAIT,
                            () -> server.algorithmStats().waiting() == 1, server::algorithmStats);
                    assertThat(server.algorithmStats().rejected()).isEqualTo(1);
                    clients.get(0).close(); // a worker becomes free
                    RawHttp.Response response = next.read(false);
                    assertThat(response.status()).isEqualTo(200);
                    assertThat(response.md5()).isEqualTo(TestFiles.md5Of("1KB.bin"));
                }
            } finally {
                for (RawHttp client : clients) {
                    client.close();
                }
            }
        }
    }

    @Test
    void vtaStartsNoWorkerPool() throws IOException {
        long before = workerThreads();
        try (FileServer pooled = Servers.start(Algorithm.SBA, "workers", "3")) {
            assertThat(workerThreads()).as("SBA's prestarted workers").isGreaterThanOrEqualTo(before + 3);
        }
        before = workerThreads();
        try (FileServer server = Servers.start(Algorithm.VTA, "workers", "3")) {
            assertThat(workerThreads()).isLessThanOrEqualTo(before);
            assertThat(server.busyWorkers()).isZero();
        }
    }

    private static long workerThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(t -> t.getName().startsWith("gsf-worker-")).count();
    }
}
