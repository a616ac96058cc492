package dev.gsf.server.http;

import dev.gsf.algorithms.Admission;
import dev.gsf.algorithms.BodyPart;
import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.OpenFile;
import dev.gsf.algorithms.WriteSink;
import dev.gsf.server.config.Autoindex;
import dev.gsf.server.files.OpenFiles;
import dev.gsf.server.files.PathResolver;
import dev.gsf.server.files.Validators;
import dev.gsf.server.generation.Generation;
import dev.gsf.server.generation.Generations;
import dev.gsf.server.ops.AccessLog;
import dev.gsf.server.ops.Arrival;
import dev.gsf.server.ops.DownloadTracker;
import dev.gsf.server.send.BodyWriter;
import dev.gsf.server.send.DownloadHold;
import dev.gsf.server.send.PlainSink;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.FastHttpDateFormat;
import org.glassfish.grizzly.http.util.Header;

/**
 * The HTTP layer: methods, paths, validators, conditional requests and ranges decide the status and the headers;
 * the body of a download is handed to the send algorithm, which is the only thing that writes file bytes.
 *
 * <p>Called by Grizzly on its HTTP threads, and for plain GETs ({@link #answer}) by {@link StrictHttpFilter} on
 * the thread that read the request; it opens files and commits headers but never waits for a client.
 */
public final class FileHandler extends HttpHandler implements StrictHttpFilter.PlainGets {
    private static final Logger LOG = Logger.getLogger(FileHandler.class.getName());

    private final OpenFiles files;
    private final Generations generations;
    private final DownloadTracker downloads;
    /** Picks how each download's body reaches its connection (plain, or TLS on the HTTPS port). */
    private final BodyWriter.Choice bodyWriters;

    public FileHandler(OpenFiles files, Generations generations, DownloadTracker downloads,
                       BodyWriter.Choice bodyWriters) {
        this.files = files;
        this.generations = generations;
        this.downloads = downloads;
        this.bodyWriters = bodyWriters;
    }

    /** Runs the request under the current generation, held until the response, download included, has ended. */
    @Override
    public void service(Request request, Response response) throws Exception {
        serve(new GrizzlyExchange(request, response, bodyWriters));
    }

    /**
     * Answers {@code exchange}, whatever protocol carries it, under the current generation, held until the answer,
     * download included, has ended.
     */
    public void serve(Exchange exchange) throws IOException {
        long received = System.nanoTime(); // the start of time to first byte and of the download's duration
        Generation generation = generations.acquire();
        boolean downloading = false;
        try {
            downloading = serve(generation, exchange, received);
        } finally {
            if (!downloading) {
                generation.release();
            }
        }
    }

    /** Answers the request; true when a download was started, which releases the generation when it ends. */
    private boolean serve(Generation generation, Exchange exchange, long received) throws IOException {
        setCommonHeaders(generation, exchange);
        String method = exchange.method();
        boolean head = "HEAD".equals(method);
        if (!head && !"GET".equals(method)) {
            exchange.header(Header.Allow.toString(), RawResponse.ALLOWED_METHODS);
            Answers.refuse(generation, exchange, 405, "method " + method + " is not allowed; use GET or HEAD");
            return false;
        }
        String rawPath = exchange.rawPath();
        return switch (files.resolve(rawPath)) {
            case PathResolver.Refused refused -> {
                Answers.refuse(generation, exchange, refused.status(), refused.message());
                yield false;
            }
            case PathResolver.Directory directory ->
                    serveDirectory(generation, exchange, rawPath, directory, head, received);
            case PathResolver.Found found ->
                    serveFile(generation, exchange, representation(generation, exchange, rawPath, found), head,
                            received);
        };
    }

    static void setCommonHeaders(Generation generation, Exchange exchange) {
        exchange.header(Header.Server.toString(), generation.serverHeader);
        exchange.header(Header.Date.toString(), FastHttpDateFormat.getCurrentDate());
        exchange.header(RawResponse.ALGORITHM_HEADER, generation.algorithm.kind().name());
    }

