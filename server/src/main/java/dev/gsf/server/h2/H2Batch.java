package dev.gsf.server.h2;

import dev.gsf.algorithms.FileSection;
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
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * What one {@link H2Writer} batch carries, in wire order (frames as bytes, and DATA payloads sent by sendfile between
 * them), and whom to tell when it is out: the writes it completes, those that failed while it was built, the streams
 * it ends.
 *
 * <p>Threads: filled under the writer's lock by the thread building it; written by that thread; Grizzly tells its end
 * on the writing or a selector thread.
 */
final class H2Batch implements CompletionHandler<WriteResult> {
    static final int FRAME_HEADER = 9;

    record Failure(Written done, Throwable cause) {
    }

    /** {@link ByteBuffer} frames and {@link H2Wire.Payload}s (sent by sendfile), in wire order. */
    final List<Object> parts = new ArrayList<>();
    final List<Written> written = new ArrayList<>();
    final List<Failure> failed = new ArrayList<>();
    final List<H2Stream> ended = new ArrayList<>();
    /** Sources whose bytes went by sendfile in this batch. */
    final List<H2Stream.Source> sentByKernel = new ArrayList<>();
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

    /**
     * Queues the batch on {@code connection} as one write, which this batch hears the end of: its frames as one buffer,
     * or, when DATA payloads go by sendfile between them, an {@link H2Wire} (see there why not a write each).
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // Grizzly's write takes a handler typed by the message
    void write(Connection<?> connection) {
        if (!sentByKernel.isEmpty()) {
            ((Connection) connection).write(new H2Wire(parts, ((NIOConnection) connection).getAsyncWriteQueue()), this);
            return;
        }
        MemoryManager<?> memory = connection.getMemoryManager();
        CompositeBuffer frames = CompositeBuffer.newBuffer(memory);
        for (Object part : parts) {
            frames.append(Buffers.wrap(memory, (ByteBuffer) part));
        }
        ((Connection) connection).write(frames, this);
    }

    /**
     * Adds a DATA frame of stream {@code id} carrying the next {@code length} bytes of {@code source}: read into the
     * frame, or, when {@code sendfile} and the source is a zero-copy section, sent by sendfile right after the
     * frame's header (h2c, as nginx does). END_STREAM when they are the source's last and {@code endAfter}; returns
     * whether they are its last.
     */
    boolean addData(H2Stream.Source source, int length, boolean endAfter, int id, boolean sendfile)
            throws IOException {
        FileSection byKernel = sendfile ? source.zeroCopy() : null;
        ByteBuffer frame;
        if (byKernel != null) {
            source.assign(length);
            frame = ByteBuffer.allocate(FRAME_HEADER);
        } else {
            frame = ByteBuffer.allocate(FRAME_HEADER + length).position(FRAME_HEADER);
            while (frame.hasRemaining()) {
                if (source.readInto(frame) <= 0) {
                    throw new IOException("the file ended early");
                }
            }
            frame.flip();
        }
        boolean last = source.remaining() == 0;
        parts.add(dataHeader(frame, length, last && endAfter, id));
        if (byKernel != null) {
            parts.add(new H2Wire.Payload(byKernel, length));
            sentByKernel.add(source);
        }
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
            writer.batchWritten(this);
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
