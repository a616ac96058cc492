package dev.gsf.server.h2;

import dev.gsf.algorithms.WriteSink.Written;
import dev.gsf.server.send.ConnectionSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.Frame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ssl.SSLUtils;

/**
 * Everything an HTTP/2 connection sends, in batches: which thread builds and writes the next batch, and how streams,
 * resets, GOAWAY and the connection's close change what is sent. What a batch holds (control frames first, then the
 * streams' DATA round-robin within the windows and the frame size) is the {@link H2Scheduler}'s. One batch is in
 * flight at a time, of at most {@code h2-in-flight} bytes of DATA: that bound, not the windows the client opens, caps
 * what a connection holds in memory, and a full socket pushes back on every stream through it.
 *
 * <p>Threads: any thread submits; a batch is built by whichever thread finds the writer idle (an algorithm's thread,
 * the selector thread that completed the last batch, or the reading thread once it has parsed what it read), under
 * this object's lock, which also guards the scheduler.
 */
final class H2Writer {
    private final Connection<?> connection;
    private final FrameSlabs slabs;
    private final H2Scheduler schedule;
    private final H2Connection owner;
    /**
     * h2c: DATA payloads of zero-copy sections go by sendfile between their frame headers ({@link H2Batch}), to this
     * socket's own descriptor (no dup per stream); null over TLS.
     */
    private final ConnectionSocket plain;
    private boolean writing;
    /** The batch written last (in flight while {@link #writing}). */
    private H2Batch inFlight;
    private boolean flushing;
    private boolean again;
    /** A flush asked for while the reading thread parses, done by it once the bytes read are parsed. */
    private boolean deferred;
    /** GOAWAY queued: nothing after it; the connection closes once it is out (lingering, or at once). */
    private boolean closing;
    private boolean lastBuilt; // the batch carrying it is built: none follows (docs/http2.md, "Drain and close")
    private volatile boolean lingerAfter;
    private boolean closed;

    /** {@code maxFrameCap}: h2-max-frame (whatever the peer allows); {@code inFlightBound}: h2-in-flight. */
    H2Writer(Connection<?> connection, H2Connection owner, int maxFrameCap, int inFlightBound, FrameSlabs slabs) {
        this.connection = connection;
        this.slabs = slabs;
        this.schedule = new H2Scheduler(maxFrameCap, inFlightBound);
        this.owner = owner;
        this.plain = SSLUtils.getSSLEngine(connection) == null ? ConnectionSocket.of(connection) : null;
    }

    /** Queues a control frame (SETTINGS, PING, WINDOW_UPDATE, RST_STREAM, GOAWAY). */
    synchronized void control(Frame frame) {
        if (closed || closing) {
            return; // nothing goes after our last GOAWAY
        }
        schedule.control(frame);
    }

    /** The peer's SETTINGS_MAX_FRAME_SIZE (already checked to lie in 16384..16777215). */
    synchronized void maxFrameSize(int size) {
        schedule.maxFrameSize(size);
    }

    /** The peer's SETTINGS_HEADER_TABLE_SIZE (unsigned, 32 bits). */
    synchronized void headerTableSize(int size) {
        schedule.headerTableSize(size);
    }

    /** Opens the connection's send window by {@code delta}; false when it would pass 2^31-1. */
    synchronized boolean openWindow(long delta) {
        return schedule.openWindow(delta);
    }

    /** Opens {@code stream}'s send window by {@code delta}; false when it would pass 2^31-1. */
    synchronized boolean openWindow(H2Stream stream, long delta) {
        return schedule.openWindow(stream, delta);
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
                schedule.enqueue(stream);
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

    /**
     * Resets {@code stream} with {@code error}: nothing more of it is sent, its waiting write fails (once the batch in
     * flight is out if that batch still sends payloads of it by sendfile, see {@link H2Batch#failWhenOut}).
     */
    void reset(H2Stream stream, ErrorCode error) {
        IOException cause = new IOException("HTTP/2 stream " + stream.id + " reset: " + error);
        Written failed;
        synchronized (this) {
            failed = drop(stream, cause);
            control(new ResetFrame(stream.id, error.code));
        }
        owner.streamEnded(stream);
        if (failed != null) {
            failed.failed(cause);
        }
        flush();
    }

    /** {@code stream} was reset by the peer: as {@link #reset}, without a frame of ours. */
    void peerReset(H2Stream stream) {
        IOException cause = new IOException("HTTP/2 stream " + stream.id + " reset by the client");
        Written failed;
        synchronized (this) {
            failed = drop(stream, cause);
        }
        if (failed != null) {
            failed.failed(cause);
        }
    }

    /**
     * Under the lock: {@code stream} out of line; its write for the caller to fail now, so that its download ends at
     * once, or null: none, or held by the batch in flight, which still sends payloads of it by sendfile and tells it
     * once out. A write whole in that batch fails now too unless the batch sends payloads of it by sendfile.
     */
    private Written drop(H2Stream stream, IOException cause) {
        Written done = schedule.drop(stream);
        H2Batch sending = stream.sendfileBatch;
        if (done == null) {
            H2Batch in = stream.writtenIn;
            return in != null && in != sending && in.takeWritten(stream.writtenDone) ? stream.writtenDone : null;
        }
        return sending != null && sending.failWhenOut(done, cause) ? null : done;
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
                Written done = schedule.drop(stream);
                if (done != null) {
                    failed.add(done);
                }
            }
            if (inFlight != null) { // the connection is gone: nothing of the batch can be kept well-formed now
                inFlight.takeHeld().forEach(f -> failed.add(f.done()));
            }
            schedule.clear();
        }
        failed.forEach(w -> w.failed(new IOException("HTTP/2 connection closed")));
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
                batch = writing || closed || lastBuilt ? null : new H2Batch(this, closing, slabs, plain);
                closed |= batch != null && !batch.built(() -> build(batch, memoryOnly)); // a bug: nothing more is built
                left |= batch != null && batch.fileFramesLeft;
                if (batch == null || batch.isEmpty()) {
                    flushing = false;
                    return left;
                }
                writing = true;
                inFlight = batch;
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

    /**
     * After a batch: {@code streams} have ended; the connection closes after GOAWAY, and at once after a failed write.
     * At once: Grizzly's graceful close queues its own empty write behind the failed one, which a failed write leaves
     * counted in the queue's bytes (a sendfile batch whose file ended mid-payload), so it would never be written, the
     * connection never closed and its other streams' downloads never told.
     */
    void ended(List<H2Stream> streams, boolean failed, boolean goneAway) {
        streams.forEach(owner::streamEnded);
        if (failed) {
            connection.terminateSilently(); // nothing more can follow a write that failed part-way
        } else if (goneAway && lingerAfter) {
            owner.linger();
        } else if (goneAway) {
            connection.closeSilently();
        }
    }

    /** Builds the next batch: control frames, then streams round-robin (memory only if {@code memoryOnly}). */
    private void build(H2Batch batch, boolean memoryOnly) {
        schedule.controlInto(batch);
        if (closing) {
            lastBuilt = true;
            return;
        }
        schedule.streamsInto(batch, memoryOnly);
    }
}
