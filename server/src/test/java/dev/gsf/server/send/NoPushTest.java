package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TCP_CORK over a download's writes, on a real loopback socket, read back from the kernel with getsockopt. */
class NoPushTest {

    @Test
    void corksBeforeAWriteThatMoreFollow_andUncorksBeforeTellingThatTheLastOneIsOut() throws Throwable {
        assertThat(TcpCork.UNAVAILABLE).as("the test JVM exports sun.nio.ch (pom.xml argLine)").isEmpty();
        try (Connected connected = Connected.open()) {
            SocketChannel server = connected.server;
            NoPush noPush = new NoPush(new ConnectionSocket(server), true);
            Recorder alone = new Recorder(server);
            assertThat(noPush.forWrite(false, alone)).isSameAs(alone);
            assertThat(TcpCork.isSet(server)).as("a write that nothing follows is not corked").isFalse();

            Recorder first = new Recorder(server);
            assertThat(noPush.forWrite(true, first)).as("nothing to do after a write that more follow")
                    .isSameAs(first);
            assertThat(TcpCork.isSet(server)).isTrue();

            Recorder last = new Recorder(server);
            noPush.forWrite(false, last).completed();
            assertThat(last.corkedWhenTold).containsExactly(false);
            assertThat(TcpCork.isSet(server)).isFalse();
        }
    }

    @Test
    void offLeavesTheSocketAlone() throws Throwable {
        try (Connected connected = Connected.open()) {
            NoPush noPush = new NoPush(new ConnectionSocket(connected.server), false);
            noPush.forWrite(true, new Recorder(connected.server));
            assertThat(TcpCork.isSet(connected.server)).isFalse();
        }
    }

    /** Both ends of one loopback TCP connection. */
    private record Connected(SocketChannel client, SocketChannel server) implements AutoCloseable {
        static Connected open() throws IOException {
            try (ServerSocketChannel listener = ServerSocketChannel.open()
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
                SocketChannel client = SocketChannel.open(listener.getLocalAddress());
                return new Connected(client, listener.accept());
            }
        }

        @Override
        public void close() throws IOException {
            try (client; server) {
                // both closed
            }
        }
    }

    /** Records whether the socket was corked when it was told the write is out. */
    private static final class Recorder implements Written {
        private final SocketChannel socket;
        final List<Boolean> corkedWhenTold = new ArrayList<>();

        Recorder(SocketChannel socket) {
            this.socket = socket;
        }

        @Override
        public void completed() {
            try {
                corkedWhenTold.add(TcpCork.isSet(socket));
            } catch (Throwable e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public void failed(Throwable cause) {
            throw new AssertionError(cause);
        }
    }
}
