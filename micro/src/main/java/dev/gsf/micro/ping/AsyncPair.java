package dev.gsf.micro.ping;

import dev.gsf.micro.common.Futures;
import dev.gsf.micro.common.Loopback;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousServerSocketChannel;
import java.nio.channels.AsynchronousSocketChannel;
import java.util.concurrent.Future;

/** A connected NIO.2 pair on loopback, TCP_NODELAY on both; each end in the group given (null: the default). */
record AsyncPair(AsynchronousSocketChannel client, AsynchronousSocketChannel server) implements AutoCloseable {

    static AsyncPair open(AsynchronousChannelGroup clientGroup, AsynchronousChannelGroup serverGroup)
            throws IOException {
        try (AsynchronousServerSocketChannel listener = AsynchronousServerSocketChannel.open(serverGroup)) {
            listener.bind(Loopback.anyPort());
            Future<AsynchronousSocketChannel> accepted = listener.accept();
            AsynchronousSocketChannel client = AsynchronousSocketChannel.open(clientGroup);
            Futures.await(client.connect(listener.getLocalAddress()));
            AsynchronousSocketChannel server = Futures.await(accepted);
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
            return new AsyncPair(client, server);
        }
    }

    @Override
    public void close() {
        Loopback.closeQuietly(client);
        Loopback.closeQuietly(server);
    }
}
