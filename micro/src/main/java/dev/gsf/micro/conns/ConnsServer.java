package dev.gsf.micro.conns;

import java.net.InetSocketAddress;

/**
 * A server model for the connections test: accepts on loopback, reads every connection to end of stream and
 * feeds the bytes to a {@link FrameDecoder}, counting into the tally. Runs on its own threads from construction
 * on; {@link #close()} may be called from any thread (the watchdog's too), wakes every thread and returns
 * within a few seconds.
 */
public interface ConnsServer extends AutoCloseable {
    InetSocketAddress address();

    /** How many threads serve connections (the seed's "number of server threads"). */
    int serverThreads();

    @Override
    void close();
}
