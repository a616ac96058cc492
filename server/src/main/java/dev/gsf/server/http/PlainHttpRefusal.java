package dev.gsf.server.http;

import dev.gsf.server.generation.Generation;
import dev.gsf.server.generation.Generations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 * sent to HTTPS port"), instead of leaving the SSL filter to drop the connection without a word. The HTTPS port puts
 * it just below the SSL filter ({@code dev.gsf.server.tls.TlsPort}); it looks only at a connection's first byte: a TLS record starts with a content type (20-23), an HTTP
 * request with a letter. The answer goes to the access log of the current generation as nginx logs its own: the
 * request line, Referer and User-Agent as far as the first bytes read hold them (the answer does not wait for more),
 * 400, and the body bytes sent (none to a HEAD).
 *
 * <p>Called by Grizzly on the thread that reads the connection; it never blocks.
 */
public final class PlainHttpRefusal extends BaseFilter {
    private static final byte[] BODY =
            "400 plain HTTP was sent to the HTTPS port; use https://\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD = ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: " + BODY.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ANSWER = withBody();
    /** How much of the first bytes is read for the log: a request line as long as the strict filter allows. */
    private static final int LOGGED = 8192;
    /** Set once a connection's first bytes were let through: TLS from then on. */
    private static final Attribute<Boolean> LOOKED =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(PlainHttpRefusal.class.getName() + ".looked");

    private final Generations generations;

    /** @param generations whose current access log gets each refusal */
    public PlainHttpRefusal(Generations generations) {
        this.generations = generations;
    }

    @Override
    public NextAction handleRead(FilterChainContext ctx) throws IOException {
        Connection<?> connection = ctx.getConnection();
        Buffer in = ctx.getMessage();
        if (LOOKED.isSet(connection) || !in.hasRemaining()) {
            return ctx.getInvokeAction();
        }
        if (!startsPlainHttp(in.get(in.position()))) {
            LOOKED.set(connection, Boolean.TRUE);
            return ctx.getInvokeAction();
        }
        byte[] first = new byte[Math.min(in.remaining(), LOGGED)];
        in.get(first);
        in.tryDispose();
        String requestLine = RequestHead.requestLine(first, first.length);
        boolean head = requestLine.startsWith("HEAD ");
        log(connection, requestLine, first, head ? 0 : BODY.length);
        ctx.write(Buffers.wrap(connection.getMemoryManager(), head ? HEAD : ANSWER), CloseAfterWrite.of(connection));
        return ctx.getStopAction();
    }

    private void log(Connection<?> connection, String requestLine, byte[] first, long bodyBytes) {
        String remote = StrictHttpFilter.remote(connection);
        Generation generation = generations.acquire(); // held while its log is written: a reload may retire it
        try {
            generation.accessLog.begin(remote, requestLine, name -> RequestHead.field(first, first.length, name))
                    .end(400, bodyBytes);
        } finally {
            generation.release();
        }
    }

    /** A connection's first byte: a letter starts an HTTP method; a TLS record starts with 20-23. */
    static boolean startsPlainHttp(byte b) {
        return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z';
    }

    private static byte[] withBody() {
        byte[] answer = Arrays.copyOf(HEAD, HEAD.length + BODY.length);
        System.arraycopy(BODY, 0, answer, HEAD.length, BODY.length);
        return answer;
    }
}
