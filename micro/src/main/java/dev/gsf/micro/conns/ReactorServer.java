package dev.gsf.micro.conns;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The seed's reactor: k selector threads, accepted connections dealt round-robin so each serves about N/k.
 * A connection is registered by its selector's own thread (handed over through a queue and a wakeup).
 */
final class ReactorServer extends ConnsServer {
    private final List<Reactor> reactors = new ArrayList<>();
    private volatile boolean closed;

    ReactorServer(ConnsTally tally, int maxPayload, int selectors) throws IOException {
        super(tally, maxPayload);
        for (int i = 0; i < selectors; i++) {
            Reactor r = new Reactor(closer.track(Selector.open()));
            reactors.add(r);
            r.thread = Thread.ofPlatform().daemon().name("conns-selector-" + i).start(r::run);
        }
        Thread.ofPlatform().daemon().name("conns-accept").start(this::acceptLoop);
    }

    private void acceptLoop() {
        try {
            for (int next = 0; ; next = (next + 1) % reactors.size()) {
                SocketChannel ch = closer.track(listener.accept());
                ch.configureBlocking(false);
                tally.accepted.countDown();
                reactors.get(next).hand(ch);
            }
        } catch (IOException closedListener) {
            // the cell is over
        }
    }

    /** One selector thread: reads whatever is ready, one shared buffer, a decoder per connection. */
    private final class Reactor {
        private final Selector selector;
        private final Queue<SocketChannel> incoming = new ConcurrentLinkedQueue<>();
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        private Thread thread;

        Reactor(Selector selector) {
            this.selector = selector;
        }

        void hand(SocketChannel ch) {
            incoming.add(ch);
            selector.wakeup();
        }

        void run() {
            try {
                while (!closed) {
                    selector.select();
                    SocketChannel ch;
                    while ((ch = incoming.poll()) != null) {
                        ch.register(selector, SelectionKey.OP_READ, new FrameDecoder(maxPayload));
                    }
                    Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                    while (it.hasNext()) {
                        SelectionKey key = it.next();
                        it.remove();
                        read(key);
                    }
                }
            } catch (IOException | ClosedSelectorException e) {
                // torn down
            }
        }

        private void read(SelectionKey key) {
            SocketChannel ch = (SocketChannel) key.channel();
            FrameDecoder decoder = (FrameDecoder) key.attachment();
            try {
                int n = ch.read(buffer.clear());
                if (n < 0) {
                    key.cancel();
                    ch.close();
                    tally.ended(decoder);
                    return;
                }
                tally.valid.add(decoder.feed(buffer.flip()));
            } catch (IOException e) {
                key.cancel();
                Loopback.closeQuietly(ch);
            }
        }
    }

    @Override
    public int serverThreads() {
        return reactors.size();
    }

    @Override
    public void close() {
        closed = true;
        reactors.forEach(r -> r.selector.wakeup());
        for (Reactor r : reactors) {
            try {
                r.thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        super.close();
    }
}
