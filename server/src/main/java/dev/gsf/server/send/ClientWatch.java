package dev.gsf.server.send;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * Tells whether a client closed its side of a connection without reading from it: the channel is polled for
 * readability on a selector of its own (a channel may be registered with several), and readable with nothing to read
 * means end of stream or a reset. Readable with bytes means a pipelined request, which is left for Grizzly.
 * Called by the algorithms' sweeper threads; one poll is a few system calls and never blocks.
 */
final class ClientWatch {
    private static Selector selector;

    private ClientWatch() {
    }

    static synchronized boolean hasClosed(SocketChannel channel) {
        try {
            if (selector == null) {
                selector = Selector.open();
            }
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
            try {
                selector.selectNow();
                return key.isReadable() && channel.socket().getInputStream().available() == 0;
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
