package dev.gsf.micro.echo;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.Threads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;

/**
 * Thread per connection with blocking channels; platform or virtual threads, as the factory makes them. Closing
 * joins the accept thread and every connection thread (bounded), so that none outlives the cell.
 */
final class BlockingEchoServer extends ListeningEchoServer {
    private static final Duration JOIN_BOUND = Duration.ofSeconds(2);
    private final ThreadFactory connectionThreads;
    private final Closer closer = new Closer();
    private final ServerSocketChannel listener;
    private final Thread acceptor;
    private final Queue<Thread> serving = new ConcurrentLinkedQueue<>();

    BlockingEchoServer(EchoSettings settings, EchoActivity activity, ThreadFactory connectionThreads)
            throws IOException {
        super(settings, activity);
        this.connectionThreads = connectionThreads;
        this.listener = listening(closer.track(Loopback.listen(settings.socketBuffers(), 1024)));
        this.acceptor = Thread.ofPlatform().daemon().name("echo-accept").start(this::acceptLoop);
    }

    private void acceptLoop() {
        try {
            while (true) {
                SocketChannel ch = closer.track(listener.accept());
                accepted(ch);
                Thread t = connectionThreads.newThread(() -> serve(ch));
                serving.add(t);
                t.start();
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

    /** Closes the listener and every connection, then waits (bounded) for the threads they block to end. */
    @Override
    public void close() {
        closer.close();
        Threads.joinAll(List.of(acceptor), JOIN_BOUND);
        closer.close(); // a connection accepted while the first close ran
        Threads.joinAll(List.copyOf(serving), JOIN_BOUND);
    }
}
