package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.nio.NIOConnection;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@link ConnectionSocket} stands on: Grizzly tells a connection's close listeners while its channel is still
 * open, however the connection ends, so a listener that waits for a sendfile(2) in flight runs before the socket's
 * number can be released and taken by the next connection. Watched on the server's own connections (a probe adds a
 * listener to each at its first read): a client that closes after its answer, one that resets mid-download, a
 * download cut by the write timeout mid-sendfile, and a kept-alive connection open when the server stops. A Grizzly
 * upgrade that closed the channel first would fail here. And the socket the server's writers used for the download
 * the write timeout cut refuses, once closed, what a corked or waiting writer would still ask of its number: no
 * TCP_CORK set, no poll(2) wait (a real hazard once the number is reused: {@link ReusedNumberTest}). Every algorithm;
 * plain HTTP (the only transport sendfile serves).
 */
@Execution(ExecutionMode.CONCURRENT)
class ConnectionSocketTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(Algorithm.class)
    void everyWayAConnectionEndsTellsItsListenersWhileTheChannelIsOpen(Algorithm algorithm) throws Exception {
        Map<Integer, Boolean> openWhenTold = new ConcurrentHashMap<>(); // by the client's port
        Map<Integer, Connection<?>> connections = new ConcurrentHashMap<>();
        int answered;
        int reset;
        int timedOut;
        int openAtStop;
        try (FileServer server = Servers.start(algorithm, "zero-copy", "true", "zero-copy-min", "0", "inline-max", "0",
                "send-buffer", "16K", "write-timeout", "1s")) {
            server.addConnectionProbe(new ListenerOnFirstRead(openWhenTold, connections));
            try (RawHttp client = new RawHttp(server.port())) {
                answered = client.socket().getLocalPort();
                assertThat(client.exchange("GET", "/1MB.bin").bodyLength()).isEqualTo(1 << 20);
            }
            try (RawHttp client = RawHttp.withReceiveBuffer(server.port(), 4096)) {
                reset = client.socket().getLocalPort();
                client.send("GET", "/20MB.bin");
                client.readHead();
                client.socket().setSoLinger(true, 0);
            }
            try (RawHttp client = RawHttp.withReceiveBuffer(server.port(), 4096)) {
                timedOut = client.socket().getLocalPort();
                client.send("GET", "/20MB.bin");
                client.readHead();
                Await.until("the stalled download timed out", WAIT,
                        () -> server.algorithmStats().ended(Outcome.WRITE_TIMEOUT) == 1, server::algorithmStats);
                Await.until("its connection closed", WAIT, () -> openWhenTold.containsKey(timedOut), () -> openWhenTold);
                refusesItsNumber(ConnectionSocket.of(connections.get(timedOut)));
            }
            try (RawHttp kept = new RawHttp(server.port())) {
                openAtStop = kept.socket().getLocalPort();
                assertThat(kept.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
                server.close(); // the stop closes the kept-alive connection
            }
        }
        Map<Integer, Boolean> expected = Map.of(answered, true, reset, true, timedOut, true, openAtStop, true);
        Await.until("every connection's close told", WAIT, () -> openWhenTold.keySet().containsAll(expected.keySet()),
                () -> openWhenTold);
        assertThat(openWhenTold).as("channel open when the listeners were told, by client port (answered %d,"
                + " reset %d, timed out %d, open at stop %d)", answered, reset, timedOut, openAtStop)
                .containsAllEntriesOf(expected);
    }

    /** A closed connection's socket: not open, sets no cork, does not wait in poll(2). */
    private static void refusesItsNumber(ConnectionSocket socket) throws Exception {
        assertThat(socket.isOpen()).isFalse();
        assertThat(socket.cork(true)).as("TCP_CORK set after the close").isFalse();
        CompletableFuture.runAsync(() -> socket.awaitWritable(600_000)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Adds a close listener to every connection at its first read (the request: before anything could close it), which
     * records whether its channel was still open. A probe added to a running server hears reads, not accepts.
     */
    private static final class ListenerOnFirstRead extends ConnectionProbe.Adapter {
        private final Map<Integer, Boolean> openWhenTold;
        private final Map<Integer, Connection<?>> connections;
        private final Set<Connection<?>> heard = ConcurrentHashMap.newKeySet();

        ListenerOnFirstRead(Map<Integer, Boolean> openWhenTold, Map<Integer, Connection<?>> connections) {
            this.openWhenTold = openWhenTold;
            this.connections = connections;
        }

        @Override
        public void onReadEvent(Connection connection, Buffer data, int size) {
            if (!heard.add(connection)) {
                return;
            }
            SocketChannel channel = (SocketChannel) ((NIOConnection) connection).getChannel();
            int port = ((InetSocketAddress) connection.getPeerAddress()).getPort();
            connections.put(port, connection);
            CloseListener<Connection<?>, ?> told = (closed, type) -> openWhenTold.put(port, channel.isOpen());
            connection.addCloseListener(told);
        }
    }
}
