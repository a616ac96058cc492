package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.LiveCounters;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * One client's keep-alive TCP connection: non-blocking, registered with its event loop's selector, and counted in
 * the live connection gauge from open to close ({@link #open}, {@link #close}). Used only on the event loop's thread; nothing here blocks.
 */
record Connection(SocketChannel channel, SelectionKey key, LiveCounters live, boolean connectedAtOnce) {

    /**
     * Opens a connection and starts connecting; the key's attachment is {@code owner}. Interested in reading when
     * the connect completed at once, else in the connect's completion.
     */
    static Connection open(Selector selector, Object owner, DriverConfig config, LiveCounters live)
            throws IOException {
        SocketChannel channel = SocketChannel.open();
        live.connections.increment();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (config.receiveBuffer() > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBuffer()); // before connect: sets the window
            }
            boolean connected = channel.connect(config.address());
            SelectionKey key = channel.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT,
                    owner);
            return new Connection(channel, key, live, connected);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            live.connections.decrement();
            throw e;
        }
    }

    /** Completes a pending connect; true once connected, when the connection turns to reading. */
    boolean finishConnect() throws IOException {
        if (!channel.finishConnect()) {
            return false;
        }
        key.interestOps(SelectionKey.OP_READ);
        return true;
    }

    boolean isValid() {
        return key.isValid();
    }

    void interest(int ops) {
        key.interestOps(ops);
    }

    void write(ByteBuffer bytes) throws IOException {
        channel.write(bytes);
    }

    /** Bytes read, 0 when none are there yet, -1 at the end of the stream. */
    int read(ByteBuffer into) throws IOException {
        return channel.read(into);
    }

    void close() {
        closeQuietly(channel);
        live.connections.decrement();
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a socket we are done with; nothing to recover
        }
    }
}
