package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The behaviour that defines each algorithm: with 2 workers and 6 clients that read slowly, SBA gives a worker to a
 * download for its whole length, so only 2 bodies start; EBA and ENBA take turns, and VTA does not use the pool, so
 * all 6 get their first body byte.
 */
@Execution(ExecutionMode.CONCURRENT)
class SchedulingBehaviourTest {
    private static final int CLIENTS = 6;
    private static final int RATE = 64 * 1024; // bytes per second, per client
    private static final Duration WAIT = Duration.ofSeconds(30);

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void slowClientsOutnumberingTheWorkers(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "workers", "2")) {
            CountDownLatch firstBytes = new CountDownLatch(CLIENTS);
            AtomicInteger started = new AtomicInteger();
            List<SlowClient> clients = new ArrayList<>();
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    clients.add(SlowClient.start(server.port(), () -> {
                        started.incrementAndGet();
                        firstBytes.countDown();
                    }));
                }
                if (algorithm == Algorithm.SBA) {
                    // Both workers are held by the first two downloads (100 MB at 64 KB/s each); the rest wait.
                    Await.until("2 bodies started, 2 downloads in progress and 4 waiting", WAIT,
                            () -> started.get() == 2 && server.algorithmStats().inProgress() == 2
                                    && server.algorithmStats().waiting() == 4,
                            () -> started.get() + " started; " + server.algorithmStats());
                    assertThat(server.busyWorkers()).isEqualTo(2);
                    assertThat(firstBytes.getCount()).as("clients still without a body byte").isEqualTo(4);
                } else {
                    assertThat(firstBytes.await(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                            .as("all %d clients got a first body byte; only %d did", CLIENTS, started.get())
                            .isTrue();
                    assertThat(server.algorithmStats().inProgress()).isEqualTo(CLIENTS);
                }
            } finally {
                for (SlowClient client : clients) {
                    client.close();
                }
            }
        }
    }

    /** Reads a 100 MB download at {@link #RATE} through a small receive window, so the server feels the pace. */
    private static final class SlowClient implements AutoCloseable {
        private final RawHttp http;
        private final Thread reader;

        private SlowClient(RawHttp http, Thread reader) {
            this.http = http;
            this.reader = reader;
        }

        static SlowClient start(int port, Runnable onFirstBodyByte) throws IOException {
            RawHttp http = new RawHttp(port);
            http.socket().setReceiveBufferSize(16 * 1024);
            http.send("GET", "/100MB.bin");
            Thread reader = Thread.ofPlatform().daemon().name("slow-client").start(() -> {
                try {
                    if (http.readHead().status() != 200) {
                        return;
                    }
                    byte[] buffer = new byte[4096];
                    long begin = System.nanoTime();
                    long received = 0;
                    boolean first = true;
                    for (int n; (n = http.readSome(buffer)) > 0; ) {
                        if (first) {
                            onFirstBodyByte.run();
                            first = false;
                        }
                        received += n;
                        long due = begin + received * 1_000_000_000L / RATE; // pace the reads, not the total
                        LockSupport.parkNanos(due - System.nanoTime());
                    }
                } catch (IOException closedByTheTest) {
                    // the test ends the download by closing the socket
                }
            });
            return new SlowClient(http, reader);
        }

        @Override
        public void close() throws Exception {
            http.close();
            reader.join(10_000);
        }
    }
}
