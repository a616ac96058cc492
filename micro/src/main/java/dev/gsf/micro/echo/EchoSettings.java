package dev.gsf.micro.echo;

import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.time.Duration;

/**
 * One echo cell's parameters: the application buffer (the paper's stream buffer, equal on both ends), the bytes
 * each client thread moves, the socket buffer request, the watchdog's stall time and hard time limit, and
 * TCP_NODELAY on both ends (off in the paper, and by default).
 */
public record EchoSettings(int bufferSize, long bytesPerClient, SocketBuffers socketBuffers, Duration stall,
                           Duration limit, boolean noDelay) {

    public EchoSettings(int bufferSize, long bytesPerClient, SocketBuffers socketBuffers, Duration stall,
                        Duration limit) {
        this(bufferSize, bytesPerClient, socketBuffers, stall, limit, false);
    }

    /** Sets TCP_NODELAY as chosen on a connected socket of either end. */
    void applyNoDelay(NetworkChannel ch) throws IOException {
        ch.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
    }
}
