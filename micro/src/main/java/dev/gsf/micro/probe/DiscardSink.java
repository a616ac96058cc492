package dev.gsf.micro.probe;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** The built-in sink: a blocking reader thread per connection that reads 64 KiB at a time and drops it. */
public final class DiscardSink implements Sink {
    private final Closer closer = new Closer();
    private final ServerSocketChannel listener;
    private final AtomicLong received = new AtomicLong();
    private final Semaphore ended = new Semaphore(0);

    public DiscardSink() throws IOException {
        listener = closer.track(Loopback.listen(SocketBuffers.OS_DEFAULT, 16));
        Thread.ofPlatform().daemon().name("discard-accept").start(() -> {
            try {
                while (true) {
                    SocketChannel ch = closer.track(listener.accept());
                    Thread.ofPlatform().daemon().name("discard").start(() -> drain(ch));
                }
            } catch (IOException closed) {
                // sink closed
            }
        });
    }

    private void drain(SocketChannel ch) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        try (ch) {
            int n;
            while ((n = ch.read(buffer.clear())) >= 0) {
                received.addAndGet(n);
            }
            ended.release();
        } catch (IOException e) {
            // closed
        }
    }

    /** Bytes read so far over all connections. */
    public long received() {
        return received.get();
    }

    /** Waits (bounded) until this many connections reached end of stream; the caller blocks meanwhile. */
    public boolean awaitEnded(int connections, Duration bound) throws InterruptedException {
        return ended.tryAcquire(connections, bound.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public InetSocketAddress address() {
        return Loopback.localAddress(listener);
    }

    @Override
    public String describe() {
        return "built-in discard sink (Java, blocking reads of 64 KiB)";
    }

    @Override
    public void close() {
        closer.close();
    }
}
