package dev.gsf.server.http;

import dev.gsf.server.generation.Generation;
import dev.gsf.server.ops.AccessLog;
import dev.gsf.server.send.BodyWriter;
import dev.gsf.server.send.ResponseSink;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * An HTTP/1.1 request Grizzly parsed, and its response: Grizzly's codec writes the head.
 *
 * <p>Threads: as {@link Exchange}'s.
 */
final class GrizzlyExchange implements Exchange {
    private static final Logger LOG = Logger.getLogger(GrizzlyExchange.class.getName());

    private final Request request;
    private final Response response;
    private final BodyWriter.Choice bodyWriters;

    GrizzlyExchange(Request request, Response response, BodyWriter.Choice bodyWriters) {
        this.request = request;
        this.response = response;
        this.bodyWriters = bodyWriters;
    }

    @Override
    public String method() {
        return request.getMethod().getMethodString();
    }

    @Override
    public String rawPath() {
        return request.getRequestURI();
    }

    @Override
    public String query() {
        return request.getQueryString();
    }

    @Override
    public String header(String name) {
        return request.getHeader(name);
    }

    @Override
    public String remoteAddress() {
        return request.getRemoteAddr();
    }

    @Override
    public AccessLog.Line logLine(AccessLog log) {
        return log.begin(request);
    }

    @Override
    public void status(int status) {
        response.setStatus(status);
    }

    @Override
    public int status() {
        return response.getStatus();
    }

    @Override
    public void header(String name, String value) {
        response.setHeader(name, value);
    }

    @Override
    public void content(String type, long length) {
        response.setContentType(type);
        response.setContentLengthLong(length);
    }

    @Override
    public void answer(byte[] body) throws IOException {
        if (Method.HEAD.equals(request.getMethod())) {
            return;
        }
        try {
            response.getOutputStream().write(body);
        } catch (IOException e) {
            if (request.getContext().getConnection().isOpen()) {
                throw e;
            }
            // The client is gone (a reset with pipelined requests still read): nobody to answer, nothing to warn of.
            LOG.log(Level.FINE, "client gone before its answer", e);
        }
    }

    @Override
    public void answerHead() {
        // Grizzly commits the head when the handler returns.
    }

    @Override
    public Sink sink(Generation generation, boolean now) {
        if (!now) {
            response.suspend();
        }
        ResponseSink sink = new ResponseSink(request, bodyWriters.of(request.getContext()), response,
                () -> Answers.answerServerError(generation, response), !now, generation.config.tcpNoPush());
        return new Sink(sink, sink::answeredServerError);
    }

    @Override
    public boolean fastPath() {
        return true;
    }
}
