package dev.gsf.server.send;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * Tells whether a client closed its side of a connection without reading from it: the channel is polled for
 * readability on a selector of its own (a channel may be registered with several), and readable with nothing to read
 * means end of stream or a reset. Readable with bytes means a pipelined request, which is left for Grizzly; except,
 * on a TLS connection, no more than two short records, which is what a TLS client sends as it closes (the JDK's
 * SSLSocket.close: user_canceled, then close_notify; OpenSSL's: close_notify), its FIN unseen behind them: a client
 * closing over TLS would otherwise never be seen leave. A request pipelined in a record that short (58 bytes of
 * plaintext at most) is taken for a close too, if its download still waits a sweep later (see Download).
 * Called by the algorithms' sweeper threads; one poll is a few system calls and never blocks.
 */
final class ClientWatch {
    /**
     * Two alert records: 24 bytes each in TLS 1.3 from OpenSSL or BoringSSL, 40 from the JDK (which pads them), 23
     * (ChaCha20) or 31 (AES-GCM) in TLS 1.2. A TLS 1.2 CBC suite's (53 bytes and more each) are not told from a
     * request.
     */
    private static final int CLOSING_ALERTS_MOST = 2 * 40;
    private static Selector selector;

    private ClientWatch() {
    }

    /** @param tls whether the connection carries TLS records */
    static synchronized boolean hasClosed(SocketChannel channel, boolean tls) {
        try {
            if (selector == null) {
                selector = Selector.open();
            }
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
            try {
                selector.selectNow();
                if (!key.isReadable()) {
                    return false;
                }
                int unread = channel.socket().getInputStream().available();
                return unread == 0 || tls && unread <= CLOSING_ALERTS_MOST;
            } finally {
                key.cancel();
                selector.selectNow(); // deregisters the cancelled key
                selector.selectedKeys().clear();
            }
        } catch (IOException | RuntimeException e) {
            return !channel.isOpen(); // a channel closed meanwhile: gone; any other doubt: not gone
        }
    }
}
