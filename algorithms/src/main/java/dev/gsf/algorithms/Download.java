package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One download as the HTTP layer hands it to an algorithm: an open file, the body to send (the file's bytes
 * [offset, offset+length), or {@link BodyPart}s: sections of the file with small bytes held in memory between them),
 * and the {@link WriteSink} of its connection, whose response head goes out with the first write. The download holds
 * the file from then on and releases it when it ends; it then tells the sink how it ended.
 *
 * <p>The writing is shared by all algorithms and lives here; an algorithm only decides which thread calls
 * {@link #writeChunkBlocking()} or {@link #writeChunkAsync}, and when. At most one write is in flight at a time, and
 * no buffer is held between two writes.
 */
public final class Download {

    /** Told once how a download ended, on whichever thread ended it. Must not block. */
    @FunctionalInterface
    public interface Listener {
        void ended(Outcome outcome, long bytesSent, Throwable cause);

        /** The kernel has taken the download's first body bytes: its time to first byte ends now. Must not block. */
        default void firstBytesSent() {
        }
    }

    /**
     * Body bytes gathered with the response head in the first write: what the send buffer of any fresh Linux socket
     * takes at once (16 KiB, tcp_wmem's default) less room for the head.
     */
    public static final int GATHERED = 12 * 1024;

    private final OpenFile source;
    private final BodyCursor body;
    private final long length;
    private final WriteSink sink;
    private final Listener listener;
    private final AtomicBoolean ended = new AtomicBoolean();

    private final AtomicBoolean started = new AtomicBoolean();
    /** Whether the sweeper has seen it waiting for a first turn before (sweeper thread only). */
    private boolean sweptWaiting;
    // Set once by attach, before the first turn: who runs it, with which settings and copy buffers.
    private Scheduler scheduler;
    private SendSettings settings;
    private BufferPool buffers;
    /** Whether this download holds one of the scheduler's places under max-downloads: one of the states below. */
    private final AtomicInteger slot = new AtomicInteger(NO_SLOT);
    private static final int NO_SLOT = 0, HOLDS_SLOT = 1, ENDED = 2;
    private boolean copies;
    private long remaining;
    private volatile long bytesSent; // read by the sweeper thread when it ends a download
    /** System.nanoTime() when the write in flight was submitted, 0 when none is. Read by the timeout sweeper. */
    private volatile long writeSubmittedAt;
    /** The section being written, null while the first write (a buffer) is; read by the timeout sweeper. */
    private volatile FileSection sectionInFlight;
    // The sweeper's last look at the write in flight (sweeper thread only): the section, its bytes left then, and
    // when they last changed. A write times out when it makes no progress, as nginx's send_timeout.
    private FileSection lookedAt;
    private long lookedRemaining;
    private long progressAt;

    /**
     * @param file   open for reading; the download releases it when it ends
     * @param offset first byte to send
     * @param length bytes to send, at least 1
     * @param sink   the connection, from the HTTP layer
     */
    public Download(OpenFile file, long offset, long length, WriteSink sink, Listener listener) {
        this(file, List.of(new BodyPart.FileBytes(offset, length)), sink, listener);
    }

    /**
     * @param file  open for reading; the download releases it when it ends
     * @param parts the body in order, at least one part
     */
    public Download(OpenFile file, List<BodyPart> parts, WriteSink sink, Listener listener) {
        this.source = file;
        this.body = new BodyCursor(parts, file);
        this.length = body.length();
        this.remaining = length;
        this.sink = sink;
        this.listener = listener;
    }

    /** Bytes to send. */
    long length() {
        return length;
    }

    /** Whether the first write, of at most {@code firstWrite} bytes, is the whole body: one part, short enough. */
    boolean isOneWrite(long firstWrite) {
        return length <= firstWrite && body.firstPartLength() == length;
    }

    /** Body bytes the kernel has taken so far; any thread (for status pages and metrics). */
    public long bytesSent() {
        return bytesSent;
    }

    void attach(Scheduler scheduler, SendSettings settings, BufferPool buffers) {
        this.scheduler = scheduler;
        this.settings = settings;
        this.buffers = buffers;
        this.copies = !settings.zeroCopy() || length < settings.zeroCopyMin();
    }

    /** Takes the place under max-downloads the scheduler found for it; false when it ended while it waited. */
    boolean takeSlot() {
        return slot.compareAndSet(NO_SLOT, HOLDS_SLOT);
    }

    /** Marks it ended for the places under max-downloads; true when it held one, which the scheduler frees. */
    boolean endSlot() {
        return slot.getAndSet(ENDED) == HOLDS_SLOT;
    }

    /**
     * Ends a download that still waits for its first turn if its client has left; called by the sweeper. Not at the
     * sweeper's first look: a client that half-closed (shutdown of its sending side right behind its requests, as
     * {@code nc -N} and TLS clients' close_notify do) looks to the sink like one that left, and its download may be on
     * its way to a first turn (a pipelined request's, just parsed). A download still waiting one sweep later waits
     * for a place; its client then gets nothing for a request it gave up, or, if it only half-closed, a close
     * instead of an answer that could not start in time (as nginx ends a request delayed by limit_req or waiting for
     * its upstream when the client's FIN comes: 499).
     */
    void endIfWaitingForNobody() {
        if (started.get()) {
            return;
        }
        if (!sweptWaiting) {
            sweptWaiting = true;
            return;
        }
        if (sink.clientGone()) {
            end(Outcome.CLIENT_GONE, new IOException("the client left while the download waited for a first turn"));
        }
    }

    /** Called at the start of every turn; the first one takes the download out of the waiting count. */
    void beginTurn() {
        if (started.compareAndSet(false, true)) {
            scheduler.firstTurnBegun();
        }
    }

    boolean hasRemaining() {
        return remaining > 0;
    }

    boolean isEnded() {
        return ended.get();
    }

    /**
     * Writes one chunk and returns when the kernel has taken all of it. Blocks the calling thread: it waits for the
     * socket itself where the sink lets it ({@link WriteSink#writeBlocking}), else parks while the sink's selector
     * thread finishes the write.
     *
     * @param more whether the caller writes the next chunk at once (SBA's and VTA's whole-file turn); see
     *             {@link WriteSink#writeFirst}
     */
    void writeChunkBlocking(boolean more) throws Exception {
        if (remaining < length) { // (the first write goes out gathered with the head, through the sink's queue)
            long chunk = body.next(Math.min(remaining, settings.chunkSize()));
            FileSection section = section(chunk);
            sectionInFlight = section;
            writeSubmittedAt = System.nanoTime();
            boolean taken;
            try {
                taken = sink.writeBlocking(section, more && remaining > chunk);
            } finally {
                writeSubmittedAt = 0;
            }
            if (taken) {
                scheduler.wroteInline(); // by this thread itself, waiting for the socket if it had to
                advance(chunk);
                return;
            }
        }
        CompletableFuture<Void> written = new CompletableFuture<>();
        writeChunkAsync(more, () -> written.complete(null), written::completeExceptionally);
        // A slow client may take a chunk for longer than the timeout while it makes progress; the sweeper ends a write
        // that makes none, which fails it. Looking again each timeout only guards against a callback lost after that.
        while (true) {
            try {
                written.get(settings.writeTimeout().toNanos(), TimeUnit.NANOSECONDS);
                return;
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            } catch (TimeoutException e) {
                if (isEnded()) {
                    throw e;
                }
            }
        }
    }

    /**
     * Starts writing one chunk without waiting. When the kernel has taken all of it, {@code onWritten} runs on the
     * thread that finished the write (this one, or a Grizzly selector thread); it must not block.
     */
    void writeChunkAsync(Runnable onWritten) throws IOException {
        writeChunkAsync(false, onWritten, this::fail);
    }

    private void writeChunkAsync(boolean more, Runnable onWritten, Consumer<Throwable> onFailed) throws IOException {
        long chunk = body.next(Math.min(remaining, settings.chunkSize()));
        boolean moreAfterChunk = more && remaining > chunk;
        if (remaining == length) {
            // The first bytes are copied so that the sink can gather them with the response head, with or without
            // zero-copy: for a small file that one write is the whole response, and a big one's head never goes out
            // alone (under the kernel's memory pressure a lone head and sendfile's first bytes came seconds apart).
            // At most GATHERED, which a fresh socket takes at once, so that no buffer waits on a slow client; the
            // rest of the chunk follows as a section. A file already shorter than the range, or unreadable, fails
            // here, before any byte is sent.
            int gathered = (int) Math.min(chunk, GATHERED);
            FileChannel file = body.file();
            if (file != null && remaining > gathered && sizeOf(file) < body.fileEnd()) { // else the read finds out
                throw FileReadException.truncated();
            }
            ByteBuffer first = body.first(gathered);
            Runnable rest = chunk == gathered ? onWritten
                    : () -> writeSection(chunk - gathered, moreAfterChunk, onWritten, onFailed);
            boolean moreAfterFirst = chunk > gathered || moreAfterChunk;
            submit(gathered, rest, onFailed, done -> sink.writeFirst(first, moreAfterFirst, done));
        } else {
            writeSection(chunk, moreAfterChunk, onWritten, onFailed);
        }
    }

    private static long sizeOf(FileChannel file) throws FileReadException {
        try {
            return file.size();
        } catch (IOException e) {
            throw FileReadException.unreadable(e);
        }
    }

    /** Writes the next {@code bytes} as a section: a buffer (or sendfile) only while the socket takes them. */
    private void writeSection(long bytes, boolean more, Runnable onWritten, Consumer<Throwable> onFailed) {
        FileSection section = section(bytes);
        sectionInFlight = section;
        submit(bytes, onWritten, onFailed, done -> sink.write(section, more, done));
    }

    /** The next {@code bytes} of the download as a section, produced only while the socket takes them. */
    private FileSection section(long bytes) {
        return body.section(bytes, copies, buffers);
    }

    /** The kernel has taken the next {@code bytes}. */
    private void advance(long bytes) {
        body.advance(bytes);
        remaining -= bytes;
        boolean first = bytesSent == 0;
        bytesSent += bytes;
        if (first) {
            listener.firstBytesSent();
        }
    }

    /**
     * Hands one write to the sink. It counts as written inline when it ended before the sink returned, on this
     * thread; else as handed off, at once (the selector finishes it, however long that takes).
     */
    private void submit(long bytes, Runnable onWritten, Consumer<Throwable> onFailed,
                        Consumer<WriteSink.Written> write) {
        writeSubmittedAt = System.nanoTime();
        Thread submitter = Thread.currentThread();
        var written = new WriteSink.Written() {
            // Only the submitting thread touches these: set inside write.accept below, read after it.
            boolean accepting = true;
            boolean taken;
            boolean failed;

            @Override
            public void completed() {
                if (Thread.currentThread() == submitter && accepting) {
                    taken = true;
                }
                writeSubmittedAt = 0;
                advance(bytes);
                onWritten.run();
            }

            @Override
            public void failed(Throwable cause) {
                if (Thread.currentThread() == submitter && accepting) {
                    failed = true;
                }
                writeSubmittedAt = 0;
                onFailed.accept(cause);
            }
        };
        write.accept(written);
        written.accepting = false;
        if (written.taken) {
            scheduler.wroteInline();
        } else if (!written.failed) {
            scheduler.handedOff();
        }
    }

    /** Ends the download as complete; the connection stays open for the next request. */
    void complete() {
        end(Outcome.COMPLETED, null);
    }

    /** Ends the download for the given failure, classified by what failed. */
    void fail(Throwable cause) {
        Outcome outcome;
        if (cause instanceof FileReadException || !(cause instanceof IOException)) {
            outcome = Outcome.SERVER_ERROR;
        } else {
            outcome = Outcome.CLIENT_GONE;
        }
        end(outcome, cause);
    }

    /** Called by the sweeper: whether the write in flight has made no progress for longer than the write timeout. */
    boolean isWriteOverdue(long now, long timeoutNanos) {
        long since = writeSubmittedAt;
        if (since == 0) {
            return false;
        }
        FileSection section = sectionInFlight;
        if (section != null) {
            long left = section.remaining();
            if (section != lookedAt || left != lookedRemaining) {
                lookedAt = section;
                lookedRemaining = left;
                progressAt = now;
            }
            if (progressAt - since > 0) {
                since = progressAt;
            }
        }
        return now - since > timeoutNanos;
    }

    void timedOut() {
        end(Outcome.WRITE_TIMEOUT, new TimeoutException(
                "client took no byte for " + settings.writeTimeout().toMillis() + " ms"));
    }

    void end(Outcome outcome, Throwable cause) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        source.release();
        sink.end(outcome);
        // Marks the download started so that a turn still queued does nothing and counts nothing.
        boolean hadTurn = !started.compareAndSet(false, true);
        try {
            listener.ended(outcome, bytesSent, cause);
        } finally {
            // Counted last: whoever sees the download counted as ended also sees what the listener did.
            scheduler.ended(this, hadTurn, outcome, bytesSent);
        }
    }
}
