package dev.gsf.server.h2;

import dev.gsf.server.http.FileHandler;
import dev.gsf.server.http.StrictHttpFilter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLEngine;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.HttpServerFilter;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Tells an HTTP/2 connection from an HTTP/1.1 one by its first bytes, before the {@link StrictHttpFilter}: a
 * connection that opens with the HTTP/2 connection preface ({@code PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n}, RFC 9113 §3.4)
 * is an {@link H2Connection} from then on, and every byte it sends goes to it; any other goes on to the HTTP/1.1
 * filters as before. On the plain port that is h2c by prior knowledge; on the HTTPS port a client that agreed on
 * {@code h2} by ALPN sends the same preface inside TLS, so the same test serves both (the {@code Upgrade: h2c} route
 * is obsolete, RFC 9113 §3.1, and not offered).
 *
 * <p>Called by Grizzly on the thread that reads the connection; it never blocks.
 */
public final class H2Filter extends BaseFilter implements AddOn {
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** An HTTP/1.1 connection: this filter passes its bytes on. */
    private static final Object HTTP1 = new Object();
    private static final Attribute<Object> PROTOCOL =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(H2Filter.class.getName() + ".protocol");

    private final FileHandler handler;
    private final H2Counts counts;
    /** {@code h2-max-frame} and {@code h2-in-flight}, for every connection. */
    private final int maxFrame;
    private final int inFlight;
    /** The direct memory every connection's batches are built in. */
    private final FrameSlabs slabs;
    private final Set<H2Connection> open = ConcurrentHashMap.newKeySet();
    private volatile boolean draining;

    public H2Filter(FileHandler handler, H2Counts counts, int maxFrame, int inFlight) {
        this.handler = handler;
        this.counts = counts;
        this.maxFrame = maxFrame;
        this.inFlight = inFlight;
        this.slabs = new FrameSlabs(maxFrame);
    }

    /** Direct slabs taken by batches and not given back yet: 0 once no batch is built or in flight. */
    public int frameSlabsInUse() {
        return slabs.inUse();
    }

    /**
     * Tells every HTTP/2 connection GOAWAY now, and refuses every new stream from now on (REFUSED_STREAM, which a
     * client may retry elsewhere); streams already answering go on, as HTTP/1.1's downloads do while the server
     * drains, and each connection closes, lingering, once its last stream has ended ({@link LingeringClose}).
     */
    public void drain() {
        draining = true;
        open.forEach(H2Connection::drain);
    }

    /** Places this filter just before the strict HTTP/1.1 filter (registered before this one). */
    @Override
    public void setup(NetworkListener listener, FilterChainBuilder builder) {
        int strict = builder.indexOfType(StrictHttpFilter.class);
        builder.add(strict >= 0 ? strict : builder.indexOfType(HttpServerFilter.class), this);
    }

    @Override
    public NextAction handleRead(FilterChainContext ctx) throws IOException {
        Connection<?> connection = ctx.getConnection();
        Object protocol = PROTOCOL.get(connection);
        if (protocol == HTTP1) {
            return ctx.getInvokeAction();
        }
        Buffer in = ctx.getMessage();
        if (protocol == null) {
            int seen = Math.min(in.remaining(), PREFACE.length);
            for (int i = 0; i < seen; i++) {
                if (in.get(in.position() + i) != PREFACE[i]) {
                    return notHttp2(ctx, connection, in);
                }
            }
            if (seen < PREFACE.length) {
                return ctx.getStopAction(in); // the rest of the preface is still to come
            }
            protocol = new H2Connection(connection, handler, counts, () -> draining, maxFrame, inFlight, slabs);
            PROTOCOL.set(connection, protocol);
            open.add((H2Connection) protocol);
            counts.connectionOpened();
        }
        H2Connection h2 = (H2Connection) protocol;
        try {
            h2.read(in.toByteBuffer());
        } finally {
            in.tryDispose();
        }
        if (draining) { // one that began as the drain did: after its SETTINGS, it is told GOAWAY too
            h2.drain();
        }
        return ctx.getStopAction();
    }

    /**
     * A connection that does not open with the preface: HTTP/1.1's, unless TLS agreed on {@code h2} by ALPN, when it
     * is closed (RFC 9113 §3.4: the preface is then owed, and there is no HTTP/1.1 to answer in).
     */
    private static NextAction notHttp2(FilterChainContext ctx, Connection<?> connection, Buffer in) {
        SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine != null && "h2".equals(engine.getApplicationProtocol())) {
            in.tryDispose();
            connection.closeSilently();
            return ctx.getStopAction();
        }
        PROTOCOL.set(connection, HTTP1);
        return ctx.getInvokeAction();
    }

    @Override
    public NextAction handleClose(FilterChainContext ctx) throws IOException {
        if (PROTOCOL.remove(ctx.getConnection()) instanceof H2Connection h2) {
            open.remove(h2);
            h2.closed();
            counts.connectionClosed();
        }
        return ctx.getInvokeAction();
    }
}
