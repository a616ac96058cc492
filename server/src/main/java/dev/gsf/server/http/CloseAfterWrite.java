package dev.gsf.server.http;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;

/**
 * Closes a connection once a write has ended, written or not: for the last answer on a connection (a refusal that
 * says {@code Connection: close}). Called on the thread that ends the write; never blocks.
 */
public final class CloseAfterWrite extends EmptyCompletionHandler<WriteResult> {
    private final Connection<?> connection;

    private CloseAfterWrite(Connection<?> connection) {
        this.connection = connection;
    }

    public static CloseAfterWrite of(Connection<?> connection) {
        return new CloseAfterWrite(connection);
    }

    @Override
    public void completed(WriteResult result) {
        connection.closeSilently();
    }

    @Override
    public void failed(Throwable error) {
        connection.closeSilently();
    }
}
