package dev.gsf.micro.conns;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The seed's blocking server: one reader thread per connection (platform or virtual, as the factory makes). */
final class ThreadPerConnectionServer implements ConnsServer {
    private final ConnsTally tally;
    private final int maxPayload;
    private final ThreadFactory threads;
    private final Closer closer = new Closer();
    private final ServerSocketChannel listener;
    private final AtomicInteger serving = new AtomicInteger();

    ThreadPerConnectionServer(ConnsTally tally, int maxPayload, ThreadFactory threads) throws IOException {
        this.tally = tally;
        this.maxPayload = maxPayload;
        this.threads = threads;
        this.listener = closer.track(Loopback.listen(SocketBuffers.OS_DEFAULT, 4096));
        Thread.ofPlatform().daemon().name("conns-accept").start(this::acceptLoop);
    }

    private void acceptLoop() {
        try {
            while (true) {
                SocketChannel ch = closer.track(listener.accept());
                serving.incrementAndGet();
                tally.accepted.countDown();
                threads.newThread(() -> read(ch)).start();
            }
        } catch (IOException closed) {
            // listener closed: the cell is over
        }
    }

    private void read(SocketChannel ch) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(16 * 1024);
        FrameDecoder decoder = new FrameDecoder(maxPayload);
        try (ch) {
            while (ch.read(buffer.clear()) >= 0) {
                tally.valid.add(decoder.feed(buffer.flip()));
            }
            tally.ended(decoder);
        } catch (IOException e) {
            // torn down
        }
    }

    @Override
    public InetSocketAddress address() {
        return Loopback.localAddress(listener);
    }

    @Override
    public int serverThreads() {
        return serving.get();
    }

    @Override
    public void close() {
        closer.close();
    }
}
