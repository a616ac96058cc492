package dev.gsf.server.http;

import dev.gsf.server.generation.Generation;
import dev.gsf.server.generation.Generations;
import dev.gsf.server.send.DownloadHold;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.http.HttpServerFilter;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.utils.IdleTimeoutFilter;

/**
 * Reads the raw bytes ahead of Grizzly's HTTP parser and hands it one request head at a time, each checked by
 * {@link RequestHead}: what Grizzly would accept leniently (unknown transfer codings, duplicate Host, lines without a
 * colon, HTTP/2.0 in an HTTP/1 request line, TLS bytes) is answered here and never parsed. Request bodies are skipped
 * here by their framing, so the next head is found where RFC 9112 puts it. It also answers TRACE and CONNECT, which
 * Grizzly would answer itself, and every request once the server is draining (503). The next head is read only after
 * Grizzly has finished the request before it (a download included: {@link DownloadHold}), so answers keep their
 * order. A plain
 * GET ({@link RequestHead.Pass#plainGet}) is offered to the {@link PlainGets} first, which may answer it here,
 * without Grizzly's parser (small files held in memory; nginx answers them from its event loop alike).
 *
 * <p>Called by Grizzly on the thread that reads the connection; it never blocks.
 */
public final class StrictHttpFilter extends BaseFilter implements AddOn {
    private static final Attribute<Framing> FRAMING =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(StrictHttpFilter.class.getName() + ".framing");
    private static final Map<Integer, String> REASONS = Map.of(400, "Bad Request", 405, "Method Not Allowed",
            414, "URI Too Long", 431, "Request Header Fields Too Large", 501, "Not Implemented",
            503, "Service Unavailable", 505, "HTTP Version Not Supported");

    private final Generations generations;
    private final PlainGets plainGets;
    /**
     * Marks a connection busy, then idle again from now, for a request answered here. Grizzly's idle timeout sits
     * behind its parser, so requests that never reach the parser would not count as activity and the connection
     * would be closed mid-use. It is called for every complete head that passes, and only then, so a client that
     * trickles a head byte by byte still times out. Its idle record is Grizzly's own (one attribute for every
     * IdleTimeoutFilter), its queue and executor unused (never started: no thread).
     */
    private final IdleTimeoutFilter requestSeen;
    private volatile boolean draining;

    /** Answers plain GETs it can answer without Grizzly's HTTP parser. */
    interface PlainGets {
        /** What became of a plain GET. */
        enum Answer {
            /** Its download started on the connection of the filter's context, and wrote before this returned. */
            STARTED,
            /**
             * Its download started, held by the connection's {@link DownloadHold}: until it ends, the connection
             * reads nothing (a read event that comes is held until then).
             */
            DOWNLOADING,
            /** The download queue is full: the filter answers 503 and closes, as Grizzly does after a 503. */
            QUEUE_FULL,
            /** Not one it answers: Grizzly parses it. */
            DECLINED
        }

        /**
         * Answers {@code get} with {@code ctx}. Called on the thread that read the request; never blocks.
         *
         * @param last whether nothing was read after this request (no pipelined request waits behind it)
         * @param hold the connection's download hold, which a download that outlives this call must begin
         */
        Answer answer(FilterChainContext ctx, RequestHead.Pass get, String remoteAddress, boolean last,
                      DownloadHold hold);
    }

