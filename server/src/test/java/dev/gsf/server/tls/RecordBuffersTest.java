package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every TLS body record goes back to its pool however its download ends: the client gone mid-body (a reset), the
 * server's write timeout, the server's stop under a download. BoringSSL's records are direct buffers, whose memory the
 * heap's figures do not show, so the pools' count of buffers out ({@link RecordBuffers#outOfBothPools}) must come
 * back to 0 under each provider and algorithm, and the JVM's direct memory must stay within what the idle pools may
 * keep. One 1 MB download per end path and three resets: the records in flight are what is checked, not a volume.
 */
@Isolated("counts the records out of the JVM-wide pools and the JVM's direct memory")
class RecordBuffersTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    /**
     * What the idle pools may keep of direct memory: whole records (each of its session's packet size, under 33 KB
     * under either provider) and small ones, and the plain pieces.
     */
    private static final long MOST_IDLE_DIRECT = RecordBuffers.IDLE_RECORDS * (33L << 10)
            + RecordBuffers.IDLE_SMALL_RECORDS * (long) RecordBuffers.SMALL_RECORD + 64L * TlsWrites.BORING_PIECE;

    static Stream<Arguments> algorithmsAndProviders() {
        return Stream.of(Transport.HTTPS, Transport.HTTPS_JDK)
                .flatMap(t -> Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, t)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("algorithmsAndProviders")
    void everyRecordComesBackWhicheverWayItsDownloadEnds(Algorithm algorithm, Transport transport) throws Exception {
        long directBefore = directMemoryUsed();
        FileServer server = Servers.start(algorithm, transport.keys("write-timeout", "500ms", "shutdown-grace", "0s",
                "send-buffer", "64K"));
        int port = server.tlsPort().orElseThrow();
        try (server) {
            resetsMidBody(port);
            try (RawHttp stalled = stalledDownload(port)) {
                Await.until("the stalled download dropped by write-timeout", WAIT,
                        () -> server.downloadsInProgress().isEmpty(), server::downloadsInProgress);
            }
            awaitEveryRecordBack("after resets and a write timeout");
            try (RawHttp stalled = stalledDownload(port)) {
                server.close(); // the stop, under a download whose record waits in the write queue
            }
        }
        awaitEveryRecordBack("after the stop");
        assertThat(directMemoryUsed() - directBefore).as("direct memory grown, bytes")
                .isLessThanOrEqualTo(MOST_IDLE_DIRECT);
    }

    /**
     * Past its cap on direct bytes in use the direct pool hands out heap records, and giving them back keeps the counts
     * right and the idle pools direct: a pool of its own with room for two whole records in use takes three, then
     * small ones beyond that room; after all come back (the heap ones first), the records taken again one at a time
     * are all direct: a heap record kept idle would be the first out.
     */
    @Test
    void pastItsDirectCapThePoolHandsOutHeapRecordsAndKeepsNone() {
        int whole = RecordBuffers.SMALL_RECORD * 4;
        RecordBuffers pool = new RecordBuffers(true, 2L * whole);
        List<ByteBuffer> taken = new ArrayList<>(List.of(pool.take(whole), pool.take(whole), pool.take(whole)));
        assertThat(taken).extracting(ByteBuffer::isDirect).containsExactly(true, true, false);
        assertThat(pool.directBytesInUse()).as("direct bytes in use at the cap").isEqualTo(2L * whole);
        taken.add(pool.fitted(pool.take(whole).put(new byte[16]).flip())); // fitted from a heap record: heap
        assertThat(taken.getLast().isDirect()).as("small record past the cap").isFalse();
        taken.add(pool.fitted(taken.removeFirst().flip())); // a direct whole record's room is freed for a small one
        assertThat(taken.getLast().isDirect()).as("small record within the cap").isTrue();
        taken.forEach(pool::giveBack);
        assertThat(pool.taken()).as("records out").isZero();
        assertThat(pool.directBytesInUse()).as("direct bytes in use").isZero();
        List<ByteBuffer> fitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            fitted.add(pool.fitted(pool.take(whole).put(new byte[16]).flip()));
            pool.giveBack(fitted.getLast()); // one at a time: within the cap, so from the idle pools
        }
        assertThat(fitted).as("records the direct pool handed out once within its cap").allMatch(ByteBuffer::isDirect);
        assertThat(pool.taken()).as("records out").isZero();
        assertThat(pool.directBytesInUse()).as("direct bytes in use").isZero();
    }

    /**
     * BoringSSL's pool starts a small piece's wrap in a small record, which {@link RecordBuffers#fitted} keeps as it
     * is (no copy, one buffer taken); a larger piece, and any under the JDK's pool, start in a whole packet.
     */
    @Test
    void aSmallPieceStartsInASmallRecordThatIsKeptAsItIs() {
        int packet = 16_709;
        RecordBuffers pool = new RecordBuffers(true, 1L << 20);
        assertThat(pool.firstSize(TlsWrites.SMALL_PIECE, packet)).isEqualTo(RecordBuffers.SMALL_RECORD);
        assertThat(pool.firstSize(TlsWrites.SMALL_PIECE + 1, packet)).isEqualTo(packet);
        assertThat(new RecordBuffers(false, 0).firstSize(270, packet)).as("the JDK's pool").isEqualTo(packet);
        ByteBuffer small = pool.take(pool.firstSize(270, packet));
        assertThat(small.capacity()).isEqualTo(RecordBuffers.SMALL_RECORD);
        assertThat(pool.fitted(small.put(new byte[270]).flip())).isSameAs(small);
        assertThat(pool.taken()).as("records out").isEqualTo(1);
        assertThat(pool.directBytesInUse()).as("direct bytes in use").isEqualTo(RecordBuffers.SMALL_RECORD);
        pool.giveBack(small);
        assertThat(pool.taken()).as("records out").isZero();
        assertThat(pool.directBytesInUse()).as("direct bytes in use").isZero();
    }

    /** A download whose client reads nothing past the head: its record waits in the server's write queue. */
    private static RawHttp stalledDownload(int port) throws IOException {
        RawHttp client = RawHttp.overTls(port, TestCerts.clientContext(), 4096);
        assertThat(client.startDownload("/1MB.bin").status()).isEqualTo(200);
        Await.until("a record in flight", WAIT, () -> RecordBuffers.outOfBothPools() > 0,
                RecordBuffers::outOfBothPools);
        return client;
    }

    /** Downloads cut by their client with a reset: right after the head, after 4 KB of body, after 64 KB. */
    private static void resetsMidBody(int port) throws IOException {
        for (int bodyBytes : new int[] {0, 4 << 10, 64 << 10}) {
            try (RawHttp client = RawHttp.overTls(port, TestCerts.clientContext())) {
                client.socket().setSoLinger(true, 0); // the close is a reset
                assertThat(client.startDownload("/1MB.bin").status()).isEqualTo(200);
                for (int read = 0, n; read < bodyBytes; read += n) {
                    n = client.readSome(new byte[bodyBytes - read]);
                    assertThat(n).as("body bytes read").isPositive();
                }
            }
        }
    }

    private static void awaitEveryRecordBack(String when) {
        Await.until("every TLS record back in its pool " + when, WAIT, () -> RecordBuffers.outOfBothPools() == 0,
                RecordBuffers::outOfBothPools);
    }

    private static long directMemoryUsed() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct")).mapToLong(BufferPoolMXBean::getMemoryUsed).sum();
    }
}
