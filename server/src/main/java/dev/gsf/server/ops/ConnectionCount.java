package dev.gsf.server.ops;

import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.nio.transport.TCPNIOServerConnection;

/**
 * Counts the client connections open on a listener: one more on accept, one less on close. Called by Grizzly on its
 * selector and worker threads; never blocks.
 */
public final class ConnectionCount extends ConnectionProbe.Adapter {
    private final AtomicInteger open = new AtomicInteger();

    @Override
    public void onAcceptEvent(Connection serverConnection, Connection clientConnection) {
        open.incrementAndGet();
    }

    @Override
    public void onCloseEvent(Connection connection) {
        if (!(connection instanceof TCPNIOServerConnection)) { // the listening socket closes at shutdown
            open.decrementAndGet();
        }
    }

    public int open() {
        return open.get();
    }
}
