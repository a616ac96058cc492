package dev.gsf.server.send;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.WriteSink;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.FileChunk;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * The {@link WriteSink} of one suspended Grizzly response. The response head (status and headers as the HTTP layer
 * decided them) is not committed until the download's first write, and then goes out with it: the first buffer is
 * handed to Grizzly's HTTP codec together with the head, which writes both in one gathered write; later writes go
 * straight to the connection's write queue below the codec.
 *
 * <p>Threads: as {@link WriteSink} says; Grizzly calls the write callbacks on the writing or a selector thread.
 */
public final class ResponseSink implements WriteSink {
    private final FilterChainContext context;
    private final Response response;
    private final Connection<?> connection;
    private final Runnable answerServerError;
    private final boolean suspended;
    private final NoPush noPush;
    private volatile boolean headSent;
    private volatile boolean answeredServerError;

    /**
     * @param answerServerError answers the request with a 500 of its own; called when the download fails before its
     *                          first write, on the thread that ended it
     * @param suspended         whether the response is suspended, and resumed when the download ends; false for the
     *                          small-file fast path, whose download starts and its writes go out before the HTTP
     *                          handler returns, so that Grizzly finishes the response as any other
     * @param noPush            whether to cork the socket over writes that follow one another (tcp-nopush)
     */
    public ResponseSink(Request request, Response response, Runnable answerServerError, boolean suspended,
                        boolean noPush) {
        this.context = request.getContext();
        this.response = response;
        this.connection = context.getConnection();
        this.answerServerError = answerServerError;
        this.suspended = suspended;
        this.noPush = NoPush.of(connection, noPush);
    }

    /** Whether the download failed before its first write and was answered with a 500 instead. */
    public boolean answeredServerError() {
        return answeredServerError;
    }

    @Override
    public void writeFirst(ByteBuffer bytes, boolean more, Written done) {
        var buffer = Buffers.wrap(context.getMemoryManager(), bytes);
        buffer.allowBufferDispose(false); // the algorithm's buffer: it takes it back when the write is done
        headSent = true;
        context.write(HttpContent.builder(response.getResponse()).content(buffer).build(),
                handler(noPush.forWrite(more, done)));
    }

    @Override
    public void write(FileSection section, boolean more, Written done) {
        writeSection(context, section, noPush.forWrite(more, done));
    }

    @Override
    public boolean writeBlocking(FileSection section, boolean more) throws IOException {
        return BlockingWrites.write(connection, section, noPush, more);
    }

    @Override
    public boolean clientGone() {
        return hasLeft(connection);
    }

    /** Writes {@code section} below the filter of {@code context}, through its connection's write queue. */
    static void writeSection(FilterChainContext context, FileSection section, Written done) {
        context.write(new SectionChunk(section, ((NIOConnection) context.getConnection()).getAsyncWriteQueue()),
                handler(done));
    }

    /**
     * Whether the client of a suspended request has left. Grizzly reads nothing from a connection whose request is
     * suspended, so it cannot see the client leave; the socket is polled.
     */
    static boolean hasLeft(Connection<?> connection) {
        return !connection.isOpen() || ClientWatch.hasClosed((SocketChannel) ((NIOConnection) connection).getChannel());
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
            // Terminate, not close: a graceful close queues behind the failed write and can wait forever (seen with
            // clients that reset mid-body). Terminating fails any write still queued and drops the suspended response.
            connection.terminateSilently();
        }
    }

    private void resume() {
        if (suspended) {
            response.resume();
        }
    }

    /** Tells {@code done} how a Grizzly write ended. */
    static CompletionHandler<WriteResult> handler(Written done) {
        return new CompletionHandler<>() {
            @Override
            public void completed(WriteResult result) {
                done.completed();
            }

            @Override
            public void failed(Throwable cause) {
                done.failed(cause);
            }

            @Override
            public void cancelled() {
                failed(new IOException("write cancelled"));
            }

            @Override
            public void updated(WriteResult result) {
            }
        };
    }

    /**
     * A section as Grizzly's write queue takes it. Grizzly treats a FileChunk as "uncountable": it reserves 1 byte of
     * queue space for it but then releases the bytes actually written (TCPNIOAsyncQueueWriter.write0), so after a
     * 1 KB section the queue counts -1023 bytes and never looks empty again: OP_WRITE stays registered and the
     * selector spins on the idle connection, and no later write is ever written directly. Each write here reserves
     * what Grizzly is about to release, less the 1 byte on the last one, so the queue balances to 0 when it is done.
     */
    static final class SectionChunk implements FileChunk {
        private final FileSection section;
        private final TaskQueue<?> queue;

        SectionChunk(FileSection section, TaskQueue<?> queue) {
            this.section = section;
            this.queue = queue;
        }

        @Override
        public long writeTo(WritableByteChannel channel) throws IOException {
            long written = section.writeTo(channel);
            if (written > 0) {
                queue.reserveSpace((int) (section.remaining() > 0 ? written : written - 1));
            }
            return written;
        }

        @Override
        public boolean hasRemaining() {
            return section.remaining() > 0;
        }

        @Override
        public int remaining() {
            return (int) Math.min(section.remaining(), Integer.MAX_VALUE);
        }

        @Override
        public boolean release() {
            return true; // the download releases the file when it ends
        }

        @Override
        public boolean isExternal() {
            return true; // never aggregated with buffers (Grizzly would cast it to one)
        }
    }
}
