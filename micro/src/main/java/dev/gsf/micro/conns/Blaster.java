package dev.gsf.micro.conns;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The client side: N persistent connections spread over a few selector threads, each connection writing its
 * block of frames again and again as fast as the socket takes it. After {@link #stop()} every connection
 * finishes its block (whole frames only) and shuts its output, so the server sees a clean end of stream.
 * The constructor connects (blocking the caller); the blasting runs on the blaster's own threads.
 */
final class Blaster implements AutoCloseable {
    private final Closer closer = new Closer();
    private final List<Selector> selectors = new ArrayList<>();
    private final LongAdder framesSent = new LongAdder();
    private final CountDownLatch finished;
    private final int framesPerBlock;
    private volatile boolean stopping;

    Blaster(InetSocketAddress server, int connections, int threads, ByteBuffer block, int framesPerBlock)
            throws IOException {
        this.framesPerBlock = framesPerBlock;
        int n = Math.min(threads, connections);
        for (int i = 0; i < n; i++) {
            selectors.add(closer.track(Selector.open()));
        }
        for (int i = 0; i < connections; i++) {
            SocketChannel ch = closer.track(Loopback.connect(server, SocketBuffers.OS_DEFAULT));
            ch.configureBlocking(false);
            ch.register(selectors.get(i % n), SelectionKey.OP_WRITE, block.duplicate());
        }
        this.finished = new CountDownLatch(n);
    }

    void start() {
        for (int i = 0; i < selectors.size(); i++) {
            Selector s = selectors.get(i);
            Thread.ofPlatform().daemon().name("conns-client-" + i).start(() -> blast(s));
        }
    }

    private void blast(Selector selector) {
        try {
            int open = selector.keys().size();
            while (open > 0) {
                selector.select();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    if (write(key)) {
                        open--;
                    }
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            // torn down
        } finally {
            finished.countDown();
        }
    }

    /** Writes what the socket takes; returns true when this connection is finished. */
    private boolean write(SelectionKey key) throws IOException {
        SocketChannel ch = (SocketChannel) key.channel();
        ByteBuffer block = (ByteBuffer) key.attachment();
        ch.write(block);
        if (block.hasRemaining()) {
            return false;
        }
        framesSent.add(framesPerBlock);
        if (stopping) {
            key.cancel();
            ch.shutdownOutput();
            return true;
        }
        block.rewind();
        return false;
    }

    long framesSent() {
        return framesSent.sum();
    }

    void stop() {
        stopping = true;
    }

    /** Waits (bounded) until every connection finished its last block. */
    boolean awaitFinished(Duration bound) throws InterruptedException {
        return finished.await(bound.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        closer.close();
    }
}
