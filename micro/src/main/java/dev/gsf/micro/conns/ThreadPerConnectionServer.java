package dev.gsf.micro.conns;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The seed's blocking server: one reader thread per connection (platform or virtual, as the factory makes). */
final class ThreadPerConnectionServer extends ConnsServer {
    private final ThreadFactory threads;
    private final AtomicInteger serving = new AtomicInteger();

    ThreadPerConnectionServer(ConnsTally tally, int maxPayload, ThreadFactory threads) throws IOException {
        super(tally, maxPayload);
        this.threads = threads;
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
    public int serverThreads() {
        return serving.get();
    }
}
