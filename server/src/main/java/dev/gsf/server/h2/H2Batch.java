package dev.gsf.server.h2;

import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.CompositeBuffer;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * What one {@link H2Writer} batch carries, its frames as bytes in wire order (each DATA payload copied from its
 * source, on h2c as over TLS: see docs/http2.md, "Zero-copy on h2c"), and whom to tell when it is out: the writes it
 * completes, those that failed while it was built, the streams it ends.
 *
 * <p>Threads: filled under the writer's lock by the thread building it; written by that thread; Grizzly tells its end
 * on the writing or a selector thread.
 */
final class H2Batch implements CompletionHandler<WriteResult> {
    static final int FRAME_HEADER = 9;

    record Failure(Written done, Throwable cause) {
    }

    /** The frames, in wire order. */
    final List<ByteBuffer> parts = new ArrayList<>();
    final List<Written> written = new ArrayList<>();
    final List<Failure> failed = new ArrayList<>();
    final List<H2Stream> ended = new ArrayList<>();
    final boolean closeAfter;
    long dataBytes;
    /** Built on the reading thread, which left a stream's frames that must be read from its file. */
    boolean fileFramesLeft;
    private final H2Writer writer;
    // guarded by the writer's lock
    private boolean returned;
    private boolean doneInline;
    private Throwable failure;

    H2Batch(H2Writer writer, boolean closeAfter) {
        this.writer = writer;
        this.closeAfter = closeAfter;
    }

    /** Queues the batch on {@code connection} as one write, its frames as one buffer; this batch hears its end. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // Grizzly's write takes a handler typed by the message
    void write(Connection<?> connection) {
        MemoryManager<?> memory = connection.getMemoryManager();
        CompositeBuffer frames = CompositeBuffer.newBuffer(memory);
        for (ByteBuffer part : parts) {
            frames.append(Buffers.wrap(memory, part));
        }
        ((Connection) connection).write(frames, this);
    }

    /**
     * Adds a DATA frame of stream {@code id} carrying the next {@code length} bytes of {@code source}, read into the
     * frame (a zero-copy section too: h2c sends no payload by sendfile, see docs/http2.md). END_STREAM when they are
     * the source's last and {@code endAfter}; returns whether they are its last.
     */
    boolean addData(H2Stream.Source source, int length, boolean endAfter, int id) throws IOException {
        ByteBuffer frame = ByteBuffer.allocate(FRAME_HEADER + length).position(FRAME_HEADER);
        while (frame.hasRemaining()) {
            if (source.readInto(frame) <= 0) {
                throw new IOException("the file ended early");
            }
        }
        frame.flip();
        boolean last = source.remaining() == 0;
        parts.add(dataHeader(frame, length, last && endAfter, id));
        return last;
    }

    /** A DATA frame's header, RFC 9113 §4.1: length (24 bits), type DATA (0), flags (END_STREAM), stream id. */
    static ByteBuffer dataHeader(ByteBuffer frame, int length, boolean endStream, int streamId) {
        return frame.put(0, (byte) (length >>> 16)).put(1, (byte) (length >>> 8)).put(2, (byte) length)
                .put(3, (byte) 0).put(4, (byte) (endStream ? 1 : 0)).putInt(5, streamId & Integer.MAX_VALUE);
    }

    /** Under the writer's lock: whether the write completed before the write call returned. */
    boolean completedInline() {
        returned = true;
        return doneInline;
    }

    @Override
    public void completed(WriteResult result) {
        finished(null);
    }

    @Override
    public void failed(Throwable cause) {
        finished(cause);
    }

    @Override
    public void cancelled() {
        finished(new IOException("write cancelled"));
    }

    @Override
    public void updated(WriteResult result) {
    }

    private void finished(Throwable cause) {
        synchronized (writer) {
            failure = cause;
            writer.batchWritten();
            if (!returned) {
                doneInline = true;
                return;
            }
        }
        tell();
        writer.flush();
    }

    /** Tells the writes of this batch how it went; closes the connection after GOAWAY or a failed write. */
    void tell() {
        for (Failure f : failed) {
            if (f.done() != null) {
                f.done().failed(f.cause());
            }
        }
        for (Written w : written) {
            if (failure == null) {
                w.completed();
            } else {
                w.failed(failure);
            }
        }
        writer.ended(ended, failure != null, closeAfter);
    }
}
