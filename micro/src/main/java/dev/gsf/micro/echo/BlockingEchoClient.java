package dev.gsf.micro.echo;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CountDownLatch;

/** Blocking channel: the write blocks until the whole buffer is in the kernel, then the read collects the echo. */
final class BlockingEchoClient implements EchoClient {
    @Override
    public EchoTally run(InetSocketAddress server, EchoSettings settings, EchoActivity activity,
                         CountDownLatch connected, CountDownLatch gate) throws IOException, InterruptedException {
        try (SocketChannel ch = activity.track(Loopback.connect(server, settings.socketBuffers()))) {
            return new EchoLoop() {
                @Override
                int sendOnce(ByteBuffer b) throws IOException {
                    int n = b.remaining();
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                    return n;
                }

                @Override
                boolean readFully(ByteBuffer b) throws IOException {
                    while (b.hasRemaining()) {
                        if (ch.read(b) < 0) {
                            return false;
                        }
                    }
                    return true;
                }
            }.run(ch, settings, activity, connected, gate);
        }
    }
}
