package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.common.Budget;
import dev.gsf.common.TestFiles;
import dev.gsf.server.testing.Descriptors;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A download's sendfile(2) session on its own dup of the socket's descriptor ({@link SendfileSession}), with real
 * loopback sockets: the hazard it closes, made as directly as it can be. A connection's channel is closed (as a write
 * timeout or Grizzly would, on another thread) and the next accepted connection takes its descriptor number: the
 * download's next send must fail, and the new connection must get none of its bytes. Its own client gets the bytes
 * sent before, then the end of the stream once the session is closed (the dup keeps no dead connection open).
 */
@Isolated("the next accepted connection must take the closed one's descriptor number: the lowest free number is"
        + " the process's, and another class opening a file at the same time takes it")
class SendfileSessionTest {
    private static final int SENT = 1000;

    @Test
    void aConnectionClosedUnderTheDownload_whoseNumberTheNextTakes_getsNoByteMore_andTheNextNone() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        Path file = TestFiles.fileSet().resolve("1MB.bin");
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             FileInputStream input = new FileInputStream(file.toFile());
             Socket clientA = connect(listener)) {
            SendfileSession download = LibcSendfile.of(input.getChannel(), input.getFD(), new LongAdder()).session();
            SocketChannel serverA = accepted(listener);
            int number = Libc.descriptor(serverA);
            String socketA = Files.readSymbolicLink(Path.of("/proc/self/fd/" + number)).toString();
            assertThat(download.send(0, SENT, serverA)).isEqualTo(SENT);
            assertThat(countOf(socketA)).as("the channel's descriptor and the download's dup").isEqualTo(2);

            Socket clientB = connect(listener); // before the close: the client's own socket takes no number of ours
            serverA.close(); // as another thread would, between two sends: the number is free now
            try (SocketChannel serverB = accepted(listener)) {
                assertThat(Libc.descriptor(serverB)).as("the next connection takes the closed one's number")
                        .isEqualTo(number);
                // the download's next send, to its own channel: sendfile(2) on the channel's number would reach B
                assertThatThrownBy(() -> download.send(SENT, SENT, serverA))
                        .isInstanceOf(ClosedChannelException.class);
                serverB.write(ByteBuffer.wrap(new byte[] {'B'}));
                assertThat(clientB.getInputStream().read())
                        .as("the new connection's first byte: its own, no file byte before it").isEqualTo('B');
            } finally {
                clientB.close();
            }
            assertThat(countOf(socketA)).as("the dup still holds A's socket until the download ends").isEqualTo(1);
            download.close();
            download.close(); // every end path may close it; the second does nothing
            assertThat(countOf(socketA)).as("descriptors of A's socket after the download ended").isZero();
            InputStream in = clientA.getInputStream();
            byte[] first = new byte[SENT];
            try (InputStream bytes = Files.newInputStream(file)) {
                assertThat(bytes.readNBytes(first, 0, SENT)).isEqualTo(SENT);
            }
            assertThat(in.readNBytes(SENT + 1)).as("A: the bytes sent before the close, then the end of the stream")
                    .isEqualTo(first);
        }
    }

    @Test
    void aSessionClosedBeforeItsFirstSendNeverTakesADescriptor() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             FileInputStream input = new FileInputStream(TestFiles.fileSet().resolve("1MB.bin").toFile());
             Socket client = connect(listener);
             SocketChannel server = accepted(listener)) {
            SendfileSession download = LibcSendfile.of(input.getChannel(), input.getFD(), new LongAdder()).session();
            String socket = Files.readSymbolicLink(Path.of("/proc/self/fd/" + Libc.descriptor(server))).toString();
            download.close();
            assertThatThrownBy(() -> download.send(0, SENT, server)).isInstanceOf(ClosedChannelException.class);
            assertThat(countOf(socket)).as("only the channel's own descriptor").isEqualTo(1);
        }
    }

    @Test
    void pastTheDupBudgetADownloadSendsByTransferTo_andEveryDupIsGivenBack() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        assertThat(SendfileSession.DUPS.held()).isGreaterThanOrEqualTo(0);
        Budget budget = new Budget(1);
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             FileInputStream input = new FileInputStream(TestFiles.fileSet().resolve("1MB.bin").toFile());
             Socket clientA = connect(listener);
             SocketChannel serverA = accepted(listener);
             Socket clientB = connect(listener);
             SocketChannel serverB = accepted(listener)) {
            LongAdder directCalls = new LongAdder();
            LibcSendfile file = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls);
            SendfileSession first = new SendfileSession(file, budget);
            SendfileSession second = new SendfileSession(file, budget);
            assertThat(first.send(0, SENT, serverA)).isEqualTo(SENT);
            assertThat(second.send(0, SENT, serverB)).as("sent, by transferTo").isEqualTo(SENT);
            assertThat(directCalls.sum()).as("only the first download's send was direct").isEqualTo(1);
            assertThat(budget.held()).isEqualTo(1);
            String socketB = Files.readSymbolicLink(Path.of("/proc/self/fd/" + Libc.descriptor(serverB))).toString();
            assertThat(countOf(socketB)).as("no dup past the budget").isEqualTo(1);
            first.close();
            second.close();
            assertThat(budget.held()).isZero();
            assertThat(clientA.getInputStream().readNBytes(SENT)).hasSize(SENT);
            assertThat(clientB.getInputStream().readNBytes(SENT)).hasSize(SENT);
        }
    }

    @Test
    void aFileSendfileRefusesIsOfferedToItOnce_thenGoesToTransferTo_withoutADup() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             FileInputStream input = new FileInputStream("/proc/self/status"); // procfs: sendfile(2) says EINVAL
             Socket client = connect(listener);
             SocketChannel server = accepted(listener)) {
            LongAdder directCalls = new LongAdder();
            LibcSendfile file = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls);
            SendfileSession first = file.session();
            first.send(0, SENT, server);
            assertThat(directCalls.sum()).as("the first send tried sendfile(2)").isEqualTo(1);
            first.send(0, SENT, server);
            first.close();
            SendfileSession second = file.session();
            second.send(0, SENT, server);
            String socket = Files.readSymbolicLink(Path.of("/proc/self/fd/" + Libc.descriptor(server))).toString();
            assertThat(countOf(socket)).as("the second download takes no dup for a file sendfile refused").isEqualTo(1);
            second.close();
            assertThat(directCalls.sum()).as("no sendfile(2) after the file's refusal").isEqualTo(1);
        }
    }

    private static Socket connect(ServerSocketChannel listener) throws java.io.IOException {
        return new Socket(InetAddress.getLoopbackAddress(), listener.socket().getLocalPort());
    }

    private static SocketChannel accepted(ServerSocketChannel listener) throws java.io.IOException {
        SocketChannel channel = listener.accept();
        channel.configureBlocking(false); // as Grizzly's: sendfile(2) is called directly only on these
        return channel;
    }

    private static long countOf(String socket) {
        return Descriptors.targets().stream().filter(socket::equals).count();
    }
}
