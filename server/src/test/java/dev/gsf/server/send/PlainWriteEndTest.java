package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.nio.transport.TCPNIOTransportBuilder;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the pools of plain writes stand on: once Grizzly's transport has told a write's end, it touches the write's
 * buffers no more, though it still runs after the handler (Grizzly 5.0.2's {@code notifyCompleteAndRecycle} calls the
 * message's {@code release()} behind it). The handler hands the buffer back to its owner ({@link PlainSink}'s pool of
 * first writes, an algorithm's chunk buffer, HTTP/2's frame slabs), which may give it to another connection's write
 * at once: a position or limit set after the end would be set in that write's buffer (as TLS's restore did:
 * docs/results/2026-11-28-tls-wrap-position.md; docs/results/2026-11-28-pooled-buffers-audit.md). Here the end
 * refills the buffer as the next write would, inside the write call (a fresh socket takes the bytes at once), and
 * the refill must stand when the call returns; the peer must read the first write's bytes. A real Grizzly transport
 * on a loopback connection.
 */
class PlainWriteEndTest {
    private static TCPNIOTransport transport;
    private static ServerSocket listener;
    private static Connection<?> connection;
    private static Socket peer;

    @BeforeAll
    static void connect() throws Exception {
        transport = TCPNIOTransportBuilder.newInstance().setIOStrategy(SameThreadIOStrategy.getInstance())
                .setSelectorRunnersCount(1).build(); // one thread: the test's writes need no more
        transport.setProcessor(FilterChainBuilder.stateless().add(new TransportFilter()).build());
        transport.start();
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        connection = transport.connect(listener.getLocalSocketAddress()).get(10, TimeUnit.SECONDS);
        peer = listener.accept();
        peer.setSoTimeout(10_000);
    }

    @AfterAll
    static void close() throws Exception {
        peer.close();
        connection.closeSilently();
        listener.close();
        transport.shutdownNow();
    }

    @Test
    void aPooledFirstWrite_isNotTouchedAfterItsEnd() throws Exception {
        byte[] first = bytes(274 + 12 * 1024, 1); // a head and the gathered body bytes, as PlainSink writes them
        ByteBuffer pooled = ByteBuffer.allocateDirect(16 << 10).put(first).flip();
        Buffer message = Buffers.wrap(memory(), pooled);
        message.allowBufferDispose(false);
        byte[] other = bytes(first.length + 4, 2); // the pool's next write: a head four bytes longer
        assertThat(writeEndingInline(message, () -> pooled.clear().put(other).flip()))
                .as("ended inside the write call (else this test proves nothing)").isTrue();
        assertThat(new int[] {pooled.position(), pooled.limit()}).as("the next write's buffer, after the end")
                .containsExactly(0, other.length);
        assertThat(peer.getInputStream().readNBytes(first.length)).isEqualTo(first);
    }

    @Test
    void aChunkGatheredBehindItsHead_isNotTouchedAfterItsEnd() throws Exception {
        byte[] head = bytes(274, 3);
        byte[] body = bytes(12 * 1024, 4);
        ByteBuffer chunk = ByteBuffer.allocateDirect(64 << 10).put(body).flip();
        Buffer bodyBuffer = Buffers.wrap(memory(), chunk);
        bodyBuffer.allowBufferDispose(false);
        Buffer message = Buffers.appendBuffers(memory(), Buffers.wrap(memory(), head), bodyBuffer);
        assertThat(writeEndingInline(message, () -> chunk.clear().limit(100))) // the next chunk's read into it
                .as("ended inside the write call (else this test proves nothing)").isTrue();
        assertThat(new int[] {chunk.position(), chunk.limit()}).as("the chunk, after the end")
                .containsExactly(0, 100);
        InputStream in = peer.getInputStream();
        assertThat(in.readNBytes(head.length)).isEqualTo(head);
        assertThat(in.readNBytes(body.length)).isEqualTo(body);
    }

    /** Writes {@code message}; its end runs {@code owner} (the buffer's next user); whether it ended in the call. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // Grizzly's write takes a handler typed by the message
    private static boolean writeEndingInline(Buffer message, Runnable owner) throws Exception {
        CompletableFuture<WriteResult> ended = new CompletableFuture<>();
        ((Connection) connection).write(message, new EmptyCompletionHandler<WriteResult>() {
            @Override
            public void completed(WriteResult result) {
                owner.run();
                ended.complete(result);
            }

            @Override
            public void failed(Throwable cause) {
                ended.completeExceptionally(cause);
            }
        });
        boolean inline = ended.isDone();
        ended.get(10, TimeUnit.SECONDS);
        return inline;
    }

    private static MemoryManager<?> memory() {
        return transport.getMemoryManager();
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
