package dev.gsf.server.tls;

import java.util.function.Consumer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ssl.SSLBaseFilter;

/**
 * An SSL filter's handshake listener that hears only how handshakes end: Grizzly's interface also tells their start,
 * which nothing here needs.
 *
 * <p>Threads: called on the selector thread that ran the handshake; the actions must not block.
 *
 * @param completed what to do with a connection whose handshake completed
 * @param failed    what to do with one whose handshake failed (the SSL filter's exception closes it)
 */
record HandshakeEnds(Consumer<Connection<?>> completed, Consumer<Connection<?>> failed)
        implements SSLBaseFilter.HandshakeListener {

    @Override
    public void onStart(Connection<?> connection) {
    }

    @Override
    public void onComplete(Connection<?> connection) {
        completed.accept(connection);
    }

    @Override
    public void onFailure(Connection<?> connection, Throwable t) {
        failed.accept(connection);
    }
}
