package dev.gsf.server;

import dev.gsf.algorithms.Admission;
import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.OpenFile;
import dev.gsf.algorithms.Outcome;
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

    private final OpenFiles files;
    private final Generations generations;

    FileHandler(OpenFiles files, Generations generations) {
        this.files = files;
        this.generations = generations;
    }

    /** Runs the request under the current generation, held until the response, download included, has ended. */
    @Override
    public void service(Request request, Response response) throws Exception {
        Generation generation = generations.acquire();
        boolean downloading = false;
        try {
            downloading = serve(generation, request, response);
        } finally {
            if (!downloading) {
                generation.release();
            }
        }
    }

    /** Answers the request; true when a download was started, which releases the generation when it ends. */
    private boolean serve(Generation generation, Request request, Response response) throws IOException {
        response.setHeader(Header.Server, generation.serverHeader);
        response.setHeader(Header.Date, FastHttpDateFormat.getCurrentDate());
        response.setHeader(ALGORITHM_HEADER, generation.algorithm.kind().name());
        Method method = request.getMethod();
        boolean head = Method.HEAD.equals(method);
        if (!head && !Method.GET.equals(method)) {
            response.setHeader(Header.Allow, "GET, HEAD");
            refuse(generation, request, response, 405,
                    "method " + method.getMethodString() + " is not allowed; use GET or HEAD");
            return false;
        }
        String rawPath = request.getRequestURI();
        return switch (files.resolve(rawPath)) {
            case PathResolver.Refused refused -> {
                refuse(generation, request, response, refused.status(), refused.message());
                yield false;
            }
            case PathResolver.Found found -> serveFile(generation, request, response, found, head);
        };
    }

    private boolean serveFile(Generation generation, Request request, Response response, PathResolver.Found found,
                              boolean head) throws IOException {
        AccessLog accessLog = generation.accessLog;
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
                return false;
            }
            case FAILED -> {
                refuse(generation, request, response, 412, "precondition failed");
                return false;
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
            refuse(generation, request, response, 416, "range not satisfiable for a file of " + fileLength + " bytes");
            return false;
        }
        boolean hasBody = !head && range.length() > 0;
        Admission admission = null;
        OpenFile file = null;
        if (hasBody) {
            admission = generation.algorithm.admit();
            if (admission == null) {
                LOG.warning(() -> "503: download queue full, refused " + request.getRequestURI() + " from "
                        + request.getRemoteAddr());
                response.setHeader(Header.RetryAfter, "1");
                refuse(generation, request, response, 503, "server busy: the download queue is full, retry later");
                return false;
            }
            try {
                file = files.open(found);
            } catch (IOException | SecurityException e) {
                admission.cancel();
                LOG.log(Level.WARNING, "cannot open " + found.file(), e);
                refuse(generation, request, response, 500, "cannot open the file");
                return false;
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
            return false;
        }
        return startDownload(generation, request, response, found, range, admission, file);
    }

    /** True when the download was handed to the algorithm; it releases the generation when it ends. */
    private boolean startDownload(Generation generation, Request request, Response response, PathResolver.Found found,
                                  ByteRange range, Admission admission, OpenFile file) throws IOException {
        int status = response.getStatus();
        AccessLog.Line logLine = generation.accessLog.begin(request);
        response.suspend();
        try {
            response.flush(); // commit the headers; the body follows on the same write queue
        } catch (IOException e) {
            // The client is gone already; closing the connection also drops the suspended response.
            file.release();
            admission.cancel();
            request.getContext().getConnection().terminateSilently();
            return false;
        }
        admission.start(new Download(file, range.start(), range.length(), request.getContext(),
                (outcome, bytesSent, cause) -> {
                    try {
                        logLine.end(status, bytesSent);
                        if (outcome == Outcome.COMPLETED) {
                            response.resume();
                        } else if (cause instanceof CancellationException) {
                            LOG.info(() -> "download of " + found.file() + " stopped with the server after "
                                    + bytesSent + " bytes");
                        } else if (outcome == Outcome.SERVER_ERROR) {
                            // Expected failures (I/O) in one line; anything else is a bug: full trace.
                            boolean expected = cause instanceof IOException;
                            LOG.log(Level.WARNING, "download of " + found.file() + " failed after " + bytesSent
                                    + " bytes: " + cause, expected ? null : cause);
                        } else {
                            LOG.fine(() -> "download of " + found.file() + " ended " + outcome + " after "
                                    + bytesSent + " bytes: " + cause);
                        }
                    } finally {
                        // Last: when this generation is retired, closing it interrupts its pool's workers, maybe
                        // this very thread, which must have resumed the response by then.
                        generation.release();
                    }
                }));
        return true;
    }

    private void refuse(Generation generation, Request request, Response response, int status, String message)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        byte[] body = (status + " " + message + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        if (!Method.HEAD.equals(request.getMethod())) {
            response.getOutputStream().write(body);
        }
        generation.accessLog.log(request, status, Method.HEAD.equals(request.getMethod()) ? 0 : body.length);
    }
}
