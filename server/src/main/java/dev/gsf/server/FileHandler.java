package dev.gsf.server;

import dev.gsf.algorithms.Admission;
import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.OpenFile;
import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.SendAlgorithm;
import dev.gsf.server.results.DownloadResult;
import dev.gsf.server.results.ResultDispatcher;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.FastHttpDateFormat;
import org.glassfish.grizzly.http.util.Header;

/**
 * The HTTP layer: methods, paths, validators, conditional requests and ranges decide the status and the headers;
 * the body of a download is handed to the send algorithm, which is the only thing that writes file bytes.
 *
 * <p>Called by Grizzly on its HTTP threads; it opens files and commits headers but never waits for a client.
 */
final class FileHandler extends HttpHandler {
    private static final Logger LOG = Logger.getLogger(FileHandler.class.getName());
    static final String ALGORITHM_HEADER = "X-Send-Algorithm";
    /** The methods served; every other one gets 405 with this Allow. */
    static final String ALLOWED_METHODS = "GET, HEAD";
    private static final byte[] UNREADABLE_BODY =
            "500 cannot read the file\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final OpenFiles files;
    private final SendAlgorithm algorithm;
    private final AccessLog accessLog;
    private final DownloadTracker downloads;
    private final ResultDispatcher results;
    private final String serverHeader;

    FileHandler(OpenFiles files, SendAlgorithm algorithm, AccessLog accessLog, DownloadTracker downloads,
                ResultDispatcher results) {
        this.files = files;
        this.algorithm = algorithm;
        this.accessLog = accessLog;
        this.downloads = downloads;
        this.results = results;
        this.serverHeader = serverHeader(algorithm);
    }

    /** The Server header of every answer, ours or {@link StrictHttpFilter}'s. */
    static String serverHeader(SendAlgorithm algorithm) {
        return "grizzly-sendfile/0.1 (" + algorithm.kind() + ")";
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        long received = System.nanoTime(); // the start of time to first byte and of the download's duration
        setCommonHeaders(response);
        Method method = request.getMethod();
        boolean head = Method.HEAD.equals(method);
        if (!head && !Method.GET.equals(method)) {
            response.setHeader(Header.Allow, ALLOWED_METHODS);
            refuse(request, response, 405, "method " + method.getMethodString() + " is not allowed; use GET or HEAD");
            return;
        }
        String rawPath = request.getRequestURI();
        switch (files.resolve(rawPath)) {
            case PathResolver.Refused refused -> refuse(request, response, refused.status(), refused.message());
            case PathResolver.Found found -> serveFile(request, response, found, head, received);
        }
    }

    private void setCommonHeaders(Response response) {
        response.setHeader(Header.Server, serverHeader);
        response.setHeader(Header.Date, FastHttpDateFormat.getCurrentDate());
        response.setHeader(ALGORITHM_HEADER, algorithm.kind().name());
    }

    private void serveFile(Request request, Response response, PathResolver.Found found, boolean head,
                           long received) throws IOException {
        long fileLength = found.attributes().size();
        Validators validators = Validators.of(found.attributes());
        response.setHeader(Header.ETag, validators.etag());
        response.setHeader(Header.LastModified, validators.lastModified());
        response.setHeader(Header.AcceptRanges, "bytes");

        switch (validators.evaluate(request.getHeader(Header.IfMatch), request.getHeader(Header.IfUnmodifiedSince),
                request.getHeader(Header.IfNoneMatch), request.getHeader(Header.IfModifiedSince))) {
            case NOT_MODIFIED -> {
                response.setStatus(304);
                accessLog.log(request, 304, 0);
                return;
            }
            case FAILED -> {
                refuse(request, response, 412, "precondition failed");
                return;
            }
            case PROCEED -> {
            }
        }

        ByteRange.Request wanted = validators.ifRangeHolds(request.getHeader(Header.IfRange))
                ? ByteRange.parse(request.getHeader(Header.Range), fileLength)
                : new ByteRange.Whole();
        ByteRange range = switch (wanted) {
            case ByteRange.Unsatisfiable u -> null;
            case ByteRange.Partial partial -> partial.range();
            case ByteRange.Whole whole -> new ByteRange(0, fileLength);
        };
        if (range == null) {
            response.setHeader(Header.ContentRange, "bytes */" + fileLength);
            refuse(request, response, 416, "range not satisfiable for a file of " + fileLength + " bytes");
            return;
        }
        boolean hasBody = !head && range.length() > 0;
        Admission admission = null;
        OpenFile file = null;
        if (hasBody) {
            admission = algorithm.admit();
            if (admission == null) {
                LOG.warning(() -> "503: download queue full, refused " + request.getRequestURI() + " from "
                        + request.getRemoteAddr());
                downloads.rejected();
                response.setHeader(Header.RetryAfter, "1");
                refuse(request, response, 503, "server busy: the download queue is full, retry later");
                return;
            }
            try {
                file = files.open(found);
            } catch (IOException | SecurityException e) {
                admission.cancel();
                LOG.log(Level.WARNING, "cannot open " + found.file(), e);
                refuse(request, response, 500, "cannot open the file");
                return;
            }
        }
        if (wanted instanceof ByteRange.Partial) {
            response.setStatus(206);
            response.setHeader(Header.ContentRange, range.contentRange(fileLength));
        }
        response.setContentType(ContentTypes.of(found.file().getFileName().toString()));
        response.setContentLengthLong(range.length());
        if (!hasBody) {
            accessLog.log(request, response.getStatus(), 0);
            return;
        }
        startDownload(request, response, found, range, admission, file, received);
    }

