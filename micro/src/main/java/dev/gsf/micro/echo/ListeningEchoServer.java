package dev.gsf.micro.echo;

import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.NetworkChannel;

/** What every echo server kind shares: the listener's address and the buffers of the first accepted socket. */
abstract class ListeningEchoServer implements EchoServer {
    protected final EchoSettings settings;
    protected final EchoActivity activity;
    private volatile NetworkChannel listener;
    private volatile SocketBuffers.Actual accepted;

    ListeningEchoServer(EchoSettings settings, EchoActivity activity) {
        this.settings = settings;
        this.activity = activity;
    }

    protected final <T extends NetworkChannel> T listening(T listener) {
        this.listener = listener;
        return listener;
    }

    /** Applies the socket buffer request to an accepted connection and remembers the first one's sizes. */
    protected final void accepted(NetworkChannel ch) throws IOException {
        settings.socketBuffers().applyBoth(ch);
        settings.applyNoDelay(ch);
        if (accepted == null) {
            accepted = SocketBuffers.readBack(ch);
        }
    }

    @Override
    public final InetSocketAddress address() {
        return Loopback.localAddress(listener);
    }

    @Override
    public final SocketBuffers.Actual acceptedBuffers() {
        return accepted;
    }
}
