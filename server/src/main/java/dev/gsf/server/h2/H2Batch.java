package dev.gsf.server.h2;

import dev.gsf.algorithms.FileSection;
import dev.gsf.algorithms.WriteSink.Written;
import dev.gsf.server.send.ConnectionSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.CompositeBuffer;
import org.glassfish.grizzly.memory.MemoryManager;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * What one {@link H2Writer} batch carries, its frames as bytes in wire order, and whom to tell when it is out: the
 * writes it completes, those that failed while it was built, the streams it ends. The frames are built one after the
 * other in direct slabs ({@link FrameSlabs}), each DATA payload read from its source straight into its frame, so the
 * batch goes out as one gathering write of a few contiguous segments; the slabs go back once it is written. On a
 * plain connection the file bytes of a stream's turn are read at once into a slab of their own, a run of frames whose
 * 9-byte headers are segments between the payload's ({@link #addDataRun}), or, for a zero-copy section (frames of
 * at least {@link #SENDFILE_FRAME_MIN}), not read at all: only each frame's header goes in the slab, its payload by
 * sendfile right after it. A plain connection's batch is written by {@link SendfileFrames}, as far as the socket
 * takes it each time.
 *
 * <p>Threads: filled under the writer's lock by the thread building it; written by that thread; Grizzly tells its end
 * on the writing or a selector thread.
 */
final class H2Batch implements CompletionHandler<WriteResult> {
    static final int FRAME_HEADER = 9;
    /**
     * The shortest DATA frame whose payload goes by sendfile on a plain connection, where its section allows (a body
     * of at least {@link H2Stream.Source#SENDFILE_MIN}, zero-copy on): 32 KiB. Shorter frames (16 KiB: h2load's,
     * curl's) are copied in runs ({@link #addDataRun}) while few slabs are in use ({@link FrameSlabs#fewInUse}): 15
     * pread + 15 writev per MB against 61 writev + 61 sendfile, the server's CPU per GB within sendfile's spread, the
     * receiving h2load's about half (on loopback, sharing the cores: throughput). With 64 KiB frames copying cost more
     * (docs/results/2026-11-28-h2c-gathered-frames.md, 2026-11-28-h2c-runs-for-small-frames.md).
     */
    static final int SENDFILE_FRAME_MIN = 32_768;
    private static final Logger LOG = Logger.getLogger(H2Batch.class.getName());

    record Failure(Written done, Throwable cause) {
    }

    /** The frames written so far, in wire order: slab segments, and heap buffers when no slab would hold them. */
    private final List<ByteBuffer> segments = new ArrayList<>();
    private final List<ByteBuffer> taken = new ArrayList<>();
    private final FrameSlabs slabs;
    /** Payloads sent by sendfile between the segments; only when {@link #plain}. */
    private final List<SendfileFrames.Payload> payloads = new ArrayList<>();
    /**
     * A plain connection's socket, which payloads of zero-copy sections go to by sendfile; copied file bytes go in
     * gathered runs, and the batch is written by {@link SendfileFrames}. Null over TLS.
     */
    private final ConnectionSocket plain;
    /** Whether this batch copies in runs the bytes that sendfile could carry in frames under the minimum. */
    private final boolean runsForSendable;
    /** The slab frames are added to (its position the end of the last), and where its unlisted segment starts. */
    private ByteBuffer slab;
    private int segmentStart;
    final List<Written> written = new ArrayList<>();
    final List<Failure> failed = new ArrayList<>();
    /** Writes of streams dropped while this batch still had their payloads to send by sendfile: failed once out. */
    private final List<Failure> afterOut = new ArrayList<>();
    final List<H2Stream> ended = new ArrayList<>();
    final boolean closeAfter;
    long dataBytes;
    /** Built on the reading thread, which left a stream's frames that must be read from its file. */
    boolean fileFramesLeft;
    private final H2Writer writer;
    // guarded by the writer's lock
    private boolean returned;
    private boolean doneInline;
    /** Written or failed: it sends nothing more. */
    private boolean out;
    private Throwable failure;

    H2Batch(H2Writer writer, boolean closeAfter, FrameSlabs slabs, ConnectionSocket plain) {
        this.writer = writer;
        this.plain = plain;
        this.closeAfter = closeAfter;
        this.slabs = slabs;
        this.runsForSendable = plain != null && slabs.fewInUse();
    }

    /** Whether no frame was added; its slabs go back then (an empty batch is not written). */
    boolean isEmpty() {
        boolean empty = failure == null && segments.isEmpty() && (slab == null || slab.position() == segmentStart);
        if (empty) {
            recycle(true);
        }
        return empty;
    }

    /** Adds a frame already built ({@code frame}'s remaining bytes). */
    void add(ByteBuffer frame) {
        ByteBuffer room = room(frame.remaining());
        if (room == null) {
            segments.add(frame);
        } else {
            int length = frame.remaining();
            room.put(frame);
            slab.position(slab.position() + length);
        }
    }

    /**
     * {@code length} bytes of slab right after the last frame, for the next one (added once {@code slab}'s position
     * moves past it); null when no slab would hold them (the segment so far is listed then, as the frame must follow).
     */
    private ByteBuffer room(int length) {
        if (slab == null || slab.remaining() < length) {
            listSegment();
            ByteBuffer next = length <= slabs.size() ? slabs.take() : null;
            if (next == null) {
                return null;
            }
            taken.add(next);
            slab = next;
            segmentStart = 0;
        }
        return slab.slice(slab.position(), length);
    }

    /** Lists the slab's bytes added since its last listed segment. */
    private void listSegment() {
        if (slab != null && slab.position() > segmentStart) {
            segments.add(slab.slice(segmentStart, slab.position() - segmentStart));
            segmentStart = slab.position();
        }
    }

    /**
     * Under the writer's lock: runs {@code build} (the writer's, filling this batch); false when it threw, a bug. The
     * batch is broken then: its slabs go back at once, it is not written but ends as a failed write, at once (its
     * writes fail, its streams end, {@link #tell} closes the connection, whose close fails the other streams' writes),
     * so that no slab stays counted in use and no download waits on a writer that builds no more.
     */
    boolean built(Runnable build) {
        try {
            build.run();
            return true;
        } catch (RuntimeException | Error e) {
            LOG.log(Level.WARNING, "HTTP/2 batch failed to build; the connection closes", e);
            failure = e;
            doneInline = true;
            out = true;
            recycle(true); // nothing was written from them
            return false;
        }
    }

    /**
     * Queues the batch on {@code connection} as one write of its segments (with its sendfile payloads, if any); this
     * batch hears its end.
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // Grizzly's write takes a handler typed by the message
    void write(Connection<?> connection) {
        if (failure != null) {
            return; // broken while built: ended already (see built)
        }
        listSegment();
        if (plain != null) { // all the batch's segments (and payloads by sendfile) go as far as the socket takes them
            TaskQueue<?> queue = ((NIOConnection) connection).getAsyncWriteQueue();
            ((Connection) connection).write(new SendfileFrames(segments, payloads, queue, plain), this);
            return;
        }
        MemoryManager<?> memory = connection.getMemoryManager();
        CompositeBuffer frames = CompositeBuffer.newBuffer(memory);
        for (ByteBuffer segment : segments) {
            frames.append(Buffers.wrap(memory, segment));
        }
        ((Connection) connection).write(frames, this);
    }

    /** Gives the slabs back: the batch was written, or never will be; not {@code reuse}d after a failed write. */
    private void recycle(boolean reuse) {
        taken.forEach(s -> slabs.give(s, reuse));
        taken.clear();
        slab = null;
    }

    /**
     * Adds a DATA frame of stream {@code id} carrying the next {@code length} bytes of {@code source}: read into the
     * frame, or on a plain connection, for a zero-copy section, claimed to go by sendfile after the frame's header
     * when the batch is written. END_STREAM when they are the source's last and {@code endAfter}; returns whether
     * they are its last.
     */
    boolean addData(H2Stream.Source source, int length, boolean endAfter, int id) throws IOException {
        FileSection sendable = bySendfile(source) ? source.sendable() : null;
        if (sendable != null) {
            source.claim(length);
            boolean last = source.remaining() == 0;
            addDataHeader(length, last && endAfter, id);
            listSegment();
            payloads.add(new SendfileFrames.Payload(segments.size(), sendable, length));
            return last;
        }
        return copyData(source, length, endAfter, id);
    }

    /** As {@link #addData}, the payload always read into the frame (never claimed for sendfile). */
    private boolean copyData(H2Stream.Source source, int length, boolean endAfter, int id) throws IOException {
        ByteBuffer room = room(FRAME_HEADER + length);
        ByteBuffer frame = (room != null ? room : ByteBuffer.allocate(FRAME_HEADER + length)).position(FRAME_HEADER);
        while (frame.hasRemaining()) {
            if (source.readInto(frame) <= 0) {
                throw new IOException("the file ended early"); // the room is not added: the next frame takes it
            }
        }
        boolean last = source.remaining() == 0;
        dataHeader(frame, length, last && endAfter, id);
        if (room != null) {
            slab.position(slab.position() + FRAME_HEADER + length);
        } else {
            segments.add(frame.flip());
        }
        return last;
    }

    /**
     * Whether {@code source}'s next bytes, in frames of at most {@code frame} bytes, go as a gathered run
     * ({@link #addDataRun}): on a plain connection, file bytes that are copied (a body under
     * {@link H2Stream.Source#SENDFILE_MIN}, or zero-copy off), and those that sendfile could carry too when frames are
     * shorter than {@link #SENDFILE_FRAME_MIN} and the batch was begun with few slabs in use. One batch decides the
     * same for all its frames (the frame size changes between batches only), so that no stream's bytes are claimed for
     * sendfile and then read in the same batch.
     */
    boolean gathers(H2Stream.Source source, int frame) {
        return plain != null && source.fromFile()
                && (source.sendable() == null || runsForSendable && frame < SENDFILE_FRAME_MIN);
    }

    /**
     * The longest run {@link #addDataRun} reads at once, of {@code wanted} bytes the stream could send now: all of
     * them when a slab holds them, else as many whole {@code frame}-byte frames as a slab holds (one at least).
     */
    long runRoom(long wanted, int frame) {
        long wholeFrames = Math.max(frame, (long) (slabs.size() / frame) * frame);
        return wanted <= slabs.size() ? wanted : Math.min(wanted, wholeFrames);
    }

    /**
     * Adds DATA frames of at most {@code frame} bytes carrying the next {@code length} bytes of {@code source}, read
     * with one pread into a slab of their own, each frame's 9-byte header a segment of its own before its payload's:
     * one read and a share of one gathering write for a run where a frame each was a read (16 KiB frames: 61 reads
     * per MB, or 61 sendfile + 61 writev by sendfile; docs/results/2026-11-28-h2c-gathered-frames.md). Frame by frame,
     * copied, when no slab holds the run. END_STREAM on the last when they are the source's last and {@code endAfter};
     * returns whether they are.
     */
    boolean addDataRun(H2Stream.Source source, int length, int frame, boolean endAfter, int id) throws IOException {
        ByteBuffer payload = length <= slabs.size() ? slabs.take() : null;
        if (payload == null) {
            boolean last = false;
            for (int left = length; left > 0; left -= Math.min(left, frame)) {
                last = copyData(source, Math.min(left, frame), endAfter, id);
            }
            return last;
        }
        taken.add(payload); // given back with the batch's other slabs, whatever happens to the read
        payload.limit(length);
        while (payload.hasRemaining()) {
            if (source.readInto(payload) <= 0) {
                throw new IOException("the file ended early"); // no frame of the run is added
            }
        }
        boolean last = source.remaining() == 0;
        for (int at = 0; at < length; at += frame) {
            int size = Math.min(frame, length - at);
            addDataHeader(size, last && endAfter && at + size == length, id);
            listSegment();
            segments.add(payload.slice(at, size));
        }
        return last;
    }

    /** Whether {@code source}'s next bytes go by sendfile, read from its file when this batch is written. */
    boolean bySendfile(H2Stream.Source source) {
        return plain != null && source.sendable() != null;
    }

    /**
     * Under the writer's lock: {@code done}, the write of a stream reset while this batch may still send payloads of
     * it by sendfile, fails once the batch is out: failing it ends the download, which closes the file the payloads
     * come from, and a payload whose frame header went out must follow whole (else the connection breaks). False
     * when the batch is out already: the caller fails it now.
     */
    boolean failWhenOut(Written done, Throwable cause) {
        if (out) {
            return false;
        }
        afterOut.add(new Failure(done, cause));
        return true;
    }

    /**
     * Under the writer's lock: takes {@code done} out of the writes told once out, for the caller to fail now (its
     * stream was reset; its frames here are bytes in memory); false when the batch is out or never held it.
     */
    boolean takeWritten(Written done) {
        return !out && written.remove(done);
    }

    /** Under the writer's lock: the writes {@link #failWhenOut} held, taken to fail now (the connection is gone). */
    List<Failure> takeHeld() {
        if (out) {
            return List.of(); // told with the batch
        }
        List<Failure> held = new ArrayList<>(afterOut);
        afterOut.clear();
        return held;
    }

    /** Adds a DATA frame's header ({@code length} bytes on stream {@code id}), in the slab when it fits. */
    void addDataHeader(int length, boolean endStream, int id) {
        ByteBuffer room = room(FRAME_HEADER);
        if (room == null) {
            segments.add(dataHeader(ByteBuffer.allocate(FRAME_HEADER), length, endStream, id));
        } else {
            dataHeader(room, length, endStream, id);
            slab.position(slab.position() + FRAME_HEADER);
        }
    }

    /** A DATA frame's header, RFC 9113 §4.1: length (24 bits), type DATA (0), flags (END_STREAM), stream id. */
    private static ByteBuffer dataHeader(ByteBuffer frame, int length, boolean endStream, int streamId) {
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
        recycle(cause == null); // written: Grizzly reads the slabs no more (after a failure, left to the collector)
        synchronized (writer) {
            failure = cause;
            out = true;
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
        for (List<Failure> list : List.of(failed, afterOut)) {
            for (Failure f : list) {
                if (f.done() != null) {
                    f.done().failed(f.cause());
                }
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
        // Its streams may still name it (H2Stream.sendfileBatch, writtenIn) while they live: it holds nothing then.
        for (List<?> list : List.of(segments, payloads, written, failed, afterOut, ended)) {
            list.clear();
        }
    }
}
