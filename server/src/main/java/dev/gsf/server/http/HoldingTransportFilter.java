package dev.gsf.server.http;

import dev.gsf.server.send.DownloadHold;
import java.io.IOException;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;

/**
 * Grizzly's transport filter, which reads nothing from a connection while its {@link DownloadHold} holds a download.
 * Grizzly's TCP transport turns a read of -1 into a close of the connection at once, inside its read, before any
 * filter sees it (the EOFException its filters get comes after): with read interest armed during a download, a client
 * that half-closed after its request lost the rest of its body. So the read event is held here, before the transport
 * reads, and completed when the download ends ({@link DownloadHold#ended}), which arms the read interest again: the
 * selector thread then reads, and a read of -1 closes the connection after the last byte asked for. Everything else
 * is the transport's.
 *
 * <p>Called by Grizzly on the thread that reads the connection.
 */
final class HoldingTransportFilter extends TransportFilter {
    @Override
    public NextAction handleRead(FilterChainContext ctx) throws IOException {
        if (DownloadHold.holdsRead(ctx)) {
            return ctx.getSuspendAction();
        }
        return super.handleRead(ctx);
    }
}
