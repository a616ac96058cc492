package dev.gsf.micro.ping;

import static dev.gsf.micro.common.Futures.await;

import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousSocketChannel;

/** An NIO.2 end used with futures: each read or write is started, then awaited with get(). */
final class FutureEndpoint implements Endpoint {
    private final AsynchronousSocketChannel ch;

    FutureEndpoint(AsynchronousSocketChannel ch) {
        this.ch = ch;
    }

    @Override
    public void writeFully(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            await(ch.write(src));
        }
    }

    @Override
    public void readFully(ByteBuffer dst) throws IOException {
        while (dst.hasRemaining()) {
            Endpoint.eof(await(ch.read(dst)));
        }
    }


    @Override
    public void close() {
        Loopback.closeQuietly(ch);
    }
}
