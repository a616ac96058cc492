package dev.gsf.server.h2;

import dev.gsf.algorithms.WriteSink.Written;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.generator.Generator;
import org.eclipse.jetty.http2.hpack.HpackException;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;

/**
 * What a connection's next batch holds, in wire order: the control frames queued, then the streams that have a write
 * waiting, round-robin, one DATA frame each per turn (on h2c, file bytes copied: a run of frames read at once, at most
 * a slab's, 64 KiB with 16 KiB frames: {@link H2Batch#addDataRun}), each frame as long as the peer's
 * SETTINGS_MAX_FRAME_SIZE (at most {@code h2-max-frame}), the stream's and the connection's send windows and the
 * batch's bound on DATA ({@code h2-in-flight}) allow. It keeps the send windows, the queues and Jetty's
 * {@link Generator} (HPACK's encoder state follows the build order, which is the wire order); a DATA frame's 9-byte
 * header is the batch's, written right before the payload the stream's file section copies after it.
 *
 * <p>Threads: not thread-safe; every call is made under the lock of the {@link H2Writer} that owns it.
 */
final class H2Scheduler {
    private final int inFlightBound;
    private final int maxFrameCap;
    private final Generator generator = new Generator(ByteBufferPool.NON_POOLING);
    private final ArrayDeque<ByteBuffer> control = new ArrayDeque<>();
    private final ArrayDeque<H2Stream> ready = new ArrayDeque<>();
    private long window = 65_535; // the connection's send window
    private int maxFrame = 16_384;

    /** {@code maxFrameCap}: h2-max-frame (whatever the peer allows); {@code inFlightBound}: h2-in-flight. */
    H2Scheduler(int maxFrameCap, int inFlightBound) {
        this.maxFrameCap = maxFrameCap;
        this.inFlightBound = inFlightBound;
    }

    /** Queues a control frame (SETTINGS, PING, WINDOW_UPDATE, RST_STREAM, GOAWAY). */
    void control(Frame frame) {
        control.add(encode(frame));
    }

    private ByteBuffer encode(Frame frame) {
        try {
            RetainableByteBuffer.Mutable out = new RetainableByteBuffer.DynamicCapacity();
            generator.control(out, frame);
            return ByteBuffer.wrap(out.takeByteArray());
        } catch (HpackException e) {
            throw new IllegalStateException(e); // control frames carry no header block
        }
    }

    /** The peer's SETTINGS_MAX_FRAME_SIZE (already checked to lie in 16384..16777215). */
    void maxFrameSize(int size) {
        maxFrame = Math.min(size, maxFrameCap);
        generator.setMaxFrameSize(size);
    }

    /** The peer's SETTINGS_HEADER_TABLE_SIZE (unsigned, 32 bits): the encoder's table, at most 4096 bytes. */
    void headerTableSize(int size) {
        generator.getHpackEncoder().setTableCapacity((int) Math.min(Integer.toUnsignedLong(size), 4096));
    }

    /** Opens the connection's send window by {@code delta}; false when it would pass 2^31-1. */
    boolean openWindow(long delta) {
        if (window + delta > Integer.MAX_VALUE) {
            return false;
        }
        window += delta;
        return true;
    }

    /** Opens {@code stream}'s send window by {@code delta}; false when it would pass 2^31-1. */
    boolean openWindow(H2Stream stream, long delta) {
        if (stream.window + delta > Integer.MAX_VALUE) {
            return false;
        }
        stream.window += delta;
        if (stream.pending != null) {
            enqueue(stream);
        }
        return true;
    }

    /** Puts {@code stream} in line for a turn, once. */
    void enqueue(H2Stream stream) {
        if (!stream.queued) {
            stream.queued = true;
            ready.add(stream);
        }
    }

    /** {@code stream} is closed and out of line; returns its waiting write (null if none), which the caller fails. */
    Written drop(H2Stream stream) {
        stream.closed = true;
        ready.remove(stream);
        stream.queued = false;
        Written failed = stream.done;
        stream.done = null;
        stream.pending = null;
        return failed;
    }

    /** The connection is gone: nothing more is sent. */
    void clear() {
        ready.clear();
        control.clear();
    }

    /** Moves every control frame queued into {@code batch}. */
    void controlInto(H2Batch batch) {
        while (!control.isEmpty()) {
            batch.add(control.poll());
        }
    }

    /**
     * The streams' turns, round-robin, into {@code batch} (bodies held in memory only if {@code memoryOnly}), until
     * the batch holds {@code h2-in-flight} bytes of DATA or a round of turns adds none. (At most 2n+1 turns for n
     * streams cut one stream's batch at 3 frames, 48 KiB with 16 KiB frames, whatever h2-in-flight allowed.)
     */
    void streamsInto(H2Batch batch, boolean memoryOnly) {
        int idleTurns = ready.size() + 1; // turns in a row that added no DATA before giving up
        while (!ready.isEmpty() && idleTurns-- > 0) {
            long before = batch.dataBytes;
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
            if (batch.dataBytes > before) {
                idleTurns = ready.size() + 1;
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
            if (batch.gathers(pending, maxFrame)) { // a run of frames read at once: see H2Batch.addDataRun
                long wanted = Math.min(Math.min(pending.remaining(), stream.window), Math.min(window, budget));
                length = batch.runRoom(wanted, maxFrame);
                last = batch.addDataRun(pending, (int) length, maxFrame, stream.endAfter, stream.id);
            } else {
                if (batch.bySendfile(pending)) {
                    stream.sendfileBatch = batch; // its file is read when the batch is written: H2Batch.failWhenOut
                }
                last = batch.addData(pending, (int) length, stream.endAfter, stream.id);
            }
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
            batch.addDataHeader(0, true, stream.id);
        }
        if (stream.done != null) {
            batch.written.add(stream.done);
            stream.writtenIn = batch;
            stream.writtenDone = stream.done;
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

    /**
     * {@code stream}'s write failed while the batch was built (its file ended early): it is reset, its write told so
     * with the batch. The RST_STREAM goes in this batch, so that the batch is never empty and is told: an empty one
     * is not written, and the failure would never reach the download (which would wait on its write for good).
     */
    private void failStream(H2Stream stream, H2Batch batch, Exception cause) {
        batch.failed.add(new H2Batch.Failure(stream.done, cause));
        drop(stream);
        batch.add(encode(new ResetFrame(stream.id, ErrorCode.INTERNAL_ERROR.code)));
        batch.ended.add(stream);
    }
}