    /** Its answers carry the Server header of the current generation and go to its access log, as FileHandler's. */
    public StrictHttpFilter(Generations generations, PlainGets plainGets, Duration idleTimeout) {
        this.generations = generations;
        this.plainGets = plainGets;
        this.requestSeen = new IdleTimeoutFilter(IdleTimeoutFilter.createDefaultIdleDelayedExecutor(),
                idleTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Where a connection is: before a head, inside a body, or closing. */
    private static final class Framing {
        long bodyLeft; // Content-Length bytes still to skip
        ChunkedBody chunked; // non-null while a chunked body goes on
        boolean closed;
        PartialHead head; // non-null while a head has come in part

        boolean inBody() {
            return bodyLeft > 0 || chunked != null;
        }

        void expectBody(RequestHead.Pass pass) {
            bodyLeft = pass.chunked() ? 0 : pass.contentLength();
            chunked = pass.chunked() ? new ChunkedBody() : null;
        }
    }

    /**
     * Places this filter just before Grizzly's HTTP codec, and Grizzly's transport filter by one that reads nothing
     * while a download is held ({@link HoldingTransportFilter}).
     */
    @Override
    public void setup(NetworkListener listener, FilterChainBuilder builder) {
        builder.add(builder.indexOfType(HttpServerFilter.class), this);
        builder.set(builder.indexOfType(TransportFilter.class), new HoldingTransportFilter());
    }

    /** From now on every new request is answered 503 and its connection closed. */
    public void drain() {
        draining = true;
    }

    /**
     * Reads what arrived: skips the body in progress, then takes one head at a time until the bytes run out, a head
     * is incomplete, or one is Grizzly's to parse (its head alone goes on, the bytes after it wait).
     */
    @Override
    public NextAction handleRead(FilterChainContext ctx) throws IOException {
        Connection<?> connection = ctx.getConnection();
        Framing framing = framing(connection);
        Buffer in = ctx.getMessage();
        while (true) {
            if (framing.closed || !framing.inBody() && !skipEmptyLines(in)) {
                in.tryDispose();
                return ctx.getStopAction();
            }
            if (framing.inBody()) {
                in = afterBody(framing, in, connection);
                if (in == null) {
                    return ctx.getStopAction();
                }
                continue;
            }
            int start = in.position();
            if (framing.head == null) {
                framing.head = new PartialHead();
            }
            RequestHead.Verdict verdict = framing.head.take(in);
            if (verdict == null) { // the rest of the head is still to come
                return ctx.getStopAction(in);
            }
            int end = framing.head.end();
            framing.head = null;
            if (verdict instanceof RequestHead.Refuse refusal) {
                return refuse(ctx, framing, refusal, in);
            }
            RequestHead.Pass pass = (RequestHead.Pass) verdict;
            requestSeen.handleRead(ctx); // a whole request: the connection is in use
            if (draining) {
                return refuse(ctx, framing, new RequestHead.Refuse(503, "the server is stopping", true,
                        pass.method(), pass.requestLine()), in);
            }
            framing.expectBody(pass); // skipped here: Grizzly gets the head alone
            Buffer rest = start + end < in.limit() ? in.split(start + end) : null;
            in.tryDispose();
            switch (answerHere(ctx, framing, pass, rest == null)) {
                case DOWNLOADING -> {
                    return ctx.getStopAction(); // (nothing was read after it)
                }
                case GRIZZLYS -> {
                    ctx.setMessage(Buffers.wrap(connection.getMemoryManager(), pass.forwarded()));
                    return rest == null ? ctx.getInvokeAction() : ctx.getInvokeAction(rest);
                }
                case ANSWERED -> {
                    if (rest == null) {
                        return ctx.getStopAction();
                    }
                    in = rest;
                }
            }
        }
    }

    private static Framing framing(Connection<?> connection) {
        Framing framing = FRAMING.get(connection);
        if (framing == null) {
            framing = new Framing();
            FRAMING.set(connection, framing);
        }
        return framing;
    }

    /** Empty lines before a request line are ignored (RFC 9112 §2.2); false when nothing else is left. */
    private static boolean skipEmptyLines(Buffer in) {
        while (in.hasRemaining() && (in.get(in.position()) == '\r' || in.get(in.position()) == '\n')) {
            in.position(in.position() + 1);
        }
        return in.hasRemaining();
    }

    /** Skips the body in progress: the bytes after it, or null when {@code in} held no more (disposed then). */
    private static Buffer afterBody(Framing framing, Buffer in, Connection<?> connection) {
        int bodyEnd = bodyEnd(framing, in, connection);
        Buffer rest = bodyEnd < in.limit() ? in.split(bodyEnd) : null;
        in.tryDispose();
        return rest;
    }

    /** What became of a head that passed. */
    private enum Fate {
        /** Answered here, written already (or with its download started): read on. */
        ANSWERED,
        /** Its download started, held: read nothing more until it ends. */
        DOWNLOADING,
        /** Grizzly parses and answers it. */
        GRIZZLYS
    }

    /** A plain GET offered to the handler, TRACE and CONNECT refused; everything else is Grizzly's. */
    private Fate answerHere(FilterChainContext ctx, Framing framing, RequestHead.Pass pass, boolean last) {
        if (pass.plainGet()) {
            Connection<?> connection = ctx.getConnection();
            return switch (plainGets.answer(ctx, pass, remote(connection), last,
                    DownloadHold.of(connection, requestSeen))) {
                case STARTED -> Fate.ANSWERED;
                case DOWNLOADING -> Fate.DOWNLOADING;
                case QUEUE_FULL -> {
                    respond(ctx, framing, new RequestHead.Refuse(503, RawResponse.QUEUE_FULL, true, pass.method(),
                            pass.requestLine()));
                    yield Fate.ANSWERED;
                }
                case DECLINED -> Fate.GRIZZLYS;
            };
        }
        if (pass.method().equals("TRACE") || pass.method().equals("CONNECT")) {
            respond(ctx, framing, new RequestHead.Refuse(405, "method " + pass.method()
                    + " is not allowed; use GET or HEAD", false, pass.method(), pass.requestLine()));
            return Fate.ANSWERED;
        }
        return Fate.GRIZZLYS;
    }

    /** The client's address as the access log gives it: the IP address, without a port. */
    public static String remote(Connection<?> connection) {
        return connection.getPeerAddress() instanceof InetSocketAddress peer
                ? peer.getAddress().getHostAddress() : String.valueOf(connection.getPeerAddress());
    }

    /** The index in {@code in} where the current body ends (its limit when it goes on); updates the framing. */
    private static int bodyEnd(Framing framing, Buffer in, Connection<?> connection) {
        if (framing.chunked == null) {
            long take = Math.min(framing.bodyLeft, in.remaining());
            framing.bodyLeft -= take;
            return in.position() + (int) take;
        }
        try {
            int end = framing.chunked.scan(in, in.position(), in.limit());
            if (end < 0) {
                return in.limit();
            }
            framing.chunked = null;
            return end;
        } catch (ChunkedBody.Malformed e) {
            // The head went to Grizzly already; nothing after this can be read as a request.
            framing.closed = true;
            framing.chunked = null;
            connection.closeSilently();
            return in.limit();
        }
    }

    private NextAction refuse(FilterChainContext ctx, Framing framing, RequestHead.Refuse refusal, Buffer in) {
        in.tryDispose();
        respond(ctx, framing, refusal);
        return ctx.getStopAction();
    }

    /**
     * Writes a complete answer of our own, with the Server header and to the access log of the current generation;
     * closes the connection after it when the refusal says so.
     */
    private void respond(FilterChainContext ctx, Framing framing, RequestHead.Refuse refusal) {
        Connection<?> connection = ctx.getConnection();
        boolean head = "HEAD".equals(refusal.method());
        byte[] body = (refusal.status() + " " + refusal.reason() + "\n").getBytes(StandardCharsets.UTF_8);
        String remote = remote(connection);
        byte[] response;
        Generation generation = generations.acquire(); // held while its log is written: a reload may retire it
        try {
            RawResponse answer = new RawResponse(refusal.status(), REASONS.getOrDefault(refusal.status(), "Error"),
                    generation, false).header("Content-Type", "text/plain; charset=utf-8")
                    .header("Content-Length", body.length);
            if (refusal.status() == 405) {
                answer.header("Allow", RawResponse.ALLOWED_METHODS);
            } else if (refusal.status() == 503) {
                answer.header("Retry-After", "1");
            }
            if (refusal.close()) {
                answer.header("Connection", "close");
            }
            response = head ? answer.bytes() : answer.bytes(body);
            generation.accessLog.logRaw(remote, refusal.requestLine(), refusal.status(), head ? 0 : body.length);
        } finally {
            generation.release();
        }
        if (refusal.close()) {
            framing.closed = true;
        }
        ctx.write(Buffers.wrap(connection.getMemoryManager(), response),
                refusal.close() ? CloseAfterWrite.of(connection) : null);
    }
}
