package dev.gsf.server.send;

import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.WriteSink;
import java.nio.ByteBuffer;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.memory.Buffers;

/**
 * The {@link WriteSink} of one suspended Grizzly response. The response head (status and headers as the HTTP layer
 * decided them) is not committed until the download's first write, and then goes out with it: the first buffer is
 * handed to Grizzly's HTTP codec together with the head, which writes both in one gathered write; later writes go
 * straight to the connection's write queue below the codec.
 *
 * <p>Threads: as {@link WriteSink} says; Grizzly calls the write callbacks on the writing or a selector thread.
 */
public final class ResponseSink extends ConnectionSink {
    private final Response response;
    private final Runnable answerServerError;

    /**
     * @param body              how the body's sections reach the connection (its writer picked for
     *                          {@code request.getContext()})
     * @param answerServerError answers the request with a 500 of its own; called when the download fails before its
     *                          first write, on the thread that ended it
     * @param suspended         whether the response is suspended, and resumed when the download ends; false for the
     *                          small-file fast path, whose download starts and its writes go out before the HTTP
     *                          handler returns, so that Grizzly finishes the response as any other
     * @param noPush            whether to cork the socket over writes that follow one another (tcp-nopush)
     */
    public ResponseSink(Request request, BodyWriter body, Response response, Runnable answerServerError,
                        boolean suspended, boolean noPush) {
        super(request.getContext(), body, suspended, noPush);
        this.response = response;
        this.answerServerError = answerServerError;
    }

    @Override
    public void writeFirst(ByteBuffer bytes, boolean more, Written done) {
        var buffer = Buffers.wrap(context.getMemoryManager(), bytes);
        buffer.allowBufferDispose(false); // the algorithm's buffer: it takes it back when the write is done
        headSent = true;
        context.write(HttpContent.builder(response.getResponse()).content(buffer).build(),
                WriteHandler.of(firstWritten(noPush.forWrite(more, done))));
    }

    @Override
    public boolean clientGone() {
        return hasLeft();
    }

    @Override
    public void end(Outcome outcome) {
        if (outcome == Outcome.COMPLETED) {
            noPush.uncork(); // (the last write already did, unless the algorithm said more followed it)
            resume();
        } else if (outcome == Outcome.SERVER_ERROR && !headSent && connection.isOpen()) {
            answeredServerError = true;
            answerServerError.run();
            if (connection.isOpen()) { // it terminates the connection when it cannot answer
                resume();
            }
        } else {
            abort(); // fails any write still queued and drops the suspended response
        }
    }

    private void resume() {
        if (suspended) {
            response.resume();
        }
    }
}