    /**
     * Hands the body to the algorithm. Nothing is committed here: the sink sends the head with the download's first
     * write, so a download still waiting for a worker has no 200 yet, and one that fails before its first byte
     * (its file cannot be read) is answered 500 instead.
     */
    private void startDownload(Request request, Response response, PathResolver.Found found, ByteRange range,
                               Admission admission, OpenFile file, long received) {
        int status = response.getStatus();
        AccessLog.Line logLine = accessLog.begin(request);
        response.suspend();
        ResponseSink sink = new ResponseSink(request, response, () -> answerServerError(response));
        var resultRange = new DownloadResult.Range(range.start(), range.start() + range.length() - 1,
                found.attributes().size());
        Download.Listener recorded = results.track(received, request.getRemoteAddr(), request.getRequestURI(),
                status, resultRange, algorithm.kind(), (outcome, bytesSent, cause) -> {
                    if (sink.answeredServerError()) {
                        logLine.end(500, UNREADABLE_BODY.length);
                    } else {
                        logLine.end(status, bytesSent);
                    }
                    if (outcome == Outcome.COMPLETED) {
                        return;
                    } else if (cause instanceof CancellationException) {
                        LOG.info(() -> "download of " + found.file() + " stopped with the server after " + bytesSent
                                + " bytes");
                    } else if (outcome == Outcome.SERVER_ERROR) {
                        // Expected failures (I/O) in one line; anything else is a bug: full trace.
                        boolean expected = cause instanceof IOException;
                        LOG.log(Level.WARNING, "download of " + found.file() + " failed after " + bytesSent
                                + " bytes: " + cause, expected ? null : cause);
                    } else {
                        LOG.fine(() -> "download of " + found.file() + " ended " + outcome + " after " + bytesSent
                                + " bytes: " + cause);
                    }
                });
        DownloadTracker.Tracked tracked = downloads.track(received, request.getRemoteAddr(), request.getRequestURI(),
                range, algorithm.kind(), recorded);
        admission.start(tracked.attach(
                new Download(file, range.start(), range.length(), sink, tracked)));
    }

    /** The 500 of a download that failed before its first byte; its own headers are dropped. */
    private void answerServerError(Response response) {
        try {
            response.reset();
            setCommonHeaders(response);
            response.setStatus(500);
            response.setContentType("text/plain; charset=utf-8");
            response.setContentLength(UNREADABLE_BODY.length);
            response.getOutputStream().write(UNREADABLE_BODY);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "cannot answer 500", e);
            response.getRequest().getContext().getConnection().terminateSilently();
            return;
        }
        response.resume();
    }

    private void refuse(Request request, Response response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        byte[] body = (status + " " + message + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        if (!Method.HEAD.equals(request.getMethod())) {
            response.getOutputStream().write(body);
        }
        accessLog.log(request, status, Method.HEAD.equals(request.getMethod()) ? 0 : body.length);
    }
}
