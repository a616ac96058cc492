package dev.gsf.micro.ping;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A SocketChannel end: blocking mode waits in the kernel; non-blocking mode busy-spins on reads and writes that
 * return 0 (the seed's "busy-spin NIO"): the same loop serves both, only the channel's mode differs.
 */
final class ChannelEndpoint implements Endpoint {
    private final SocketChannel ch;

    ChannelEndpoint(SocketChannel ch, boolean blocking) throws IOException {
        this.ch = ch;
        ch.configureBlocking(blocking);
    }

    @Override
    public void writeFully(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            ch.write(src);
        }
    }

    @Override
    public void readFully(ByteBuffer dst) throws IOException {
        while (dst.hasRemaining()) {
            Endpoint.eof(ch.read(dst));
        }
    }

    @Override
    public void close() {
        Loopback.closeQuietly(ch);
    }
}
