package dev.gsf.micro.echo;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousServerSocketChannel;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.TimeUnit;

/** NIO.2: completion handlers on a group with one thread per core; read once, write all back, read again. */
final class AsyncEchoServer extends ListeningEchoServer {
    private final AsynchronousChannelGroup group;
    private final AsynchronousServerSocketChannel listener;

    AsyncEchoServer(EchoSettings settings, EchoActivity activity) throws IOException {
        super(settings, activity);
        this.group = AsynchronousChannelGroup.withFixedThreadPool(Runtime.getRuntime().availableProcessors(),
                Thread.ofPlatform().daemon().name("echo-nio2-", 0).factory());
        this.listener = listening(AsynchronousServerSocketChannel.open(group));
        settings.socketBuffers().applyReceive(listener);
        listener.bind(Loopback.anyPort(), 1024);
        listener.accept(null, new CompletionHandler<AsynchronousSocketChannel, Void>() {
            @Override
            public void completed(AsynchronousSocketChannel ch, Void unused) {
                listener.accept(null, this);
                try {
                    accepted(ch);
                    new Connection(ch).read();
                } catch (IOException e) {
                    Loopback.closeQuietly(ch);
                }
            }

            @Override
            public void failed(Throwable exc, Void unused) {
                // the listener was closed
            }
        });
    }

    /** One connection's handler chain; runs on the group's threads, never blocks. */
    private final class Connection implements CompletionHandler<Integer, Boolean> {
        private final AsynchronousSocketChannel ch;
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(settings.bufferSize());

        Connection(AsynchronousSocketChannel ch) {
            this.ch = ch;
        }

        void read() {
            buffer.clear();
            activity.serverReading.incrementAndGet();
            ch.read(buffer, Boolean.TRUE, this);
        }

        @Override
        public void completed(Integer n, Boolean wasRead) {
            if (wasRead) {
                activity.serverReading.decrementAndGet();
                if (n < 0) {
                    Loopback.closeQuietly(ch);
                    return;
                }
                activity.moved.addAndGet(n);
                buffer.flip();
                activity.serverWriting.incrementAndGet();
            }
            if (buffer.hasRemaining()) {
                ch.write(buffer, Boolean.FALSE, this);
            } else {
                activity.serverWriting.decrementAndGet();
                read();
            }
        }

        @Override
        public void failed(Throwable exc, Boolean wasRead) {
            Loopback.closeQuietly(ch);
        }
    }

    @Override
    public void close() {
        try {
            group.shutdownNow(); // closes every channel of the group
            group.awaitTermination(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // already closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