    /**
     * A directory, as nginx answers it: 301 to the path with '/' when it lacks one; else its index file, else its
     * listing (autoindex), else 403.
     */
    private boolean serveDirectory(Generation generation, Exchange exchange, String rawPath,
                                   PathResolver.Directory directory, boolean head, long received) throws IOException {
        if (!directory.slash()) {
            String query = exchange.query();
            String location = rawPath + "/" + (query == null ? "" : "?" + query);
            exchange.header(Header.Location.toString(), location);
            Answers.refuse(generation, exchange, 301, "moved to " + location);
            return false;
        }
        String index = generation.config.index();
        if (!index.isEmpty()) {
            String indexPath = rawPath + Listings.percentEncode(index);
            if (files.resolve(indexPath) instanceof PathResolver.Found found) {
                return serveFile(generation, exchange, representation(generation, exchange, indexPath, found), head,
                        received);
            }
        }
        if (generation.config.autoindex() == Autoindex.OFF) {
            Answers.refuse(generation, exchange, 403, "directory listing is off");
            return false;
        }
        boolean html = generation.config.autoindex() == Autoindex.HTML;
        byte[] listing = html ? Listings.html(rawPath, files.list(directory)) : Listings.json(files.list(directory));
        String type = html ? "text/html; charset=utf-8" : "application/json";
        ResponseBody body = ResponseBody.whole(listing.length, type);
        if (head) {
            answerHead(generation, exchange, body);
            return false;
        }
        // Sent as any body: by the algorithm, from bytes held in memory.
        PathResolver.Found made = new PathResolver.Found(directory.directory(), null, null, type,
                ByteBuffer.wrap(listing));
        return startBody(generation, exchange, made, body, received);
    }

    /**
     * The file itself, or with {@code precompressed} on a sidecar the client accepts; says {@code Vary:
     * Accept-Encoding} for a file that has one, whichever is sent.
     */
    private Sidecars.Chosen representation(Generation generation, Exchange exchange, String rawPath,
                                           PathResolver.Found found) {
        if (generation.config.precompressed().isEmpty()) {
            return new Sidecars.Chosen(found, null, false);
        }
        Sidecars.Chosen chosen = Sidecars.choose(files, rawPath, found, generation.config.precompressed(),
                exchange.header(Header.AcceptEncoding.toString()));
        if (chosen.vary()) {
            exchange.header(Header.Vary.toString(), "Accept-Encoding");
        }
        return chosen;
    }

    /** A file found: its validators, then the preconditions, the range, and the body if there is one. */
    private boolean serveFile(Generation generation, Exchange exchange, Sidecars.Chosen chosen, boolean head,
                              long received) throws IOException {
        PathResolver.Found found = chosen.found();
        long fileLength = found.attributes().size();
        Validators validators = found.validators(); // made once per lookup, shared while the cache trusts it
        exchange.header(Header.ETag.toString(), validators.etag());
        exchange.header(Header.LastModified.toString(), validators.lastModified());
        exchange.header(Header.AcceptRanges.toString(), "bytes");
        if (answeredByPreconditions(generation, exchange, validators)) {
            return false;
        }
        RangeHeader.Request wanted = validators.ifRangeHolds(exchange.header(Header.IfRange.toString()))
                ? RangeHeader.parse(exchange.header(Header.Range.toString()), fileLength,
                generation.config.maxRanges())
                : new RangeHeader.Whole();
        ResponseBody body = switch (wanted) {
            case RangeHeader.Unsatisfiable u -> null;
            case RangeHeader.Partial partial -> ResponseBody.range(partial.range(), found.contentType());
            case RangeHeader.Multi multi -> ResponseBody.multipart(multi.ranges(), found.contentType());
            case RangeHeader.Whole whole -> ResponseBody.whole(fileLength, found.contentType());
        };
        if (chosen.coding() != null && body != null) {
            body = body.encoded(chosen.coding().token);
        }
        if (body == null) {
            exchange.header(Header.ContentRange.toString(), "bytes */" + fileLength);
            Answers.refuse(generation, exchange, 416, "range not satisfiable for a file of " + fileLength + " bytes");
            return false;
        }
        if (head || body.length() == 0) {
            answerHead(generation, exchange, body);
            return false;
        }
        return startBody(generation, exchange, found, body, received);
    }

