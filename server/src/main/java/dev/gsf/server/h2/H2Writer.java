package dev.gsf.server.h2;

import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.generator.Generator;
import org.eclipse.jetty.http2.hpack.HpackException;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;
import org.glassfish.grizzly.Connection;

/**
 * Everything an HTTP/2 connection sends, in the order it goes on the wire: control frames first, then the streams
 * that have a write waiting, round-robin, one DATA frame each per turn, each frame as long as the peer's
 * SETTINGS_MAX_FRAME_SIZE (at most {@code h2-max-frame}) and the stream's and the connection's send windows allow. One
 * batch is in flight at a time, of at most {@code h2-in-flight} bytes of DATA: that bound, not the windows the
 * client opens, caps what a connection holds in memory, and a full socket pushes back on every stream through it.
 * Frames and HPACK are Jetty's ({@link Generator}); a DATA frame's 9-byte header is written here, right before the
 * payload the stream's file section copies after it.
 *
 * <p>Threads: any thread submits; a batch is built by whichever thread finds the writer idle (an algorithm's thread,
 * the selector thread that completed the last batch, or the reading thread once it has parsed what it read), under
 * this object's lock. HPACK's encoder state follows the build order, which is the wire order.
 */
final class H2Writer {
    /** h2-in-flight (DATA one batch, so a connection, holds at most) and h2-max-frame (whatever the peer allows). */
    private final int inFlightBound;
    private final int maxFrameCap;
    private final Connection<?> connection;
    private final FrameSlabs slabs;
    private final Generator generator = new Generator(ByteBufferPool.NON_POOLING);
    private final ArrayDeque<ByteBuffer> control = new ArrayDeque<>();
    private final ArrayDeque<H2Stream> ready = new ArrayDeque<>();
    private final H2Connection owner;
    private long window = 65_535; // the connection's send window
    private int maxFrame = 16_384;
    private boolean writing;
    private boolean flushing;
    private boolean again;
    /** A flush asked for while the reading thread parses, done by it once the bytes read are parsed. */
    private boolean deferred;
    /** GOAWAY queued: nothing after it; the connection closes once it is out (lingering, or at once). */
    private boolean closing;
    private boolean lastBuilt; // the batch carrying it is built: none follows (docs/http2.md, "Drain and close")
    private volatile boolean lingerAfter;
    private boolean closed;

    H2Writer(Connection<?> connection, H2Connection owner, int maxFrameCap, int inFlightBound, FrameSlabs slabs) {
        this.connection = connection;
        this.slabs = slabs;
        this.maxFrameCap = maxFrameCap;
        this.inFlightBound = inFlightBound;
        this.owner = owner;
    }

    /** Queues a control frame (SETTINGS, PING, WINDOW_UPDATE, RST_STREAM, GOAWAY). */
    synchronized void control(Frame frame) {
        if (closed || closing) {
            return; // nothing goes after our last GOAWAY
        }
        try {
            RetainableByteBuffer.Mutable out = new RetainableByteBuffer.DynamicCapacity();
            generator.control(out, frame);
            control.add(ByteBuffer.wrap(out.takeByteArray()));
        } catch (HpackException e) {
            throw new IllegalStateException(e); // control frames carry no header block
        }
    }

    /** The peer's SETTINGS_MAX_FRAME_SIZE (already checked to lie in 16384..16777215). */
    synchronized void maxFrameSize(int size) {
        maxFrame = Math.min(size, maxFrameCap);
        generator.setMaxFrameSize(size);
    }

    /** The peer's SETTINGS_HEADER_TABLE_SIZE (unsigned, 32 bits): the encoder's table, at most 4096 bytes. */
    synchronized void headerTableSize(int size) {
        generator.getHpackEncoder().setTableCapacity((int) Math.min(Integer.toUnsignedLong(size), 4096));
    }

    /** Opens the connection's send window by {@code delta}; false when it would pass 2^31-1. */
    synchronized boolean openWindow(long delta) {
        if (window + delta > Integer.MAX_VALUE) {
            return false;
        }
        window += delta;
        return true;
    }

    /** Opens {@code stream}'s send window by {@code delta}; false when it would pass 2^31-1. */
    synchronized boolean openWindow(H2Stream stream, long delta) {
        if (stream.window + delta > Integer.MAX_VALUE) {
            return false;
        }
        stream.window += delta;
        if (stream.pending != null) {
            enqueue(stream);
        }
        return true;
    }

