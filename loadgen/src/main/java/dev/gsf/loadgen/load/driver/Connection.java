package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.metrics.LiveCounters;
import dev.gsf.loadgen.load.metrics.Recorder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.BiConsumer;

/**
 * One client's keep-alive TCP connection, with TLS under its reads and writes for https targets: non-blocking,
 * registered with its event loop's selector, and counted in the live connection gauge from open to close
 * ({@link #open}, {@link #close}). Used only on the event loop's thread; nothing here blocks.
 */
final class Connection {
    private final SocketChannel channel;
    private final SelectionKey key;
    private final LiveCounters live;
    private final TlsLayer tls;
    private boolean connected;
    /** System.nanoTime() when the TCP connect completed and the TLS handshake began. */
    private long handshakeStart;

    private Connection(SocketChannel channel, SelectionKey key, LiveCounters live, TlsLayer tls, boolean connected) {
        this.channel = channel;
        this.key = key;
        this.live = live;
        this.tls = tls;
        this.connected = connected;
        if (connected) {
            handshakeStart = System.nanoTime();
        }
    }

    /**
     * Opens a connection from {@code source} (null: the system's choice) and starts connecting; the key's attachment
     * is {@code owner}. {@code tls} is the loop's shared buffers for an https target, null for plain http.
     */
    static Connection open(Selector selector, Object owner, DriverConfig config, InetSocketAddress source,
                           TlsBuffers tls, LiveCounters live) throws IOException {
        SocketChannel channel = SocketChannel.open();
        live.connections.increment();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (config.receiveBuffer() > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBuffer()); // before connect: sets the window
            }
            if (source != null) {
                channel.bind(source); // port 0: an ephemeral port of this source address
            }
            boolean connected = channel.connect(config.address());
            SelectionKey key = channel.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT,
                    owner);
            return new Connection(channel, key, live, tls == null ? null : new TlsLayer(config.tls().engine(), tls),
                    connected);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            live.connections.decrement();
            throw e;
        }
    }

    /**
     * Takes a pending connect, then the TLS handshake, a step further for the connection's owner (a {@link Client}
     * or an {@link H2Session}): true once requests may be written, false while waiting for the socket (the key's
     * interest is then set to what it waits for) or when it failed. A failure is told to {@code failed}: CONNECT
     * while the TCP connect had not completed, else the handshake's kind ({@link Failures#handshakeKind}); a
     * completed TLS handshake is recorded.
     */
    boolean establish(DriverConfig config, Recorder recorder, BiConsumer<ErrorKind, String> failed) {
        try {
            if (!advance()) {
                return false;
            }
        } catch (IOException e) { // an SSLException comes only from the handshake, after the connect
            if (connected) {
                failed.accept(Failures.handshakeKind(e), Failures.handshake(config, e));
            } else {
                failed.accept(ErrorKind.CONNECT, Failures.cannotConnect(config, e));
            }
            return false;
        }
        if (tls != null) {
            recorder.handshake(handshakeStart, System.nanoTime(), tls.resumed());
        }
        return true;
    }

    /**
     * Completes a pending connect, then the TLS handshake; true once requests may be written.
     *
     * @throws javax.net.ssl.SSLException the TLS handshake failed
     * @throws IOException                the connect failed, or the connection broke during the handshake
     */
    private boolean advance() throws IOException {
        if (!connected) {
            if (!channel.finishConnect()) {
                return false;
            }
            connected = true;
            handshakeStart = System.nanoTime();
            key.interestOps(SelectionKey.OP_READ);
        }
        if (tls == null || !tls.handshake(channel, key)) {
            return tls == null;
        }
        key.interestOps(SelectionKey.OP_READ);
        return true;
    }

    /** The TCP connect completed; what remains is the TLS handshake, if any. */
    boolean connected() {
        return connected;
    }

    /** The TLS layer of an https connection (its session after the handshake), null for plain http. */
    TlsLayer tls() {
        return tls;
    }

    SelectionKey key() {
        return key;
    }

    boolean isValid() {
        return key.isValid();
    }

    void interest(int ops) {
        key.interestOps(ops);
    }

    /** Writes what the socket takes; true once every byte of {@code bytes} (and of TLS's records) is written. */
    boolean write(ByteBuffer bytes) throws IOException {
        if (tls != null) {
            return tls.write(channel, bytes);
        }
        channel.write(bytes);
        return !bytes.hasRemaining();
    }

    /** Bytes read, 0 when none are there yet, -1 at the end of the stream. */
    int read(ByteBuffer into) throws IOException {
        return tls != null ? tls.read(channel, into) : channel.read(into);
    }

    /** Bytes are waiting inside the connection (decrypted, not yet read) that no select will announce. */
    boolean buffered() {
        return tls != null && tls.buffered();
    }

    void close() {
        closeQuietly(channel);
        if (tls != null) {
            tls.release();
        }
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
