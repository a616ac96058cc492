package dev.gsf.server.tls;

import dev.gsf.server.http.CloseAfterWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.memory.Buffers;

/**
 * Answers plain HTTP sent to the HTTPS port with a plain 400 and closes, as nginx does ("The plain HTTP request was
 * sent to HTTPS port"), instead of leaving the SSL filter to drop the connection without a word. Sits just below the
 * SSL filter and looks only at a connection's first byte: a TLS record starts with a content type (20-23), an HTTP
 * request with a letter.
 *
 * <p>Called by Grizzly on the thread that reads the connection; it never blocks.
 */
final class PlainHttpRefusal extends BaseFilter {
    private static final byte[] ANSWER = answer();
    /** Set once a connection's first bytes were let through: TLS from then on. */
    private static final Attribute<Boolean> LOOKED =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(PlainHttpRefusal.class.getName() + ".looked");

    @Override
    public NextAction handleRead(FilterChainContext ctx) throws IOException {
        Connection<?> connection = ctx.getConnection();
        Buffer in = ctx.getMessage();
        if (LOOKED.isSet(connection) || !in.hasRemaining()) {
            return ctx.getInvokeAction();
        }
        if (!isLetter(in.get(in.position()))) {
            LOOKED.set(connection, Boolean.TRUE);
            return ctx.getInvokeAction();
        }
        in.tryDispose();
        ctx.write(Buffers.wrap(connection.getMemoryManager(), ANSWER), CloseAfterWrite.of(connection));
        return ctx.getStopAction();
    }

    private static boolean isLetter(byte b) {
        return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z';
    }

    private static byte[] answer() {
        String body = "400 plain HTTP was sent to the HTTPS port; use https://\n";
        return ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
                + body.length() + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII);
    }
}
