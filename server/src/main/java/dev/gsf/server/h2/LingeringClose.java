package dev.gsf.server.h2;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * A lingering close, as nginx's: once the last frame is out, the connection stops sending (on h2c the socket is shut
 * for writing, so the peer reads all we sent and then its end), what the peer still sends (a WINDOW_UPDATE for the
 * last DATA, say) is read and dropped by the connection until the peer closes, and after a bounded time it is closed
 * whatever comes. Closing with bytes unread instead makes the kernel reset the connection, and a reset can cut the
 * end of a stream the peer had not read yet.
 *
 * <p>Threads: started by the thread that wrote the last batch; the final close runs on the JDK's delay thread.
 */
final class LingeringClose {
    private LingeringClose() {
    }

    /** Shuts {@code connection} for sending (h2c) and closes it after {@code linger} unless the peer closes first. */
    static void start(Connection<?> connection, Duration linger) {
        if (SSLUtils.getSSLEngine(connection) == null) { // over TLS the close_notify goes with Grizzly's close
            try {
                ((SocketChannel) ((NIOConnection) connection).getChannel()).shutdownOutput();
            } catch (IOException | RuntimeException e) {
                connection.closeSilently(); // gone already
                return;
            }
        }
        CompletableFuture.delayedExecutor(linger.toMillis(), TimeUnit.MILLISECONDS, Runnable::run)
                .execute(connection::closeSilently);
    }
}
