package dev.gsf.server.send;

import dev.gsf.algorithms.Download;
import dev.gsf.algorithms.Outcome;
import dev.gsf.algorithms.WriteSink;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.function.Supplier;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * The {@link WriteSink} of a plain GET that {@code FileHandler} answers where {@code StrictHttpFilter} read it: the
 * head, already encoded, goes out gathered with the download's first write, below Grizzly's HTTP codec, and no
 * Grizzly Request or Response exists for it (at 10,000 slow downloads those held half the heap). A small file's
 * download is that one write (the fast path). A longer one is held ({@link DownloadHold}), so that the connection reads
 * nothing (no next request, not its end of stream) while its body is sent, and released when the download ends; a
 * download that fails before its first byte is answered 500, one that ends otherwise drops the connection.
 *
 * <p>Threads: the first write starts on the thread that read the request, or on the algorithm's; callbacks may run
 * later on a selector thread. The fast path's write starts before the filter returns (its context is recycled then);
 * a held download writes through a context of its own.
 */
public final class PlainSink extends ConnectionSink {
    /** A first write off the fast path: the head (a few hundred bytes) and at most the gathered body bytes. */
    private static final int FIRST_WRITE_SIZE = Download.GATHERED + 4096;
    /** Idle direct buffers for first writes; one is taken only while its write is in flight, at most 64 kept. */
    private static final ArrayBlockingQueue<ByteBuffer> FIRST_WRITES = new ArrayBlockingQueue<>(64);

    private final byte[] head;
    private final DownloadHold held;
    private final Supplier<byte[]> serverError;

    /**
     * @param body        how the body's sections reach the connection (its writer picked for {@code context})
     * @param held        what keeps the connection from reading until the download ends, told then; null on the
     *                    fast path
     * @param serverError the whole 500 response of a download that fails before its first write
     * @param noPush      whether to cork the socket over writes that follow one another (tcp-nopush)
     */
    public PlainSink(FilterChainContext context, BodyWriter body, byte[] head, DownloadHold held,
                     Supplier<byte[]> serverError, boolean noPush) {
        super(context, body, held != null, noPush);
        this.head = head;
        this.held = held;
        this.serverError = serverError;
    }

    @Override
    public void writeFirst(ByteBuffer bytes, boolean more, Written sent) {
        MemoryManager<?> memory = context.getMemoryManager();
        headSent = true;
        Written done = firstWritten(noPush.forWrite(more, sent));
        if (suspended && head.length + bytes.remaining() <= FIRST_WRITE_SIZE) {
            // Grizzly copies heap bytes into a direct buffer of the writing thread's own (DirectByteBufferRecord)
            // and keeps it for that thread's life: VTA's virtual thread per download kept one each, 120-200 MB at
            // 10,000 downloads (a pool's worker one each). A direct buffer from this pool is written as it is and
            // comes back after. (The fast path writes on the selector threads: a few records in all.)
            ByteBuffer direct = FIRST_WRITES.poll();
            ByteBuffer whole = (direct != null ? direct : ByteBuffer.allocateDirect(FIRST_WRITE_SIZE)).clear();
            whole.put(head).put(bytes).flip();
            Buffer out = Buffers.wrap(memory, whole);
            out.allowBufferDispose(false); // the pool's
            context.write(out, WriteHandler.releasing(() -> FIRST_WRITES.offer(whole), done));
            return;
        }
        Buffer body = Buffers.wrap(memory, bytes);
        body.allowBufferDispose(false); // the algorithm's (or the cache's shared) bytes
        context.write(Buffers.appendBuffers(memory, Buffers.wrap(memory, head), body), WriteHandler.of(done));
    }

    @Override
    public boolean clientGone() {
        return suspended ? hasLeft() : !connection.isOpen();
    }

    @Override
    public void end(Outcome outcome) {
        boolean answered = outcome == Outcome.COMPLETED;
        if (outcome == Outcome.SERVER_ERROR && !headSent && suspended && connection.isOpen()) {
            answeredServerError = true;
            context.write(Buffers.wrap(context.getMemoryManager(), serverError.get()));
            answered = true;
        }
        if (!answered) {
            abort();
        } else if (suspended) {
            noPush.uncork(); // (the last write already did, unless the algorithm said more followed it)
        }
        if (held != null) {
            held.ended(answered); // the connection reads again, or drops what waited
        }
    }
}
