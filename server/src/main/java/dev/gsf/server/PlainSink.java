package dev.gsf.server;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.WriteSink;
import java.nio.ByteBuffer;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * The {@link WriteSink} of a plain GET that {@link FileHandler} answers where {@link StrictHttpFilter} read it: the
 * head, already encoded, goes out gathered with the body in the download's one write (the fast path's), below
 * Grizzly's HTTP codec. A download that ends otherwise than complete drops the connection.
 *
 * <p>Threads: the write starts on the thread that read the request, before the filter returns (the filter's context
 * is recycled after that); its callback may run later on a selector thread.
 */
final class PlainSink implements WriteSink {
    private final FilterChainContext context;
    private final Connection<?> connection;
    private final byte[] head;

    PlainSink(FilterChainContext context, byte[] head) {
        this.context = context;
        this.connection = context.getConnection();
        this.head = head;
    }

    @Override
    public void writeFirst(ByteBuffer bytes, Written done) {
        MemoryManager<?> memory = context.getMemoryManager();
        Buffer body = Buffers.wrap(memory, bytes);
        body.allowBufferDispose(false); // the algorithm's (or the cache's shared) bytes
        context.write(Buffers.appendBuffers(memory, Buffers.wrap(memory, head), body), ResponseSink.handler(done));
    }

    @Override
    public void write(FileSection section, Written done) {
        throw new IllegalStateException("a plain GET is answered in one write"); // Admission.sendNow ensures it
    }

    @Override
    public boolean clientGone() {
        return !connection.isOpen();
    }

    @Override
    public void end(Outcome outcome) {
        if (outcome != Outcome.COMPLETED) {
            connection.terminateSilently();
        }
    }
}
