package dev.gsf.micro.echo;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadFactory;

/** Thread per connection with blocking channels; platform or virtual threads, as the factory makes them. */
final class BlockingEchoServer extends ListeningEchoServer {
    private final ThreadFactory connectionThreads;
    private final Closer closer = new Closer();
    private final ServerSocketChannel listener;

    BlockingEchoServer(EchoSettings settings, EchoActivity activity, ThreadFactory connectionThreads)
            throws IOException {
        super(settings, activity);
        this.connectionThreads = connectionThreads;
        this.listener = listening(closer.track(Loopback.listen(settings.socketBuffers(), 1024)));
        Thread.ofPlatform().daemon().name("echo-accept").start(this::acceptLoop);
    }

    private void acceptLoop() {
        try {
            while (true) {
                SocketChannel ch = closer.track(listener.accept());
                accepted(ch);
                connectionThreads.newThread(() -> serve(ch)).start();
            }
        } catch (IOException closed) {
            // the listener was closed: the cell is over
        }
    }

    private void serve(SocketChannel ch) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(settings.bufferSize());
        try (ch) {
            while (true) {
                buffer.clear();
                activity.serverReading.incrementAndGet();
                int n;
                try {
                    n = ch.read(buffer); // once: as much as the socket has
                } finally {
                    activity.serverReading.decrementAndGet();
                }
                if (n < 0) {
                    return;
                }
                activity.moved.addAndGet(n);
                buffer.flip();
                activity.serverWriting.incrementAndGet();
                try {
                    while (buffer.hasRemaining()) {
                        ch.write(buffer);
                    }
                } finally {
                    activity.serverWriting.decrementAndGet();
                }
            }
        } catch (IOException e) {
            // closed by the client or by teardown
        }
    }

    @Override
    public void close() {
        closer.close();
    }
}
