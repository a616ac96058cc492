package dev.gsf.micro.conns;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;

/**
 * A server model for the connections test: accepts on loopback, reads every connection to end of stream and
 * feeds the bytes to a {@link FrameDecoder}, counting into the tally. Runs on its own threads from construction
 * on; {@link #close()} may be called from any thread (the watchdog's too), wakes every thread and returns
 * within a few seconds. What every model shares: the listener, the tally and the closer of all it opened.
 */
public abstract sealed class ConnsServer implements AutoCloseable permits ReactorServer, ThreadPerConnectionServer {
    final ConnsTally tally;
    final int maxPayload;
    final Closer closer = new Closer();
    final ServerSocketChannel listener;

    ConnsServer(ConnsTally tally, int maxPayload) throws IOException {
        this.tally = tally;
        this.maxPayload = maxPayload;
        this.listener = closer.track(Loopback.listen(SocketBuffers.OS_DEFAULT, 4096));
    }

    public final InetSocketAddress address() {
        return Loopback.localAddress(listener);
    }

    /** How many threads serve connections (the seed's "number of server threads"). */
    public abstract int serverThreads();

    /** Closes the listener and every connection, which ends the threads blocked on them. */
    @Override
    public void close() {
        closer.close();
    }
}
