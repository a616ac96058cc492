package dev.gsf.micro.echo;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CountDownLatch;

/** Non-blocking channel with its own selector: one write call when writable, then reads when readable. */
final class SelectorEchoClient implements EchoClient {
    @Override
    public EchoTally run(InetSocketAddress server, EchoSettings settings, EchoActivity activity,
                         CountDownLatch connected, CountDownLatch gate) throws IOException, InterruptedException {
        try (SocketChannel ch = activity.track(Loopback.connect(server, settings.socketBuffers()));
             Selector selector = activity.track(Selector.open())) {
            ch.configureBlocking(false);
            SelectionKey key = ch.register(selector, SelectionKey.OP_WRITE);
            return new EchoLoop() {
                @Override
                int sendOnce(ByteBuffer b) throws IOException {
                    int n = ch.write(b);
                    while (n == 0) {
                        await(SelectionKey.OP_WRITE);
                        n = ch.write(b);
                    }
                    return n;
                }

                @Override
                boolean readFully(ByteBuffer b) throws IOException {
                    while (b.hasRemaining()) {
                        int n = ch.read(b);
                        if (n < 0) {
                            return false;
                        }
                        if (n == 0) {
                            await(SelectionKey.OP_READ);
                        }
                    }
                    return true;
                }

                private void await(int op) throws IOException {
                    key.interestOps(op);
                    selector.select();
                    selector.selectedKeys().clear();
                }
            }.run(ch, settings, activity, connected, gate);
        }
    }
}
