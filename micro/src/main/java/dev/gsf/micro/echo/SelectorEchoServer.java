package dev.gsf.micro.echo;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;

/**
 * One selector thread for all connections. A connection is either reading (OP_READ) or has an unfinished write
 * (OP_WRITE); it reads again only once everything read was written back, as the paper's server does.
 */
final class SelectorEchoServer extends ListeningEchoServer {
    private final Closer closer = new Closer();
    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread loop;
    private volatile boolean closed;

    SelectorEchoServer(EchoSettings settings, EchoActivity activity) throws IOException {
        super(settings, activity);
        this.listener = listening(closer.track(Loopback.listen(settings.socketBuffers(), 1024)));
        this.selector = closer.track(Selector.open());
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        this.loop = Thread.ofPlatform().daemon().name("echo-selector").start(this::run);
    }

    private void run() {
        try {
            while (!closed) {
                selector.select();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    try {
                        handle(key);
                    } catch (IOException e) {
                        Loopback.closeQuietly(key.channel());
                    }
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            // teardown closed the selector
        }
    }

    private void handle(SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            SocketChannel ch = listener.accept();
            if (ch != null) {
                closer.track(ch);
                accepted(ch);
                ch.configureBlocking(false);
                ch.register(selector, SelectionKey.OP_READ, ByteBuffer.allocateDirect(settings.bufferSize()));
                activity.serverReading.incrementAndGet();
            }
            return;
        }
        SocketChannel ch = (SocketChannel) key.channel();
        ByteBuffer buffer = (ByteBuffer) key.attachment();
        if (key.isReadable()) {
            buffer.clear();
            int n = ch.read(buffer); // once
            if (n < 0) {
                activity.serverReading.decrementAndGet();
                key.cancel();
                ch.close();
                return;
            }
            activity.moved.addAndGet(n);
            buffer.flip();
            activity.serverReading.decrementAndGet();
            activity.serverWriting.incrementAndGet();
            writeBack(key, ch, buffer);
        } else if (key.isWritable()) {
            writeBack(key, ch, buffer);
        }
    }

    private void writeBack(SelectionKey key, SocketChannel ch, ByteBuffer buffer) throws IOException {
        ch.write(buffer);
        if (buffer.hasRemaining()) {
            key.interestOps(SelectionKey.OP_WRITE);
        } else {
            activity.serverWriting.decrementAndGet();
            activity.serverReading.incrementAndGet();
            key.interestOps(SelectionKey.OP_READ);
        }
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            loop.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closer.close();
    }
}
