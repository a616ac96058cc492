package dev.gsf.server.http;

import dev.gsf.algorithms.Outcome;
import dev.gsf.server.files.PathResolver;
import dev.gsf.server.generation.Generation;
import dev.gsf.server.ops.AccessLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.FastHttpDateFormat;
import org.glassfish.grizzly.http.util.Header;

/**
 * The small answers {@link FileHandler} writes itself, none of them a file's bytes: refusals (a status and a line of
 * text), the 500 of a download that failed before its first byte, and the log of how a download ended.
 */
final class Answers {
    private static final Logger LOG = Logger.getLogger(FileHandler.class.getName());
    static final byte[] UNREADABLE_BODY = "500 cannot read the file\n".getBytes(StandardCharsets.US_ASCII);

    private Answers() {
    }

    /** The whole 500 of a plain GET whose download failed before its first byte, as answerServerError's. */
    static byte[] serverErrorBytes(Generation generation) {
        return new RawResponse(500, "Internal Server Error", generation, true)
                .header("Content-Type", "text/plain; charset=utf-8").header("Content-Length", UNREADABLE_BODY.length)
                .bytes(UNREADABLE_BODY);
    }

    /** The download's access log line and, unless it completed, one log record saying how it ended. */
    static void logEnd(PathResolver.Found found, AccessLog.Line logLine, int status, Outcome outcome,
                               long bytesSent, Throwable cause) {
        logLine.end(status, status == 500 ? UNREADABLE_BODY.length : bytesSent);
        if (outcome == Outcome.COMPLETED) {
            return;
        } else if (cause instanceof CancellationException) {
            LOG.info(() -> "download of " + found.file() + " stopped with the server after " + bytesSent + " bytes");
        } else if (outcome == Outcome.SERVER_ERROR) {
            // Expected failures (I/O) in one line; anything else is a bug: full trace.
            boolean expected = cause instanceof IOException;
            LOG.log(Level.WARNING, "download of " + found.file() + " failed after " + bytesSent + " bytes: " + cause,
                    expected ? null : cause);
        } else {
            LOG.fine(() -> "download of " + found.file() + " ended " + outcome + " after " + bytesSent + " bytes: "
                    + cause);
        }
    }

    /** The 500 of a download that failed before its first byte; its own headers are dropped. */
    static void answerServerError(Generation generation, Response response) {
        try {
            response.reset();
            response.setHeader(Header.Server, generation.serverHeader);
            response.setHeader(Header.Date, FastHttpDateFormat.getCurrentDate());
            response.setHeader(RawResponse.ALGORITHM_HEADER, generation.algorithm.kind().name());
            response.setStatus(500);
            response.setContentType("text/plain; charset=utf-8");
            response.setContentLength(UNREADABLE_BODY.length);
            response.getOutputStream().write(UNREADABLE_BODY);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "cannot answer 500", e);
            response.getRequest().getContext().getConnection().terminateSilently();
        }
    }

    /** A status and a line of text saying why, logged. */
    static void refuse(Generation generation, Exchange exchange, int status, String message) throws IOException {
        exchange.status(status);
        byte[] body = (status + " " + message + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.content("text/plain; charset=utf-8", body.length);
        exchange.answer(body);
        exchange.logLine(generation.accessLog).end(status, "HEAD".equals(exchange.method()) ? 0 : body.length);
    }
}
