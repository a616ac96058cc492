package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gsf.common.TestFiles;
import dev.gsf.server.testing.Descriptors;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * A download's sendfile(2) session ({@link SendfileSession}) on real loopback sockets: it sends by number only to a
 * {@link ConnectionSocket} and takes no descriptor of its own; a closed session sends nothing; any other target goes
 * to transferTo; a file sendfile refuses is offered to it once. (What a number reused after a close does:
 * {@link ReusedNumberTest}.)
 */
class SendfileSessionTest {
    private static final int SENT = 1000;

    @Test
    void sendsToTheConnectionsOwnDescriptor_takingNone_andNothingOnceClosed() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (Connected connected = Connected.open();
             FileInputStream input = new FileInputStream(TestFiles.fileSet().resolve("1MB.bin").toFile())) {
            LongAdder directCalls = new LongAdder();
            SendfileSession download = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls).session();
            ConnectionSocket socket = new ConnectionSocket(connected.server());
            assertThat(download.send(0, SENT, socket)).isEqualTo(SENT);
            assertThat(directCalls.sum()).as("sent by the server's own sendfile(2)").isEqualTo(1);
            assertThat(connected.descriptorsOfServerSocket()).as("only the channel's own descriptor").isEqualTo(1);
            download.close();
            download.close(); // every end path may close it; the second does nothing
            assertThatThrownBy(() -> download.send(SENT, SENT, socket)).isInstanceOf(ClosedChannelException.class);
            assertThat(directCalls.sum()).as("no sendfile(2) after the close").isEqualTo(1);
            assertThat(connected.client().getInputStream().readNBytes(SENT)).hasSize(SENT);
        }
    }

    @Test
    void aBareChannelGoesToTransferTo_neverByNumber() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (Connected connected = Connected.open();
             FileInputStream input = new FileInputStream(TestFiles.fileSet().resolve("1MB.bin").toFile())) {
            LongAdder directCalls = new LongAdder();
            SendfileSession download = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls).session();
            assertThat(download.send(0, SENT, connected.server())).as("sent, by transferTo").isEqualTo(SENT);
            assertThat(directCalls.sum()).as("no sendfile(2) of the server's own").isZero();
            assertThat(connected.descriptorsOfServerSocket()).isEqualTo(1);
            download.close();
            assertThat(connected.client().getInputStream().readNBytes(SENT)).hasSize(SENT);
        }
    }

    @Test
    void aFileSendfileRefusesIsOfferedToItOnce_thenGoesToTransferTo() throws Exception {
        assumeTrue(LibcSendfile.UNAVAILABLE.isEmpty(), "sendfile(2) is called directly on JDK 22+ on Linux only");
        try (Connected connected = Connected.open();
             FileInputStream input = new FileInputStream("/proc/self/status")) { // procfs: sendfile(2) says EINVAL
            LongAdder directCalls = new LongAdder();
            LibcSendfile file = LibcSendfile.of(input.getChannel(), input.getFD(), directCalls);
            ConnectionSocket socket = new ConnectionSocket(connected.server());
            SendfileSession first = file.session();
            first.send(0, SENT, socket);
            assertThat(directCalls.sum()).as("the first send tried sendfile(2)").isEqualTo(1);
            first.send(0, SENT, socket);
            first.close();
            SendfileSession second = file.session();
            second.send(0, SENT, socket);
            second.close();
            assertThat(directCalls.sum()).as("no sendfile(2) after the file's refusal").isEqualTo(1);
        }
    }

    /** Both ends of one loopback TCP connection; the server's end non-blocking, as Grizzly's. */
    record Connected(Socket client, SocketChannel server) implements AutoCloseable {
        static Connected open() throws IOException {
            try (ServerSocketChannel listener = ServerSocketChannel.open()
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
                Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.socket().getLocalPort());
                SocketChannel server = listener.accept();
                server.configureBlocking(false);
                return new Connected(client, server);
            }
        }

        long descriptorsOfServerSocket() throws IOException {
            String socket = Files.readSymbolicLink(Path.of("/proc/self/fd/" + Libc.descriptor(server))).toString();
            return Descriptors.targets().stream().filter(socket::equals).count();
        }

        @Override
        public void close() throws IOException {
            try (client; server) {
                // both closed
            }
        }
    }
}
