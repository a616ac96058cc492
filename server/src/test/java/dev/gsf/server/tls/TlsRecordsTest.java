package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.server.config.TlsProvider;
import dev.gsf.server.testing.TestCerts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.nio.transport.TCPNIOTransportBuilder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write that reached the SSL filter ({@link TlsRecords#write(Connection, MemoryManager, SSLEngine, Buffer,
 * CompletionHandler)}) leaves its message's buffers alone once its last record's write has ended: that end hands them
 * back to their owner (PlainSink's pool of first writes, an algorithm's chunk buffer), which may give them to another
 * connection's write at once. The write used to set their positions and limits back after the end, into the other
 * write's buffer: under BoringSSL a 20MB.bin download failed with "newPosition > limit: (12566 > 12562)", and a longer
 * limit would have made the other connection's engine seal bytes of an earlier response. Here the end refills the
 * buffer as another write would, on the writing thread (a fresh socket takes the record at once); the refill must
 * stand, and the peer must read the first message's bytes. Real engines of both providers, handshaken with a JDK
 * client, and a real loopback connection of Grizzly's transport.
 */
class TlsRecordsTest {
    /** PlainSink's first write of a 20MB.bin, as in the failure: a 274-byte head and 12 KiB of body. */
    private static final int FIRST = 274 + 12 * 1024;
    /** The other connection's first write: a head four bytes longer. */
    private static final int OTHER = FIRST + 4;
    @TempDir
    static Path keys;

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
    void aPooledFirstWrite_isNotTouchedAfterItsEnd(String provider) throws Exception {
        try (Loopback loop = new Loopback(provider)) {
            byte[] first = bytes(FIRST, 1);
            ByteBuffer pooled = ByteBuffer.allocateDirect(FIRST + 4096).put(first).flip();
            Buffer message = Buffers.wrap(loop.memory(), pooled);
            message.allowBufferDispose(false);
            Ended ended = new Ended(() -> pooled.clear().put(bytes(OTHER, 2)).flip()); // the pool's next write
            loop.write(message, ended);
            assertThat(ended.latch.await(10, TimeUnit.SECONDS)).as("the write ended").isTrue();
            assertThat(ended.inline).as("ended inside the write call (else this test proves nothing)").isTrue();
            assertThat(new int[] {pooled.position(), pooled.limit()}).as("the other write's buffer, after the end")
                    .containsExactly(0, OTHER);
            assertThat(loop.read(first.length)).isEqualTo(first);
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
    void anAlgorithmsChunk_writtenBehindItsHead_isNotTouchedAfterItsEnd(String provider) throws Exception {
        try (Loopback loop = new Loopback(provider)) {
            byte[] head = bytes(274, 3);
            byte[] body = bytes(12 * 1024, 4);
            ByteBuffer chunk = ByteBuffer.allocateDirect(64 << 10).put(body).flip();
            Buffer bodyBuffer = Buffers.wrap(loop.memory(), chunk);
            bodyBuffer.allowBufferDispose(false);
            Buffer message = Buffers.appendBuffers(loop.memory(), Buffers.wrap(loop.memory(), head), bodyBuffer);
            Ended ended = new Ended(() -> chunk.clear().limit(100)); // the algorithm reads its next chunk into it
            loop.write(message, ended);
            assertThat(ended.latch.await(10, TimeUnit.SECONDS)).as("the write ended").isTrue();
            assertThat(ended.inline).as("ended inside the write call (else this test proves nothing)").isTrue();
            assertThat(new int[] {chunk.position(), chunk.limit()}).as("the chunk, after the end")
                    .containsExactly(0, 100);
            byte[] both = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, both, head.length, body.length);
            assertThat(loop.read(both.length)).isEqualTo(both);
        }
    }

    /**
     * A small piece's record fits a small buffer under BoringSSL, which asks for the piece's room and its overhead
     * only, so that {@link RecordBuffers#firstSize} has it sealed where it waits, without a copy out of a whole
     * record's buffer; the JDK's engine asks for a whole packet's room (so its pool starts whole). Then a small write
     * through {@link TlsRecords} reaches the peer as it was, under either.
     */
    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
    void aSmallPiece_isSealedIntoASmallRecordUnderBoringSsl(String provider) throws Exception {
        try (Loopback loop = new Loopback(provider)) {
            byte[] piece = bytes(TlsWrites.SMALL_PIECE, 5);
            ByteBuffer record = ByteBuffer.allocateDirect(RecordBuffers.SMALL_RECORD);
            ByteBuffer sent = ByteBuffer.allocate(64 << 10);
            SSLEngineResult sealed;
            do { // what the engine owed first (its session tickets) may come alone, as TlsRecords expects
                sealed = loop.server.wrap(ByteBuffer.wrap(piece), record.clear());
                sent.put(record.flip());
            } while (sealed.bytesConsumed() == 0 && sealed.bytesProduced() > 0);
            if (loop.server instanceof BoringEngine) {
                assertThat(sealed.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
                assertThat(sealed.bytesConsumed()).as("plain bytes sealed").isEqualTo(piece.length);
                assertThat(loop.unwrapped(sent.flip())).isEqualTo(piece);
            } else {
                assertThat(sealed.getStatus()).isEqualTo(SSLEngineResult.Status.BUFFER_OVERFLOW);
            }
            byte[] next = bytes(TlsWrites.SMALL_PIECE - 100, 6);
            Ended ended = new Ended(() -> { });
            loop.write(Buffers.wrap(loop.memory(), ByteBuffer.allocateDirect(next.length).put(next).flip()), ended);
            assertThat(ended.latch.await(10, TimeUnit.SECONDS)).as("the write ended").isTrue();
            assertThat(loop.read(next.length)).isEqualTo(next);
        }
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** The last record's end: runs what the buffer's owner does then, and says whether it came inside the write. */
    private static final class Ended extends EmptyCompletionHandler<WriteResult> {
        private final Runnable owner;
        private final CountDownLatch latch = new CountDownLatch(1);
        private volatile boolean writing;
        private volatile boolean inline;

        Ended(Runnable owner) {
            this.owner = owner;
        }

        @Override
        public void completed(WriteResult result) {
            inline = writing;
            owner.run();
            latch.countDown();
        }
    }

    /**
     * A server engine handshaken in memory with a JDK client engine, on a Grizzly connection to a plain socket whose
     * bytes the client engine decrypts.
     */
    private static final class Loopback implements AutoCloseable {
        private final TlsEngines engines;
        private final SSLEngine server;
        private final SSLEngine client;
        private final TCPNIOTransport transport = TCPNIOTransportBuilder.newInstance().build();
        private final ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final Connection<?> connection;
        private final Socket peer;

        Loopback(String provider) throws Exception {
            TestCerts.Issued leaf = TestCerts.issue(keys, "leaf-" + provider, TestCerts.Kind.EC,
                    TestCerts.Form.PKCS8);
            engines = new TlsEngines(PemFiles.read(leaf.chain(), leaf.key()), TlsProvider.parse(provider), false);
            server = engines.createSSLEngine("127.0.0.1", 0);
            client = TestCerts.clientContext().createSSLEngine("127.0.0.1", listener.getLocalPort());
            client.setUseClientMode(true);
            handshake();
            transport.setProcessor(FilterChainBuilder.stateless().add(new TransportFilter()).build());
            transport.start();
            connection = transport.connect(listener.getLocalSocketAddress()).get(10, TimeUnit.SECONDS);
            peer = listener.accept();
            peer.setSoTimeout(10_000);
        }

        MemoryManager<?> memory() {
            return transport.getMemoryManager();
        }

        /** Seals and queues {@code message} as RecordFilter does, under the connection's lock. */
        void write(Buffer message, Ended ended) throws IOException {
            synchronized (connection) {
                ended.writing = true;
                TlsRecords.write(connection, memory(), server, message, ended);
                ended.writing = false;
            }
        }

        /** The plaintext of the records in {@code net}, unwrapped by the client engine (not through the socket). */
        byte[] unwrapped(ByteBuffer net) throws SSLException {
            ByteBuffer app = ByteBuffer.allocate(64 << 10);
            SSLEngineResult result;
            do { // a record a call
                result = client.unwrap(net, app);
            } while (net.hasRemaining() && result.bytesConsumed() > 0);
            return Arrays.copyOf(app.array(), app.position());
        }

        /** The first {@code length} plaintext bytes of application data the peer receives. */
        byte[] read(int length) throws IOException {
            ByteArrayOutputStream plain = new ByteArrayOutputStream();
            ByteBuffer net = ByteBuffer.allocate(64 << 10);
            ByteBuffer app = ByteBuffer.allocate(64 << 10);
            byte[] chunk = new byte[8192];
            while (plain.size() < length) {
                int n = peer.getInputStream().read(chunk);
                if (n < 0) {
                    throw new IOException("the connection ended after " + plain.size() + " bytes");
                }
                net.put(chunk, 0, n).flip();
                SSLEngineResult result;
                do {
                    result = client.unwrap(net, app);
                } while (result.getStatus() == SSLEngineResult.Status.OK && result.bytesConsumed() > 0);
                net.compact();
                plain.write(app.array(), 0, app.flip().remaining());
                app.clear();
            }
            return plain.toByteArray();
        }

        /** Wraps and unwraps between the two engines until neither is handshaking. */
        private void handshake() throws SSLException {
            ByteBuffer toServer = ByteBuffer.allocate(64 << 10);
            ByteBuffer toClient = ByteBuffer.allocate(64 << 10);
            ByteBuffer app = ByteBuffer.allocate(64 << 10);
            client.beginHandshake();
            server.beginHandshake();
            for (int step = 0; step < 50 && (handshaking(client) || handshaking(server) || toServer.position() > 0
                    || toClient.position() > 0); step++) { // (and what either sent after it: a session ticket)
                move(client, toClient, toServer, app);
                move(server, toServer, toClient, app);
            }
            assertThat(handshaking(client) || handshaking(server)).as("handshaken").isFalse();
        }

        private static boolean handshaking(SSLEngine engine) {
            HandshakeStatus status = engine.getHandshakeStatus();
            return status != HandshakeStatus.NOT_HANDSHAKING && status != HandshakeStatus.FINISHED;
        }

        /** What {@code engine} has to do now: read what came in, write what it owes, run its tasks. */
        private static void move(SSLEngine engine, ByteBuffer in, ByteBuffer out, ByteBuffer app) throws SSLException {
            in.flip();
            while (in.hasRemaining() && engine.unwrap(in, app).bytesConsumed() > 0) {
                app.clear();
            }
            in.compact();
            while (true) {
                HandshakeStatus status = engine.getHandshakeStatus();
                if (status == HandshakeStatus.NEED_TASK) {
                    engine.getDelegatedTask().run();
                } else if (status != HandshakeStatus.NEED_WRAP
                        || engine.wrap(ByteBuffer.allocate(0), out).bytesProduced() == 0) {
                    return;
                }
            }
        }

        @Override
        public void close() throws Exception {
            peer.close();
            connection.closeSilently();
            listener.close();
            transport.shutdownNow();
            if (server instanceof BoringEngine boring) {
                boring.release();
            }
            engines.close();
        }
    }
}