    /** The head of {@code body} without its bytes (HEAD, or an empty body), logged. */
    private static void answerHead(Generation generation, Exchange exchange, ResponseBody body) throws IOException {
        setContentHeaders(exchange, body);
        exchange.answerHead();
        exchange.logLine(generation.accessLog).end(exchange.status(), 0);
    }

    /** RFC 9110 §13: answers 304 or 412 when a precondition says so; false when the request goes on. */
    private static boolean answeredByPreconditions(Generation generation, Exchange exchange, Validators validators)
            throws IOException {
        switch (validators.evaluate(exchange.header(Header.IfMatch.toString()),
                exchange.header(Header.IfUnmodifiedSince.toString()), exchange.header(Header.IfNoneMatch.toString()),
                exchange.header(Header.IfModifiedSince.toString()))) {
            case NOT_MODIFIED -> {
                exchange.status(304);
                exchange.answerHead();
                exchange.logLine(generation.accessLog).end(304, 0);
                return true;
            }
            case FAILED -> {
                Answers.refuse(generation, exchange, 412, "precondition failed");
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** The status (206 with Content-Range for a single range), then the body's type and length. */
    private static void setContentHeaders(Exchange exchange, ResponseBody body) {
        exchange.status(body.status());
        if (body.contentRange() != null) {
            exchange.header(Header.ContentRange.toString(), body.contentRange());
        }
        exchange.content(body.contentType(), body.length());
        if (body.contentEncoding() != null) {
            exchange.header(Header.ContentEncoding.toString(), body.contentEncoding());
        }
    }

    /**
     * A body to send: a place in the algorithm's queue (503 when it is full) and the file opened (500 when it cannot
     * be), both before any header of the answer is set, then the download. False when refused.
     */
    private boolean startBody(Generation generation, Exchange exchange, PathResolver.Found found, ResponseBody body,
                              long received) throws IOException {
        Admission admission = generation.algorithm.admit();
        if (admission == null) {
            rejected(exchange.rawPath(), exchange.remoteAddress());
            exchange.header(Header.RetryAfter.toString(), "1");
            Answers.refuse(generation, exchange, 503, RawResponse.QUEUE_FULL);
            return false;
        }
        OpenFile file;
        try {
            file = files.open(found);
        } catch (IOException | SecurityException e) {
            admission.cancel();
            LOG.log(Level.WARNING, "cannot open " + found.file(), e);
            Answers.refuse(generation, exchange, 500, "cannot open the file");
            return false;
        }
        setContentHeaders(exchange, body);
        startDownload(generation, exchange, found, body, admission, file, received);
        return true;
    }

    /** Hands the body to the algorithm on a sink of the suspended (or, on the fast path, running) answer. */
    private void startDownload(Generation generation, Exchange exchange, PathResolver.Found found, ResponseBody body,
                               Admission admission, OpenFile file, long received) {
        // The small-file fast path writes on this thread before it returns: no suspension, no hop to another thread.
        // Only a body of one part: the path's one write must be the whole response, and parts take a write each.
        boolean now = exchange.fastPath() && body.parts().size() == 1 && body.length() <= fastPathMax(generation);
        Exchange.Sink sink = exchange.sink(generation, now);
        String coding = body.contentEncoding() == null ? "identity" : body.contentEncoding();
        startDownload(generation, new Arrival(received, exchange.remoteAddress(), exchange.rawPath(),
                exchange.status(), body.span(), generation.algorithm.kind(), coding),
                exchange.logLine(generation.accessLog), found, admission, file, body.parts(), sink.sink(),
                sink.answeredServerError(), now);
    }

    /**
     * The longest body the small-file fast path takes: one write covers it (inline-max is at most the gathered first
     * write; the chunk may be smaller still).
     */
    private static long fastPathMax(Generation generation) {
        return Math.min(generation.config.inlineMax(), generation.config.chunkSize());
    }

    /**
     * Hands the body to the algorithm. Nothing is committed here: the sink sends the head with the download's first
     * write, so a download still waiting for a worker has no 200 yet, and one that fails before its first byte
     * (its file cannot be read) is answered 500 instead. The download holds {@code generation} until it has ended.
     *
     * @param answeredServerError whether the sink answered 500 instead, asked when the download has ended
     * @param now                 the fast path: the algorithm writes at once, on this thread, in one write
     */
    private void startDownload(Generation generation, Arrival arrival, AccessLog.Line logLine,
                               PathResolver.Found found, Admission admission, OpenFile file, List<BodyPart> parts,
                               WriteSink sink, BooleanSupplier answeredServerError, boolean now) {
        DownloadTracker.Tracked tracked = downloads.track(arrival, (outcome, bytesSent, cause) -> {
            try {
                Answers.logEnd(found, logLine, answeredServerError.getAsBoolean() ? 500 : arrival.status(), outcome,
                        bytesSent, cause);
            } finally {
                // Last: the sink has ended the response already. When this generation is retired, closing it
                // (on a thread of its own) interrupts its pool's workers, maybe this very thread.
                generation.release();
            }
        });
        Download download = tracked.attach(new Download(file, parts, sink, tracked));
        if (now) {
            admission.sendNow(download);
        } else {
            admission.start(download);
        }
    }

    /**
     * A plain GET of a file, answered where StrictHttpFilter read it: without Range or validators in the request its
     * answer is 200 with the headers its lookup gave, so Grizzly neither parses it again nor makes a Request and a
     * Response for it, and the head is written as bytes. The body still goes through the algorithm, tracked, counted
     * and logged as any download: at once for a small file held in memory (the fast path), else held by the
     * connection's {@link DownloadHold} until the download ends, which only a request with nothing read after it may
     * be (a pipelined request behind it would be answered in the middle of its body). Anything else, and a file that
     * cannot be opened here, is left to Grizzly and {@link #service}.
     */
    @Override
    public Answer answer(FilterChainContext ctx, RequestHead.Pass get, String remoteAddress, boolean last,
                         DownloadHold hold) {
        long received = System.nanoTime();
        String target = get.target();
        int query = target.indexOf('?');
        String rawPath = query < 0 ? target : target.substring(0, query);
        Generation generation = generations.acquire();
        boolean downloading = false;
        try {
            // With precompressed on, Accept-Encoding decides the answer: Grizzly's path reads it.
            if (!generation.config.precompressed().isEmpty()
                    || !(files.resolve(rawPath) instanceof PathResolver.Found found)) {
                return Answer.DECLINED;
            }
            long size = found.attributes().size();
            boolean now = size <= fastPathMax(generation);
            if (now ? found.contents() == null : !last || size == 0) {
                return Answer.DECLINED;
            }
            Admission admission = generation.algorithm.admit();
            if (admission == null) {
                rejected(rawPath, remoteAddress);
                return Answer.QUEUE_FULL;
            }
            OpenFile file;
            try {
                file = now ? OpenFile.inMemory(found.contents()) : files.open(found);
            } catch (IOException | SecurityException e) {
                admission.cancel(); // Grizzly's path tries again and answers 500 if it still fails
                return Answer.DECLINED;
            }
            Validators validators = found.validators();
            byte[] head = new RawResponse(200, "OK", generation, true).header("ETag", validators.etag())
                    .header("Last-Modified", validators.lastModified()).header("Accept-Ranges", "bytes")
                    .header("Content-Type", found.contentType()).header("Content-Length", size).bytes();
            // Held before the download starts: it may end on another thread before this one returns.
            FilterChainContext writes = now ? ctx : hold.begin(ctx);
            PlainSink sink = new PlainSink(writes, bodyWriters.of(writes), head, now ? null : hold,
                    () -> Answers.serverErrorBytes(generation), generation.config.tcpNoPush());
            AccessLog.Line logLine = generation.accessLog.begin(remoteAddress, get.requestLine(),
                    name -> RequestHead.field(get.forwarded(), get.forwarded().length, name));
            ResponseBody body = ResponseBody.whole(size, found.contentType());
            startDownload(generation, new Arrival(received, remoteAddress, rawPath, 200, body.span(),
                    generation.algorithm.kind(), "identity"), logLine, found, admission, file, body.parts(), sink,
                    sink::answeredServerError, now);
            downloading = true;
            return now ? Answer.STARTED : Answer.DOWNLOADING;
        } finally {
            if (!downloading) {
                generation.release();
            }
        }
    }

    private void rejected(String uri, String client) {
        LOG.warning(() -> "503: download queue full, refused " + uri + " from " + client);
        downloads.rejected();
    }

}
