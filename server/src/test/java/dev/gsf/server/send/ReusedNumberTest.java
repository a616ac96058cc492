package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.algorithms.WriteSink.Written;
import dev.gsf.common.TestFiles;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The hazard {@link ConnectionSocket} closes, made as directly as it can be with real loopback sockets: a connection's
 * close begins (its listener told, as Grizzly does first), its channel is closed, and the next accepted connection
 * takes its descriptor number. What the old connection's download still asks of its socket must not reach the new
 * one: no sendfile(2) (the new client gets only its own bytes), no TCP_CORK set ({@link NoPush}), no poll(2) wait on
 * the new socket ({@code BlockingWrites}). The old client gets the bytes sent before, then the end of the stream.
 */
@Isolated("the next accepted connection must take the closed one's descriptor number: the lowest free number is"
        + " the process's, and another class opening a file at the same time takes it")
class ReusedNumberTest {
    private static final int SENT = 1000;

    @Test
    void aClosedConnectionsSocket_whoseNumberTheNextTakes_neitherSendsCorksNorPollsThere() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        Path file = TestFiles.fileSet().resolve("1MB.bin");
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             FileInputStream input = new FileInputStream(file.toFile());
             Socket clientA = connect(listener)) {
            LongAdder directCalls = new LongAdder();
            SendfileSession download = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls).session();
            SocketChannel serverA = accepted(listener);
            int number = Libc.descriptor(serverA);
            ConnectionSocket socketA = new ConnectionSocket(serverA);
            NoPush noPushA = new NoPush(socketA, true);
            assertThat(download.send(0, SENT, socketA)).isEqualTo(SENT);

            Socket clientB = connect(listener); // before the close: the client's own socket takes no number of ours
            socketA.closing(); // Grizzly tells the connection's listeners first (ConnectionSocketTest) ...
            serverA.close(); // ... then closes the channel: the number is free now
            try (SocketChannel serverB = accepted(listener)) {
                assertThat(Libc.descriptor(serverB)).as("the next connection takes the closed one's number")
                        .isEqualTo(number);
                assertThatThrownBy(() -> download.send(SENT, SENT, socketA))
                        .isInstanceOf(ClosedChannelException.class);
                assertThat(directCalls.sum()).as("no sendfile(2) after the close began").isEqualTo(1);
                noPushA.forWrite(true, new Ignored());
                assertThat(TcpCork.isSet(serverB)).as("the new connection is not corked by the old one's writes")
                        .isFalse();
                fill(serverB); // a poll(2) for POLLOUT on B's number would now wait
                CompletableFuture<Void> wait = CompletableFuture.runAsync(() -> socketA.awaitWritable(600_000));
                wait.get(WAIT.toMillis(), TimeUnit.MILLISECONDS); // returns at once: no poll of B's socket
                assertThat(socketA.isOpen()).isFalse();
                assertThat(clientB.getInputStream().read())
                        .as("the new connection's first byte: its own, no file byte before it").isEqualTo('B');
            } finally {
                clientB.close();
            }
            download.close();
            byte[] first = new byte[SENT];
            try (InputStream bytes = Files.newInputStream(file)) {
                assertThat(bytes.readNBytes(first, 0, SENT)).isEqualTo(SENT);
            }
            assertThat(clientA.getInputStream().readNBytes(SENT + 1))
                    .as("A: the bytes sent before the close, then the end of the stream").isEqualTo(first);
        }
    }

    /** Writes 'B's to {@code channel} (non-blocking) until its send buffer and the client's receive buffer are full. */
    private static void fill(SocketChannel channel) throws Exception {
        channel.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
        ByteBuffer bytes = ByteBuffer.allocate(64 * 1024);
        while (bytes.hasRemaining()) {
            bytes.put((byte) 'B');
        }
        do {
            bytes.clear();
        } while (channel.write(bytes) > 0);
    }

    private static Socket connect(ServerSocketChannel listener) throws java.io.IOException {
        Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.socket().getLocalPort());
        client.setReceiveBufferSize(4096);
        return client;
    }

    private static SocketChannel accepted(ServerSocketChannel listener) throws java.io.IOException {
        SocketChannel channel = listener.accept();
        channel.configureBlocking(false); // as Grizzly's: sendfile(2) is called directly only on these
        return channel;
    }

    /** A write's end nobody waits for. */
    private static final class Ignored implements Written {
        @Override
        public void completed() {
            // nothing waits
        }

        @Override
        public void failed(Throwable cause) {
            // nothing waits
        }
    }
}
