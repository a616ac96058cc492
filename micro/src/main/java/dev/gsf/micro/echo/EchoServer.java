package dev.gsf.micro.echo;

import dev.gsf.micro.common.SocketBuffers;
import java.net.InetSocketAddress;

/**
 * An echo server of one kind, listening on loopback from construction on. Each connection: read once (as much
 * as the socket gives, up to the application buffer), write all of it back, repeat. Connections are served on
 * the server's own threads. {@link #close()} may be called from any thread, the watchdog's included; it does not
 * block for long and wakes every server thread.
 */
public interface EchoServer extends AutoCloseable {
    InetSocketAddress address();

    /** Buffers in force on the first accepted connection, or null before one was accepted. */
    SocketBuffers.Actual acceptedBuffers();

    @Override
    void close();
}
