package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.asyncqueue.AsyncWriteQueueRecord;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.nio.NIOConnection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 36's "the server's memory bounded by the per-connection limit, not by the client's windows": one connection,
 * 100 streams, each stream's window 16 MiB and the connection's 2^31-1, so the windows would let the server queue
 * every body at once; the client stops reading until a batch waits in the server's write queue (the kernel's buffers
 * are full), then reads everything. Every time the server writes to that socket, a probe looks at what its write
 * queue holds: never more than {@code h2-in-flight} of DATA plus the frames around it (the 100 answers' HEADERS,
 * frame headers, control frames). A writer that queued by the windows would hold all 20 MB.
 */
class H2BufferBoundTest {
    private static final int STREAMS = 100;
    private static final String FILE = "/200KB.bin";
    private static final long FILE_LENGTH = 200 << 10;
    /** HEADERS of 100 answers (a few hundred bytes each at most), 9-byte frame headers, SETTINGS, PING. */
    private static final long FRAMES_AROUND_DATA = 64 << 10;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
    void aStalledClientWithHugeWindowsCostsTheServerOneBatch(Algorithm algorithm, Transport transport)
            throws Exception {
        try (FileServer server = Servers.start(algorithm, transport.keys("workers", "4"))) {
            QueueWatch watch = new QueueWatch();
            server.addConnectionProbe(watch);
            try (H2Client client = H2AnswersTest.connect(server, transport)) {
                client.pauseReading(true);
                client.send(new SettingsFrame(Map.of(SettingsFrame.INITIAL_WINDOW_SIZE, 16 << 20), false));
                client.send(new WindowUpdateFrame(0, Integer.MAX_VALUE - 65_535));
                List<Integer> ids = new ArrayList<>();
                for (int i = 0; i < STREAMS; i++) {
                    ids.add(client.request("GET", FILE));
                }
                Await.until("a batch waiting in the server's write queue (the client reads nothing)", WAIT,
                        () -> watch.queued() > 0, watch::describe);
                client.pauseReading(false);
                for (int id : ids) {
                    H2Response r = client.response(id);
                    assertThat(r.status).as("stream %d", id).isEqualTo(200);
                    assertThat(r.body.size()).as("stream %d", id).isEqualTo(FILE_LENGTH);
                }
            }
            long bound = server.config().h2InFlight() + FRAMES_AROUND_DATA;
            assertThat(watch.most()).as(watch.describe()).isPositive().isLessThanOrEqualTo(bound);
            Await.until("no download left", WAIT, () -> server.downloadsInProgress().isEmpty(),
                    server::downloadsInProgress);
        }
    }

    /** The server's side of the one connection, and the most its write queue held at any write to its socket. */
    private static final class QueueWatch extends ConnectionProbe.Adapter {
        /**
         * Grizzly's private TaskQueue.currentElement (as of grizzly.version 5.0.2 in the parent pom): when a Grizzly
         * upgrade renames or drops it, this class fails to initialise, and every case of the test with it.
         */
        private static final Field CURRENT;

        static {
            try {
                CURRENT = TaskQueue.class.getDeclaredField("currentElement");
                CURRENT.setAccessible(true);
            } catch (NoSuchFieldException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final AtomicReference<NIOConnection> accepted = new AtomicReference<>();
        private final AtomicLong most = new AtomicLong();
        private final AtomicLong writes = new AtomicLong();
        private final AtomicLong mostRecords = new AtomicLong();

        /**
         * Every write to a socket of the server's after the probe was added: this test's one connection's (the
         * accept goes to the listening socket's probes, taken when it was bound, so the first write names it).
         */
        @Override
        public void onWriteEvent(Connection connection, Buffer data, long size) {
            accepted.compareAndSet(null, (NIOConnection) connection);
            if (connection == accepted.get()) {
                writes.incrementAndGet();
                queued();
            }
        }

        /**
         * What the write queue holds now: the bytes left in the record being written (Grizzly keeps it as the
         * queue's current element, which it does not show: read by reflection) and in those waiting behind it.
         * Grizzly's own count, spaceInBytes, is released only when its writing loop ends, so it also counts batches
         * written and let go within that loop.
         */
        long queued() {
            NIOConnection c = accepted.get();
            if (c == null) {
                return 0;
            }
            TaskQueue<?> queue = c.getAsyncWriteQueue();
            long now = 0;
            int records = 0;
            try {
                if (CURRENT.get(queue) instanceof AsyncWriteQueueRecord current) {
                    now += current.remaining();
                    records++;
                }
                for (Object r : queue.getQueue()) {
                    now += ((AsyncWriteQueueRecord) r).remaining();
                    records++;
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            most.accumulateAndGet(now, Math::max);
            mostRecords.accumulateAndGet(records, Math::max);
            return now;
        }

        long most() {
            return most.get();
        }

        String describe() {
            return "most queued " + most.get() + " bytes in " + mostRecords.get() + " records at most, over "
                    + writes.get() + " writes";
        }
    }
}
