package dev.gsf.micro.common;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/** Every micro-test talks to 127.0.0.1 only; this is where listeners and connections are made. */
public final class Loopback {
    private Loopback() {
    }

    public static InetSocketAddress anyPort() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    /** A listener on a free loopback port; the receive buffer is set before bind so accepted sockets inherit it. */
    public static ServerSocketChannel listen(SocketBuffers buffers, int backlog) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        buffers.applyReceive(server);
        server.bind(anyPort(), backlog);
        return server;
    }

    /** A blocking connection to the listener, buffers set before connect (the window is agreed at SYN time). */
    public static SocketChannel connect(InetSocketAddress to, SocketBuffers buffers) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            buffers.applyBoth(ch);
            ch.connect(to);
            return ch;
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    /** A connected pair on loopback: [0] the client end, [1] the accepted server end, both blocking. */
    public static SocketChannel[] pair(SocketBuffers buffers) throws IOException {
        try (ServerSocketChannel server = listen(buffers, 1)) {
            SocketChannel client = connect((InetSocketAddress) server.getLocalAddress(), buffers);
            SocketChannel accepted = server.accept();
            buffers.applyBoth(accepted);
            return new SocketChannel[] {client, accepted};
        }
    }

    /** A loopback port that was free a moment ago, for an external program to listen on. */
    public static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * Waits until an external program (sockperf, nc) listens on the port: it needs a moment after start.
     * Polls by connecting, every 50 ms, for at most the bound; the caller's thread blocks meanwhile.
     */
    public static void awaitListening(int port, java.time.Duration bound) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            try (java.net.Socket s = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("nothing listens on port " + port + " after " + bound.toSeconds() + " s", e);
                }
                Thread.sleep(50);
            }
        }
    }

    /** Where a bound listener listens. */
    public static InetSocketAddress localAddress(java.nio.channels.NetworkChannel listener) {
        try {
            return (InetSocketAddress) listener.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException("listener closed", e);
        }
    }

    /** Closes quietly: used in teardown where the other side may already be gone. */
    public static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // teardown: the channel is being abandoned either way
        }
    }
}