    /**
     * Hands {@code stream}'s next write over: its head first when not null, then {@code bytes} (none when null), then
     * END_STREAM when {@code end}. {@code done} (may be null) is told once all of it has gone out, or failed.
     */
    void submit(H2Stream stream, MetaData.Response head, H2Stream.Source bytes, Written done, boolean end) {
        boolean refused;
        synchronized (this) {
            refused = closed || closing || stream.closed;
            if (refused) {
                stream.closed = true; // the connection's GOAWAY or close ends it: no RST_STREAM INTERNAL_ERROR after
            } else {
                stream.head = head;
                stream.pending = bytes == null ? H2Stream.Source.of(ByteBuffer.allocate(0)) : bytes;
                stream.done = done;
                stream.endAfter = end;
                enqueue(stream);
            }
        }
        if (refused) {
            if (done != null) {
                done.failed(new IOException("HTTP/2 stream " + stream.id + " is closed"));
            }
            return;
        }
        flush();
    }

    /** Resets {@code stream} with {@code error}: its waiting write fails, nothing more of it is sent. */
    void reset(H2Stream stream, ErrorCode error) {
        Written failed;
        synchronized (this) {
            failed = dropStream(stream);
            control(new ResetFrame(stream.id, error.code));
        }
        owner.streamEnded(stream);
        if (failed != null) {
            failed.failed(new IOException("HTTP/2 stream " + stream.id + " reset: " + error));
        }
        flush();
    }

    /** {@code stream} was reset by the peer: as {@link #reset}, without a frame of ours. */
    void peerReset(H2Stream stream) {
        Written failed;
        synchronized (this) {
            failed = dropStream(stream);
        }
        if (failed != null) {
            failed.failed(new IOException("HTTP/2 stream " + stream.id + " reset by the client"));
        }
    }

    private Written dropStream(H2Stream stream) {
        stream.closed = true;
        ready.remove(stream);
        stream.queued = false;
        Written failed = stream.done;
        stream.done = null;
        stream.pending = null;
        return failed;
    }

    /** Sends GOAWAY ({@code frame}), then closes the connection (lingering, or at once); no more DATA goes out. */
    void goAway(Frame frame, boolean linger) {
        synchronized (this) {
            if (closing) {
                return; // one GOAWAY is enough: the connection is closing already
            }
            control(frame);
            closing = true;
            lingerAfter = linger;
        }
        flush();
    }

    /** The connection is gone: the waiting write of every stream in {@code open} fails (in line or parked). */
    void closed(Iterable<H2Stream> open) {
        List<Written> failed = new ArrayList<>();
        synchronized (this) {
            closed = true;
            for (H2Stream stream : open) {
                Written done = dropStream(stream);
                if (done != null) {
                    failed.add(done);
                }
            }
            ready.clear();
            control.clear();
        }
        failed.forEach(w -> w.failed(new IOException("HTTP/2 connection closed")));
    }

    private void enqueue(H2Stream stream) {
        if (!stream.queued) {
            stream.queued = true;
            ready.add(stream);
        }
    }

    /** Whether a flush was asked for on the reading thread since the last call. */
    synchronized boolean takeDeferred() {
        boolean was = deferred;
        deferred = false;
        return was;
    }

    /**
     * Builds and writes batches until nothing is left or a write waits on the socket; a thread that finds another
     * flushing leaves the work to it. A batch written at once is told on this thread, after the write call returned,
     * so that an algorithm's next write never recurses into this one.
     */
    void flush() {
        if (owner.onReadingThread()) {
            synchronized (this) {
                deferred = true; // one batch for all the frames these bytes asked for, once they are parsed
            }
            return;
        }
        flush(false);
    }

    /**
     * The reading thread's flush, once it has parsed what it read: the batches carry control frames and bodies held
     * in memory only; a stream whose next frame must be read from its file is left to a virtual thread, so that no
     * file is read on the thread that reads the connection.
     */
    void flushAfterRead() {
        if (flush(true)) {
            Thread.ofVirtual().name("h2-frames").start(this::flush);
        }
    }

    /** As {@link #flush()}; with {@code memoryOnly}, returns whether a stream's file frames were left unbuilt. */
    private boolean flush(boolean memoryOnly) {
        boolean left = false;
        synchronized (this) {
            if (flushing) {
                again = true;
                return false;
            }
            flushing = true;
        }
        while (true) {
            H2Batch batch;
            synchronized (this) {
                again = false;
                batch = writing || closed || lastBuilt ? null : new H2Batch(this, closing, slabs);
                closed |= batch != null && !batch.built(() -> build(batch, memoryOnly)); // a bug: nothing more is built
                left |= batch != null && batch.fileFramesLeft;
                if (batch == null || batch.isEmpty()) {
                    flushing = false;
                    return left;
                }
                writing = true;
            }
            batch.write(connection);
            boolean inline;
            synchronized (this) {
                inline = batch.completedInline();
                if (!inline && !(again && !writing)) {
                    flushing = false;
                    return left;
                }
            }
            if (inline) {
                batch.tell();
            }
        }
    }

