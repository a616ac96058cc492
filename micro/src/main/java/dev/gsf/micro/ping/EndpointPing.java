package dev.gsf.micro.ping;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Ping with the styles that have an {@link Endpoint}: blocking, busy-spin, NIO.2 futures, virtual threads.
 * Single mode: the driving thread writes as client, reads and writes back as server, reads as client.
 * Threaded mode: a server thread (virtual for VIRTUAL) echoes; the driving thread is only the client.
 */
final class EndpointPing {
    private final PingStyle style;
    private final Endpoint client;
    private final Endpoint server;

    EndpointPing(PingStyle style, Closer closer) throws IOException {
        this.style = style;
        if (style == PingStyle.FUTURE) {
            AsyncPair pair = closer.track(AsyncPair.open(null, null));
            client = new FutureEndpoint(pair.client());
            server = new FutureEndpoint(pair.server());
        } else {
            SocketChannel[] pair = Loopback.pair(SocketBuffers.OS_DEFAULT);
            for (SocketChannel ch : pair) {
                closer.track(ch);
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            }
            boolean blocking = style != PingStyle.SPIN;
            client = new ChannelEndpoint(pair[0], blocking);
            server = new ChannelEndpoint(pair[1], blocking);
        }
    }

    /** Runs the ping on the calling thread (or on a virtual thread it waits for); returns when done or torn down. */
    void run(PingMode mode, PingSpec spec, PingRecorder recorder) throws Exception {
        Thread.Builder builder = style == PingStyle.VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
        Thread echo = mode == PingMode.THREADED ? builder.name("ping-server").start(() -> echoLoop(spec.size())) : null;
        try {
            if (style == PingStyle.VIRTUAL) {
                Exception[] failure = new Exception[1];
                Thread driver = Thread.ofVirtual().name("ping-client").start(() -> {
                    try {
                        drive(mode, spec, recorder);
                    } catch (Exception e) {
                        failure[0] = e;
                    }
                });
                driver.join(spec.limit().plus(spec.stall()).toMillis() + 5000);
                if (driver.isAlive() || failure[0] != null) {
                    throw failure[0] != null ? failure[0] : new IOException("virtual client thread did not end");
                }
            } else {
                drive(mode, spec, recorder);
            }
        } finally {
            client.close();
            server.close();
            if (echo != null) {
                echo.join(5000);
            }
        }
    }

    private void drive(PingMode mode, PingSpec spec, PingRecorder recorder) throws IOException {
        ByteBuffer msg = ByteBuffer.allocateDirect(spec.size());
        ByteBuffer reply = ByteBuffer.allocateDirect(spec.size());
        ByteBuffer serverBuffer = ByteBuffer.allocateDirect(spec.size());
        for (long i = 0; recorder.more(i); i++) {
            msg.clear();
            msg.putLong(0, i);
            reply.clear();
            long start = recorder.start(i);
            client.writeFully(msg);
            if (mode == PingMode.SINGLE) {
                serverBuffer.clear();
                server.readFully(serverBuffer);
                server.writeFully(serverBuffer.flip());
            }
            client.readFully(reply);
            recorder.record(i, start, reply.getLong(0));
        }
    }

    /** The threaded server: reads one whole message, writes it back, until the client closes. */
    private void echoLoop(int size) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(size);
        try {
            while (true) {
                buffer.clear();
                server.readFully(buffer);
                server.writeFully(buffer.flip());
            }
        } catch (IOException e) {
            // the client closed: the run is over
        }
    }
}
