package dev.gsf.micro.echo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/**
 * One client connection of the paper's model: write once as much as the socket takes, then read back that many
 * bytes, until the settings' byte count has gone round. Called on its own client thread and blocks it for the
 * whole transfer; the teardown (closing the tracked channels) makes it throw.
 */
public interface EchoClient {
    /** Connects, waits at the gate, then echoes; the transfer alone is timed. */
    EchoTally run(InetSocketAddress server, EchoSettings settings, EchoActivity activity, CountDownLatch connected,
                  CountDownLatch gate) throws IOException, InterruptedException;
}
