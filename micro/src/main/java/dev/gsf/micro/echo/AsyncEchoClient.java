package dev.gsf.micro.echo;

import static dev.gsf.micro.common.Futures.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousSocketChannel;
import java.util.concurrent.CountDownLatch;

/** NIO.2 client with futures: one write operation, then reads until that many bytes came back. */
final class AsyncEchoClient implements EchoClient {
    @Override
    public EchoTally run(InetSocketAddress server, EchoSettings settings, EchoActivity activity,
                         CountDownLatch connected, CountDownLatch gate) throws IOException, InterruptedException {
        try (AsynchronousSocketChannel ch = activity.track(AsynchronousSocketChannel.open())) {
            settings.socketBuffers().applyBoth(ch);
            await(ch.connect(server));
            return new EchoLoop() {
                @Override
                int sendOnce(ByteBuffer b) throws IOException {
                    return await(ch.write(b));
                }

                @Override
                boolean readFully(ByteBuffer b) throws IOException {
                    while (b.hasRemaining()) {
                        if (await(ch.read(b)) < 0) {
                            return false;
                        }
                    }
                    return true;
                }
            }.run(ch, settings, activity, connected, gate);
        }
    }

}