    /** Under the lock: the batch in flight is out (or failed). */
    void batchWritten() {
        writing = false;
    }

    /** After a batch: {@code streams} have ended; the connection closes after a failed write, or GOAWAY. */
    void ended(List<H2Stream> streams, boolean failed, boolean goneAway) {
        streams.forEach(owner::streamEnded);
        if (goneAway && !failed && lingerAfter) {
            owner.linger();
        } else if (failed || goneAway) {
            connection.closeSilently();
        }
    }

    /** Builds the next batch: control frames, then streams round-robin (memory only if {@code memoryOnly}). */
    private void build(H2Batch batch, boolean memoryOnly) {
        while (!control.isEmpty()) {
            batch.add(control.poll());
        }
        if (closing) {
            lastBuilt = true;
            return;
        }
        int turns = ready.size() * 2 + 1;
        while (!ready.isEmpty() && turns-- > 0) {
            H2Stream stream = ready.poll();
            stream.queued = false;
            if (memoryOnly && stream.pending != null && stream.pending.fromFile()) {
                batch.fileFramesLeft = true;
                enqueue(stream);
                continue;
            }
            if (!stream.closed && !turn(stream, batch, inFlightBound - batch.dataBytes)) {
                enqueue(stream);
            }
            if (batch.dataBytes >= inFlightBound) { // not at a window of 0: the other streams' HEADERS go on
                break;
            }
        }
    }

    /** One stream's turn: its head, then one DATA frame; true when its write is done or it waits for its window. */
    private boolean turn(H2Stream stream, H2Batch batch, long budget) {
        H2Stream.Source pending = stream.pending;
        boolean bodyLeft = pending != null && pending.remaining() > 0;
        if (stream.head != null) {
            if (!headers(stream, batch, stream.endAfter && !bodyLeft)) {
                return true;
            }
            if (!bodyLeft) {
                return finishWrite(stream, batch, false);
            }
        }
        if (!bodyLeft) { // an empty write: END_STREAM alone, or nothing
            return finishWrite(stream, batch, stream.endAfter);
        }
        long length = Math.min(Math.min(pending.remaining(), stream.window), Math.min(window, maxFrame));
        length = Math.min(length, budget);
        if (length <= 0) {
            return stream.window <= 0; // parked until a WINDOW_UPDATE for it; else back in line
        }
        boolean last;
        try {
            last = batch.addData(pending, (int) length, stream.endAfter, stream.id);
        } catch (IOException e) {
            failStream(stream, batch, e);
            return true;
        }
        return sent(stream, batch, length, last);
    }

    /** A DATA frame of {@code length} bytes of {@code stream} is in the batch; as {@link #turn} returns. */
    private boolean sent(H2Stream stream, H2Batch batch, long length, boolean last) {
        batch.dataBytes += length;
        stream.window -= length;
        window -= length;
        return !last ? stream.window <= 0 : finishWrite(stream, batch, false);
    }

    /** The stream's write is out with this batch: told when it is written; END_STREAM first when {@code end}. */
    private boolean finishWrite(H2Stream stream, H2Batch batch, boolean end) {
        if (end) {
            batch.add(H2Batch.dataHeader(ByteBuffer.allocate(H2Batch.FRAME_HEADER), 0, true, stream.id));
        }
        if (stream.done != null) {
            batch.written.add(stream.done);
        }
        if (stream.endAfter) {
            stream.closed = true;
            batch.ended.add(stream);
        }
        stream.done = null;
        stream.pending = null;
        return true;
    }

    /** HEADERS (and CONTINUATION) of the stream's head; false when it cannot be encoded (the stream is reset). */
    private boolean headers(H2Stream stream, H2Batch batch, boolean endStream) {
        try {
            RetainableByteBuffer.Mutable out = new RetainableByteBuffer.DynamicCapacity();
            generator.control(out, new HeadersFrame(stream.id, stream.head, null, endStream));
            batch.add(ByteBuffer.wrap(out.takeByteArray()));
            stream.head = null;
            return true;
        } catch (HpackException e) {
            failStream(stream, batch, e);
            return false;
        }
    }

    /** {@code stream}'s write failed while the batch was built: it is reset, its write told so with the batch. */
    private void failStream(H2Stream stream, H2Batch batch, Exception cause) {
        batch.failed.add(new H2Batch.Failure(stream.done, cause));
        dropStream(stream);
        control(new ResetFrame(stream.id, ErrorCode.INTERNAL_ERROR.code));
        batch.ended.add(stream);
    }
}
